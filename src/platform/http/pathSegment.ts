/**
 * One id as a URL path segment (or query value), exactly as the hub sent it (S17).
 * `encodeURIComponent` throws a URIError on a lone UTF-16 surrogate, which a JSON body may carry
 * ("\ud800"), and URLSearchParams writes one as U+FFFD: both lose the id. Replacing it with
 * U+FFFD made ids that differ in that one code unit name the same conversation on the hub, the
 * same conversation reference and the same cached answer.
 *
 * A lone surrogate is written as the percent escapes of its generalized UTF-8 bytes (WTF-8:
 * '\ud800' is %ED%A0%80), everything else as `encodeURIComponent` writes it. The result is one
 * to one, never throws, and is the same as before for every well-formed id, so keys built from
 * it earlier still name the same things. A server that decodes paths as UTF-8 refuses such a
 * segment (ours answer 400: jsonServer.ts) rather than taking it for another id.
 */
const LONE_SURROGATE = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;

/** The percent escapes of one lone surrogate's three generalized UTF-8 bytes. */
function escapedLone(unit: string): string {
  const c = unit.charCodeAt(0);
  return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
}

/** `encode` on the well-formed runs of `id`, lone surrogates escaped (split keeps them at odd indexes). */
function lossless(id: string, encode: (wellFormed: string) => string): string {
  if (!LONE_SURROGATE.test(id)) return encode(id);
  return id
    .split(LONE_SURROGATE)
    .map((part, i) => (i % 2 === 1 ? escapedLone(part) : encode(part)))
    .join('');
}

/** The id URL-encoded as one path segment, lone surrogates kept (as their WTF-8 escapes). */
export function pathSegment(id: string): string {
  return lossless(id, encodeURIComponent);
}

/** One query component as URLSearchParams writes it (spaces as '+'), lone surrogates kept. */
function queryComponent(value: string): string {
  return lossless(value, (part) => new URLSearchParams([['', part]]).toString().slice(1));
}

/** A query string (without '?') as URLSearchParams writes it, except that lone surrogates are kept. */
export function queryString(entries: Iterable<[string, string]>): string {
  return [...entries].map(([k, v]) => `${queryComponent(k)}=${queryComponent(v)}`).join('&');
}
