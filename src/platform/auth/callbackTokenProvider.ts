// The token provider over an application's function (documented on the declaration).
import { CachedTokenProvider, type CachedTokenProviderOptions, type TokenGrant } from './cachedTokenProvider.js';
import type { TokenProvider } from '../http/types.js';

export type TokenCallback = () => Promise<string | TokenGrant> | string | TokenGrant;

/**
 * A token provider over the application's own function, for portal calls made for a user or a
 * customer, or on behalf of one (A2: oAuthUser, oAuthOnBehalfOfUser, oAuthCustomer,
 * oAuthOnBehalfOfCustomer). How such a token is obtained is the application's business (the
 * spec does not show it); the function returns the token, or a grant with its lifetime to have
 * it cached and refreshed ahead. Concurrent callers share one call of the function, and a 401
 * drops the cached token so the retry asks the function again.
  *
  * @param fn - returns the token, or a grant with its lifetime
  * @param opts - how early a cached token is refreshed
  */
export function callbackTokenProvider(fn: TokenCallback, opts: CachedTokenProviderOptions = {}): TokenProvider {
  return new CachedTokenProvider(async () => {
    const got = await fn();
    return typeof got === 'string' ? { accessToken: got } : got;
  }, opts);
}
