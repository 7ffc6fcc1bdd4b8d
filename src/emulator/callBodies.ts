/**
 * The request and response bodies of a call, for the inspector (click an entry to see them),
 * with secrets taken out before they reach the call log: a field whose name says it holds a
 * secret (a token, a secret, a password, an authentication payload, a signature) reads
 * "[redacted]", and so does the query of a signed URL. Bodies are cut at a size, so one large
 * upload does not fill the log.
 */
import type { ServerResponse } from 'node:http';

/** The most of a body kept, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;
export const REDACTED = '[redacted]';

const SECRET_NAME = /(secret|password|token|authorization|payload|signature|apikey|api_key|credential|cookie|assertion)/i;
/** Names that match SECRET_NAME but hold none: shown (F7: everything but secrets visible). */
const NOT_SECRET = /^token_type$/i;
const SIGNED_URL = /^(https?:\/\/[^?\s]+)\?(.*\bsignature=.*)$/i;

/** `body` with every secret-named field and signed-URL query replaced by "[redacted]". */
export function redactBody(body: unknown, depth = 0): unknown {
  if (depth > 20) return REDACTED;
  if (typeof body === 'string') return SIGNED_URL.test(body) ? body.replace(SIGNED_URL, `$1?${REDACTED}`) : body;
  if (Array.isArray(body)) return body.map((x) => redactBody(x, depth + 1));
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_NAME.test(k) && !NOT_SECRET.test(k) && v !== null && v !== undefined ? REDACTED : redactBody(v, depth + 1)]));
}

/**
 * A request body the routes did not read as JSON (an upload's bytes, a form): said by its size
 * and type, never shown, since it may be binary (F7).
 */
export function describeRawRequest(headers: import('node:http').IncomingHttpHeaders): string | undefined {
  const type = String(headers['content-type'] ?? 'no content type');
  const length = Number(headers['content-length']);
  if (Number.isFinite(length)) return length > 0 ? `(${length} bytes of ${type})` : undefined;
  return headers['transfer-encoding'] ? `(a body of ${type}, its length not declared)` : undefined;
}

/** Headers as the inspector shows them: every one, those whose name says they hold a secret masked. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return redactBody(Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined))) as Record<string, unknown>;
}

/** A body as text when it is not JSON, cut at MAX_BODY_BYTES; JSON parsed. */
function readable(bytes: Buffer, contentType: string): unknown {
  if (bytes.length === 0) return undefined;
  if (/json/i.test(contentType)) {
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch {
      // Cut or malformed: shown as text below.
    }
  }
  if (/^(text\/|application\/(json|x-www-form-urlencoded))/i.test(contentType) || contentType === '') {
    const text = bytes.subarray(0, MAX_BODY_BYTES).toString('utf8');
    return bytes.length > MAX_BODY_BYTES ? `${text}… (${bytes.length} bytes)` : text;
  }
  return `(${bytes.length} bytes of ${contentType})`;
}

/**
 * Keeps what `res` sends (up to MAX_BODY_BYTES, more is counted, not kept); `body()` reads it
 * back, parsed and redacted, once the response finished.
 */
export function captureResponseBody(res: ServerResponse): { body(): unknown } {
  const kept: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    if (size < MAX_BODY_BYTES) kept.push(b.subarray(0, MAX_BODY_BYTES - size));
    size += b.length;
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  return {
    body: () => {
      const type = String(res.getHeader('content-type') ?? '');
      const all = Buffer.concat(kept);
      const read = size > MAX_BODY_BYTES && /json/i.test(type) ? `${all.toString('utf8')}… (${size} bytes)` : readable(all, type);
      return redactBody(read);
    },
  };
}

/**
 * A body the emulator itself sends or receives on an outgoing call (a callback's batch, the
 * bot's answer, a token endpoint's answer), for the log (F7): JSON parsed and redacted; a body
 * over MAX_BODY_BYTES or not JSON said by its size, since cut text could not be redacted.
 */
export function loggedBody(text: string, contentType = 'application/json'): unknown {
  if (text === '') return undefined;
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_BODY_BYTES) {
    try {
      return redactBody(JSON.parse(text));
    } catch {
      // Not JSON: said by its size below.
    }
  }
  return `(${bytes} bytes of ${contentType || 'no content type'})`;
}
