/**
 * Generated request bodies and headers. A body is, by weight: a valid-shaped value as it is or
 * mutated (fuzzMutations.ts), random JSON, random bytes, JSON text cut short or with a byte
 * flipped, nesting thousands of levels deep, a body past the size limit, or none; sent as JSON
 * mostly, sometimes under another content type, sometimes chunked. Headers add the odd
 * Accept-Language, X-platform-error-message, encodings, long values and unknown names.
 */
import fc from 'fast-check';
import { mutated, nestedText, toJsonText } from './fuzzMutations.js';

export interface GeneratedBody {
  body?: Buffer;
  contentType?: string;
  chunked: boolean;
}

/** A header value node's HTTP client accepts: tab, visible ASCII, latin1 high bytes. */
export const headerValue = (maxLength = 40): fc.Arbitrary<string> =>
  fc.string({ unit: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) }, { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xff }) }).map((c) => String.fromCharCode(c)), maxLength });

const TOKEN = /^[a-z0-9!#$%&'*+.^_`|~-]{1,24}$/;

export const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/json; charset=utf-16',
  'text/plain', 'text/html', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----x',
  'application/octet-stream', 'application/json;;;', '*/*', 'json', '',
];

const ACCEPT_LANGUAGES = ['en-US', 'fr-FR', 'fr', 'de-DE', 'xx-XX', '*', '', 'en-US;q=0.1, fr-FR', 'fr-FR,en;q=0.8', 'EN-us', 'zz'];

function jsonBuffer(value: unknown): Buffer | undefined {
  return value === undefined ? undefined : Buffer.from(toJsonText(value), 'utf8');
}

/** Valid JSON text with damage: cut short, a byte changed, a trailing comma, a BOM. */
function damaged(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Buffer> {
  return fc.tuple(valid, fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('cut', 'flip', 'comma', 'bom', 'nul')).map(([v, at, byte, how]) => {
    const text = Buffer.from(toJsonText(v ?? {}), 'utf8');
    const i = text.length === 0 ? 0 : at % text.length;
    if (how === 'cut') return text.subarray(0, i);
    if (how === 'flip') return Buffer.concat([text.subarray(0, i), Buffer.from([byte]), text.subarray(i + 1)]);
    if (how === 'comma') return Buffer.from(`${text.toString('utf8').replace(/}$/, ',}')}`);
    if (how === 'bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]);
    return Buffer.concat([text, Buffer.from([0])]);
  });
}

export interface BodyOptions {
  /** The route's body limit; some bodies are made larger than it. */
  limitBytes?: number;
  /** Share of bodies sent under a content type other than JSON (default 0.15). */
  oddTypeShare?: number;
}

/** A request body around the valid shapes of `valid`. */
export function bodyArb(valid: fc.Arbitrary<unknown>, opts: BodyOptions = {}): fc.Arbitrary<GeneratedBody> {
  const limit = opts.limitBytes ?? 1024 * 1024;
  const bytes = fc.oneof(
    { weight: 4, arbitrary: valid.map(jsonBuffer) },
    { weight: 8, arbitrary: mutated(valid).map(jsonBuffer) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 5 }).map(jsonBuffer) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)) },
    { weight: 2, arbitrary: damaged(valid) },
    { weight: 1, arbitrary: fc.record({ depth: fc.integer({ min: 100, max: 100_000 }), kind: fc.constantFrom('a' as const, 'o' as const) }).map((d) => Buffer.from(nestedText(d.depth, d.kind))) },
    // Rarely, and only a little past the limit, so a nightly run is not spent writing megabytes.
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 4096 }).map((extra) => Buffer.from(`{"pad":"${'p'.repeat(limit + extra)}"}`)) },
    { weight: 1, arbitrary: fc.constantFrom<Buffer | undefined>(undefined, Buffer.alloc(0), Buffer.from('null'), Buffer.from('[]'), Buffer.from('"text"'), Buffer.from('  ')) },
  );
  const oddShare = opts.oddTypeShare ?? 0.15;
  const contentType = fc.oneof(
    { weight: Math.round((1 - oddShare) * 100), arbitrary: fc.constant<string | undefined>('application/json') },
    { weight: Math.round(oddShare * 100), arbitrary: fc.oneof(fc.constantFrom<string | undefined>(...CONTENT_TYPES, undefined), headerValue(30)) },
  );
  return fc.record({ body: bytes, contentType, chunked: fc.integer({ min: 0, max: 4 }).map((n) => n === 0) });
}

/** `arb` in about one request of `oneIn`, otherwise absent. */
function sometimes<T>(oneIn: number, arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
}

/**
 * Headers besides the body's: Accept-Language (en-US mostly, since the portal requires it; odd
 * values sometimes), the userMessage switch, encodings, forwarding, a long value (past node's
 * 16 KiB header limit now and then) and unknown names.
 */
export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record({
    'accept-language': fc.oneof({ weight: 4, arbitrary: fc.constant<string | undefined>('en-US') }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom<string | undefined>(...ACCEPT_LANGUAGES, undefined), headerValue(20)) }),
    'x-platform-error-message': sometimes(3, fc.constantFrom('yes', 'YES', ' yes', 'no', '1', '')),
    'content-encoding': sometimes(15, fc.constantFrom('gzip', 'br', 'identity', 'x-unknown')),
    'x-forwarded-for': sometimes(15, fc.constantFrom('10.0.0.1', '::1', 'garbage', '1.1.1.1, 2.2.2.2')),
    expect: sometimes(40, fc.constantFrom('100-continue', 'x-odd')),
    'x-long': sometimes(40, fc.integer({ min: 1000, max: 20_000 }).map((n) => 'v'.repeat(n))),
    extra: fc.array(fc.tuple(fc.stringMatching(TOKEN), headerValue()), { maxLength: 2 }),
  })
  .map(({ extra, ...named }) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(named)) if (v !== undefined) out[k] = v;
    for (const [k, v] of extra) if (!(k.toLowerCase() in out)) out[k.toLowerCase()] = v;
    return out;
  });

/** Segments sent as they are: already escaped, or dot segments. */
const RAW_SEGMENTS = ['..', '%2e%2e', '%00', '%ff', 'a%2Fb'];

/** A path segment: mostly plausible ids, sometimes hostile ones (escaped, so the request line stays valid). */
export const pathSegment: fc.Arbitrary<string> = fc
  .oneof(fc.uuid(), fc.stringMatching(/^[0-9]{1,6}$/), fc.constantFrom(...RAW_SEGMENTS, '__proto__', 'constructor', '', ' ', 'null', '-1', 'x'.repeat(2000)), fc.string({ maxLength: 30 }))
  .map((s) => (RAW_SEGMENTS.includes(s) ? s : encodeURIComponent(s)));

/** A query string: each `known` parameter in about one request of three, now and then an unknown one. */
export function queryArb(known: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = Object.entries(known).map(([name, arb]) => sometimes(3, arb.map((v) => [name, v] as [string, string])));
  const unknown = sometimes(6, fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 })));
  return fc.tuple(fc.tuple(...entries), unknown).map(([picked, extra]) => {
    const q = new URLSearchParams();
    for (const e of [...picked, extra]) if (e) q.append(e[0], e[1]);
    const s = q.toString();
    return s ? `?${s}` : '';
  });
}
