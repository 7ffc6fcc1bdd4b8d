/**
 * A token the caller already holds, e.g. a user's or a customer's bearer token passed in for
 * one portal call (A2: oAuthUser, oAuthCustomer). Nothing to refresh: after a 401 the core
 * retries once with the same token and then reports the 401.
 */
import type { TokenProvider } from '../http/types.js';

export class StaticTokenProvider implements TokenProvider {
  constructor(private readonly token: string) {
    if (!token) throw new RangeError('StaticTokenProvider needs a token');
  }

  getToken(): Promise<string> {
    return Promise.resolve(this.token);
  }

  invalidate(_failedToken?: string): void {
    // Nothing cached to drop.
  }
}
