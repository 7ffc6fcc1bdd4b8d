/**
 * How the hub gets the token it sends to a client application's callback (spec 2.1, 5.4, C9):
 * it calls the authentication's `tokenRequestUrl` with its `method`, its `headers` and its
 * `payload` as the body (the escaped JSON string, sent as it is), reads the token at
 * `accessTokenPath`, and keeps it until the callback answers 401. One token request at a time
 * per authentication; the cache is keyed by the authentication's `modified`, so an update of
 * the authentication drops the old token.
 */
import { compileJsonPath, evaluateJsonPath } from '../../jsonpath/jsonPathSubset.js';
import { loggedBody, REDACTED, redactHeaders } from '../callBodies.js';
import type { CallLog } from '../callLog.js';

export interface OAuth2Authentication {
  id: string;
  modified: string;
  oauth2: { tokenRequestUrl: string; method?: string; headers?: { name: string; value: string }[]; payload?: string; accessTokenPath: string };
}

export class TokenRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TokenRequestError';
  }
}

/** A URL without its query string, for logs (a query may carry a secret). */
export function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}

export class CallbackTokens {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(
    private readonly log: CallLog,
    private readonly timeoutMs: number,
  ) {}

  /** The cached token of `auth`, or a new one. */
  get(auth: OAuth2Authentication): Promise<string> {
    const key = `${auth.id} ${auth.modified}`;
    let p = this.cache.get(key);
    if (!p) {
      p = this.request(auth);
      this.cache.set(key, p);
      // A failed request is not cached: the next delivery asks again.
      p.catch(() => this.cache.get(key) === p && this.cache.delete(key));
    }
    return p;
  }

  /** After a 401 with `failed`: a new token, unless another delivery already renewed it. */
  async renew(auth: OAuth2Authentication, failed: string): Promise<string> {
    const key = `${auth.id} ${auth.modified}`;
    const current = this.cache.get(key);
    if (current && (await current.catch(() => undefined)) !== failed) return this.get(auth);
    if (this.cache.get(key) === current) this.cache.delete(key);
    return this.get(auth);
  }

  private async request(auth: OAuth2Authentication): Promise<string> {
    const { oauth2 } = auth;
    const method = (oauth2.method ?? 'POST').toUpperCase();
    const headers = new Headers();
    for (const h of oauth2.headers ?? []) headers.append(h.name, h.value);
    const withBody = method !== 'GET' && method !== 'HEAD' && oauth2.payload !== undefined;
    if (withBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const started = Date.now();
    // The request as the inspector shows it (F7): the payload holds the credentials, so it is
    // masked whole; the method and the headers (secret-named ones masked) are visible.
    const sent = { method, requestHeaders: redactHeaders(Object.fromEntries(headers)), request: withBody ? REDACTED : undefined };
    let res: Response;
    let text: string;
    try {
      res = await fetch(oauth2.tokenRequestUrl, { method, headers, body: withBody ? oauth2.payload : undefined, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await res.text();
    } catch (err) {
      this.log.record({ kind: 'callbackToken', authenticationId: auth.id, url: withoutQuery(oauth2.tokenRequestUrl), ...sent, error: (err as Error).name });
      throw new TokenRequestError(`token request failed: ${(err as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable'}`);
    }
    const answer = { responseHeaders: redactHeaders(Object.fromEntries(res.headers)), response: loggedBody(text, res.headers.get('content-type') ?? '') };
    this.log.record({ kind: 'callbackToken', authenticationId: auth.id, url: withoutQuery(oauth2.tokenRequestUrl), status: res.status, ms: Date.now() - started, ...sent, ...answer });
    if (!res.ok) throw new TokenRequestError(`token request answered ${res.status}`, res.status);
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      throw new TokenRequestError('token response is not JSON');
    }
    const token = evaluateJsonPath(compileJsonPath(oauth2.accessTokenPath), doc);
    if (typeof token !== 'string' || token === '') throw new TokenRequestError(`no token at ${oauth2.accessTokenPath} in the token response`);
    return token;
  }
}
