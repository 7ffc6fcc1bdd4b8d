/**
 * What the logger hides, in three layers:
 * 1. pino redact paths for fields with a secret's name (authorization, client_secret,
 *    access_token, refresh_token, secret, password, token, ...) at every depth up to
 *    REDACT_DEPTH (pino's wildcards match one level each, so each depth is its own path);
 * 2. `scrubDeep`, used by the error serializer, which walks a whole value and hides fields by
 *    name at any depth, whatever their case or spelling (clientSecret, client-secret);
 * 3. `scrubText`, for free text (error messages, stacks, log messages), which hides bearer and
 *    basic credentials, JWTs, passwords in URLs and secret-named query or JSON fields.
 */
export const REDACTED = '[REDACTED]';

/** Field names whose value is always a secret. */
export const SECRET_FIELD_NAMES = [
  'authorization', 'Authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key',
  'client_secret', 'clientSecret', 'access_token', 'accessToken', 'refresh_token', 'refreshToken',
  'id_token', 'idToken', 'secret', 'password', 'passwd', 'token', 'apiKey', 'api_key',
  'signingKey', 'privateKey', 'sharedSecret',
  'PLATFORM_CLIENT_SECRET', 'BOT_CLIENT_SECRET', 'BOT_TOKEN_SIGNING_KEY', 'WEBHOOK_SHARED_SECRET', 'CALLBACK_SHARED_SECRET',
] as const;

/** Depth of nested objects the redact paths reach (1 = top-level fields). */
export const REDACT_DEPTH = 5;

/** A redact path for `name` under `depth` wildcard levels (`*.*.name`, `*.*["set-cookie"]`). */
function pathAt(depth: number, name: string): string {
  const wild = Array<string>(depth).fill('*').join('.');
  if (!/^[A-Za-z_$][\w$]*(\.([A-Za-z_$][\w$]*|\*))*$/.test(name)) return `${wild}["${name}"]`;
  return wild ? `${wild}.${name}` : name;
}

/**
 * pino redact paths for every secret field name at depths 1..REDACT_DEPTH, and for an
 * authentication resource's oauth2.payload and header values (spec 2.1: they carry the client
 * secret or a Basic credential).
 */
export function redactPaths(extra: readonly string[] = []): string[] {
  const paths: string[] = [];
  for (let depth = 0; depth < REDACT_DEPTH; depth += 1) {
    for (const name of SECRET_FIELD_NAMES) paths.push(pathAt(depth, name));
    if (depth < REDACT_DEPTH - 1) paths.push(pathAt(depth, 'oauth2.payload'), pathAt(depth, 'oauth2.headers.*.value'));
  }
  return [...paths, ...extra];
}

// Normalised names (lower case, no - or _) that mark a secret, also as a suffix (botClientSecret).
const SECRET_NAME = /(secret|password|passwd|token|authorization|cookie|apikey|signingkey|privatekey)$/;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.toLowerCase().replace(/[-_]/g, ''));
}

// A Basic credential is base64 of `user:password`; checking for the colon spares prose such as "Basic authentication".
function basicCredential(match: string, scheme: string, value: string): string {
  return Buffer.from(value, 'base64').toString('utf8').includes(':') ? `${scheme} ${REDACTED}` : match;
}

const TEXT_PATTERNS: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  [/\b(Bearer)\s+[A-Za-z0-9\-._~+/]{8,}=*/gi, `$1 ${REDACTED}`],
  [/\b(Basic)\s+([A-Za-z0-9+/]{4,}=*)/gi, basicCredential as (match: string, ...groups: string[]) => string],
  [/eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  [/([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi, `$1${REDACTED}@`],
  [/\b((?:client_?secret|access_?token|refresh_?token|id_?token|password|secret|token)=)[^&\s"']+/gi, `$1${REDACTED}`],
  [/("(?:client_?secret|access_?token|refresh_?token|id_?token|password|secret|token)\\?"\s*:\s*\\?")(?:[^"\\]|\\.)*?(\\?")/gi, `$1${REDACTED}$2`],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  return out;
}

const MAX_DEPTH = 8;

/** A copy of `value` with secret-named fields hidden and free text scrubbed, at any depth. */
export function scrubDeep(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[Truncated]';
  if (Buffer.isBuffer(value)) return `[Buffer ${value.length} bytes]`;
  // Only plain data is walked: errors, requests and other class instances are left to the
  // logger's serializers (walking a live request would reach its socket).
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    return Array.isArray(value) ? value.map((v) => scrubDeep(v, depth + 1, seen)) : scrubRecord(value as Record<string, unknown>, depth, seen);
  } finally {
    // Only the current path counts: an object met twice side by side is not a cycle.
    seen.delete(value);
  }
}

function scrubRecord(record: Record<string, unknown>, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  // Name/value pairs (header lists, error details) name the secret in a sibling field.
  const pairName = typeof record.name === 'string' ? record.name : typeof record.key === 'string' ? record.key : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) {
    const secret = isSecretName(key) || (key === 'payload' && 'tokenRequestUrl' in record) || (key === 'value' && pairName !== undefined && isSecretName(pairName));
    out[key] = secret ? REDACTED : scrubDeep(v, depth + 1, seen);
  }
  return out;
}
