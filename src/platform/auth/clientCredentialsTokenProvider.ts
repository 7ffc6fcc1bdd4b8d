// The client-credentials token provider (documented on the declaration).
import type { AxiosInstance } from 'axios';
import { createPlatformAxios } from '../http/platformAxios.js';
import { PlatformError } from '../../errors/platformError.js';
import { isErrorBodyFor } from '../../schemas/errorBody.js';
import { transportError } from '../http/transportError.js';
import { CachedTokenProvider, type CachedTokenProviderOptions, type TokenGrant } from './cachedTokenProvider.js';

/** Where and with what a `ClientCredentialsTokenProvider` asks for tokens. */
export interface ClientCredentialsOptions extends CachedTokenProviderOptions {
  /** The OAuth2 token endpoint (`PLATFORM_TOKEN_URL`). */
  tokenUrl: string;
  /** The API client's id (`PLATFORM_CLIENT_ID`). */
  clientId: string;
  /** The API client's secret (`PLATFORM_CLIENT_SECRET`); never logged. */
  clientSecret: string;
  /** Sent space-separated as `scope`; omitted when empty. */
  scopes?: readonly string[];
  /** Where the credentials go: form body (default) or HTTP Basic. */
  clientAuth?: 'body' | 'basic';
  /** More form fields some servers want (e.g. `audience`). */
  extraParams?: Record<string, string>;
  /** Token request timeout; default 10 s. */
  timeoutMs?: number;
}

/**
 * OAuth 2.0 client credentials (A1; spec 5.1: oAuthClient, server to server). The token
 * endpoint, client id, secret and scopes are configuration (the spec does not show them,
 * 5.5). The request is the RFC 6749 4.4 one: a form-encoded POST with
 * grant_type=client_credentials and the client's credentials in the body, or in an HTTP Basic
 * header with `clientAuth: 'basic'`; the answer's `access_token` and `expires_in` are read.
 *
 * Caching, refresh ahead and single flight come from CachedTokenProvider. Errors are
 * PlatformErrors that never carry the secret or a token: axios errors (which hold the form
 * body) are replaced, and a refusal keeps only the OAuth `error` word.
 */
export class ClientCredentialsTokenProvider extends CachedTokenProvider {
  /**
   * @param opts - the token endpoint, client id and secret, scopes, and how the client
   * authenticates
   */
  constructor(opts: ClientCredentialsOptions) {
    if (!opts.tokenUrl || !opts.clientId || !opts.clientSecret) throw new RangeError('client credentials need tokenUrl, clientId and clientSecret');
    const http = createPlatformAxios(opts.timeoutMs ?? 10_000);
    super(() => requestClientCredentialsToken(http, opts), opts);
  }
}

/** One token request; exported for callers that want the grant without the cache. */
export async function requestClientCredentialsToken(http: AxiosInstance, opts: ClientCredentialsOptions): Promise<TokenGrant> {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (opts.clientAuth === 'basic') {
    // RFC 6749 2.3.1: id and secret are form-encoded before being joined and base64-encoded.
    const pair = `${formEncode(opts.clientId)}:${formEncode(opts.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_id', opts.clientId);
    form.set('client_secret', opts.clientSecret);
  }
  if (opts.scopes && opts.scopes.length > 0) form.set('scope', opts.scopes.join(' '));
  for (const [k, v] of Object.entries(opts.extraParams ?? {})) form.set(k, v);

  let res;
  try {
    res = await http.post(opts.tokenUrl, form.toString(), { headers, validateStatus: () => true, responseType: 'text' });
  } catch (err) {
    throw transportError(err);
  }
  const body = parseJson(res.data);
  if (res.status < 200 || res.status >= 300) throw tokenRefusal(res.status, body);
  const token = (body as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== 'string' || token === '') {
    throw PlatformError.of('502-101', { operation: 'the token request', reason: 'no access_token' });
  }
  const expiresIn = Number((body as { expires_in?: unknown }).expires_in);
  return { accessToken: token, expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined };
}

/**
 * A refused token request. A 2.3 error body is kept as it is. An OAuth refusal (4xx with
 * `error`, RFC 6749 5.2) means our credentials are wrong: 401-106 naming the OAuth error word
 * only (its description could echo what we sent). Anything else keeps its status.
 */
function tokenRefusal(status: number, body: unknown): PlatformError {
  if (isErrorBodyFor(status, body)) return PlatformError.fromResponse(status, body);
  const oauthError = (body as { error?: unknown } | undefined)?.error;
  if (status >= 400 && status < 500 && status !== 429) {
    const word = typeof oauthError === 'string' && /^[a-z_]{1,40}$/.test(oauthError) ? oauthError : `http_${status}`;
    return PlatformError.of('401-106', {}, { details: [{ key: 'error', value: word }] });
  }
  return PlatformError.fromResponse(status, body);
}

function formEncode(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+');
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
