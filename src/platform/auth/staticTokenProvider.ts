// A token provider for a token held already (documented on the declaration).
import type { TokenProvider } from '../http/types.js';

/**
 * A token the caller already holds, e.g. a user's or a customer's bearer token passed in for
 * one portal call (A2: oAuthUser, oAuthCustomer). Nothing to refresh: after a 401 the core
 * retries once with the same token and then reports the 401.
 */
export class StaticTokenProvider implements TokenProvider {
  /** @param token - the bearer token to send */
  constructor(private readonly token: string) {
    if (!token) throw new RangeError('StaticTokenProvider needs a token');
  }

  /** The token given at construction. */
  getToken(): Promise<string> {
    return Promise.resolve(this.token);
  }

  /**
   * Nothing to drop: the token is the caller's.
   *
   * @param _failedToken - the token that got a 401 (unused)
   */
  invalidate(_failedToken?: string): void {
    // Nothing cached to drop.
  }
}
