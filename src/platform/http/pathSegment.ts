/**
 * One id as a URL path segment. `encodeURIComponent` throws a URIError on a lone UTF-16
 * surrogate, which a JSON body may carry ("\ud800"); an id read from the hub must never fail a
 * turn for that, so a lone surrogate becomes U+FFFD first (the platform then answers for an id
 * it does not know, as for any other).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The id URL-encoded as one path segment, lone surrogates replaced. */
export function pathSegment(id: string): string {
  return encodeURIComponent(id.replace(LONE_SURROGATE, '\uFFFD'));
}
