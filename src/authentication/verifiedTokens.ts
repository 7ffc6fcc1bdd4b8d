/**
 * Tokens whose signature and claims were checked lately, so the hub's next callbacks with the
 * same token (it reuses one until it gets a 401, spec 5.4) are not verified again from scratch.
 * Verifying is the largest cost of a callback: jose checks an HS256 signature through WebCrypto,
 * an asynchronous job that took more CPU than the whole rest of the turn in the profile.
 *
 * What the cache skips is only what cannot change for a given token string: its signature, issuer,
 * audience and tenant. What can change is still checked on every callback by the authenticator:
 * the expiry (against the clock, with the tolerance), and revocation by jti. An entry is also
 * re-verified after `reverifyAfterMs` (60 s), so a JWKS key withdrawn by its issuer stops being
 * accepted within that time at most (jose itself keeps fetched keys for minutes).
 *
 * Only tokens that passed are kept, the exact string being the key: a forged or altered token
 * never matches one. The size is bounded (oldest first out), so memory cannot grow with callers.
 */

export interface VerifiedToken<T> {
  /** What the verification produced (the caller's identity and claims). */
  value: T;
  /** The token's exp, ms. */
  expiresAtMs: number;
}

interface Entry<T> extends VerifiedToken<T> {
  verifiedAtMs: number;
}

export interface VerifiedTokenCacheOptions {
  /** Entries at most; default 1,000 (a hub uses one token at a time per client). */
  maxEntries?: number;
  /** An entry older than this is verified again in full; default 60 s. 0 turns the cache off. */
  reverifyAfterMs?: number;
}

export class VerifiedTokenCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly maxEntries: number;
  private readonly reverifyAfterMs: number;

  constructor(opts: VerifiedTokenCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 1000;
    this.reverifyAfterMs = opts.reverifyAfterMs ?? 60_000;
    if (!(Number.isInteger(this.maxEntries) && this.maxEntries >= 0)) throw new RangeError('maxEntries must be a non-negative integer');
    if (!(this.reverifyAfterMs >= 0)) throw new RangeError('reverifyAfterMs must be >= 0');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The token's earlier verification, if it is recent enough to stand; the caller still checks expiry. */
  get(token: string, nowMs: number): VerifiedToken<T> | undefined {
    const e = this.entries.get(token);
    if (!e) return undefined;
    if (nowMs - e.verifiedAtMs >= this.reverifyAfterMs || nowMs < e.verifiedAtMs) {
      this.entries.delete(token);
      return undefined;
    }
    return e;
  }

  set(token: string, verified: VerifiedToken<T>, nowMs: number): void {
    if (this.maxEntries === 0 || this.reverifyAfterMs === 0) return;
    this.entries.delete(token);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(token, { ...verified, verifiedAtMs: nowMs });
  }

  /** Forgets a token (it was refused on a later check, e.g. expired or revoked). */
  delete(token: string): void {
    this.entries.delete(token);
  }
}
