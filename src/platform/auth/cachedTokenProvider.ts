/**
 * The caching, single-flight half of every token provider that has to ask for its tokens
 * (our own code because axios-auth-refresh mishandles concurrent 401s and
 * msal does not lock). It keeps the token and its expiry, asks again ahead of expiry in the
 * background, lets ONE request be in flight whatever the number of callers (C8), and on a 401
 * drops the token only if it is still the one that failed, so a late 401 for an old token does
 * not throw away the fresh one another caller just obtained.
 */
import type { TokenProvider } from '../http/types.js';

export interface TokenGrant {
  accessToken: string;
  /** Lifetime in seconds; 0 or absent: use once (every getToken asks again, concurrent callers still share). */
  expiresInSeconds?: number;
}

export type FetchToken = () => Promise<TokenGrant>;

export interface CachedTokenProviderOptions {
  /** Ask for a new token this long before expiry (capped at half the token's lifetime); default 60 s. */
  refreshAheadMs?: number;
  /** Milliseconds clock; default Date.now (looked up at each call, so fake timers apply). */
  now?: () => number;
  /** Told when a background refresh fails (the current token is still used until it expires). */
  onBackgroundError?: (err: unknown) => void;
}

interface Cached {
  token: string;
  refreshAt: number;
  expiresAt: number;
}

export class CachedTokenProvider implements TokenProvider {
  private cached?: Cached;
  private inflight?: Promise<string>;
  private readonly refreshAheadMs: number;
  private readonly now: () => number;

  constructor(
    private readonly fetchToken: FetchToken,
    private readonly opts: CachedTokenProviderOptions = {},
  ) {
    this.refreshAheadMs = opts.refreshAheadMs ?? 60_000;
    this.now = opts.now ?? (() => Date.now());
  }

  getToken(): Promise<string> {
    const c = this.cached;
    const now = this.now();
    if (c && now < c.expiresAt) {
      if (now >= c.refreshAt && !this.inflight) {
        // Refresh ahead: callers keep the valid token meanwhile; a failure is reported, and the
        // next caller past refreshAt tries again.
        this.refresh().catch((err: unknown) => this.opts.onBackgroundError?.(err));
      }
      return Promise.resolve(c.token);
    }
    return this.refresh();
  }

  invalidate(failedToken: string): void {
    if (this.cached?.token === failedToken) this.cached = undefined;
  }

  /** One request in flight, shared by every caller that arrives while it runs. */
  private refresh(): Promise<string> {
    this.inflight ??= this.fetchAndStore().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async fetchAndStore(): Promise<string> {
    // Lifetime counts from before the request: the token endpoint started it no later than that.
    const now = this.now();
    const grant = await this.fetchToken();
    const lifetimeMs = Math.max(0, (grant.expiresInSeconds ?? 0) * 1000);
    if (lifetimeMs > 0) {
      const ahead = Math.min(this.refreshAheadMs, lifetimeMs / 2);
      this.cached = { token: grant.accessToken, refreshAt: now + lifetimeMs - ahead, expiresAt: now + lifetimeMs };
    } else {
      this.cached = undefined;
    }
    return grant.accessToken;
  }
}
