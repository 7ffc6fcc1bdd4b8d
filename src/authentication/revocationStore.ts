/**
 * Revoked token ids (`jti`). Bearer tokens are reusable by design: the hub sends the same token
 * with every callback until one answers 401 (spec 5.4), so "replay" of a valid token is normal
 * use. What the bot refuses is a token re-sent after it stopped being valid: expired (checked
 * from `exp`) or revoked here. An entry lives only until the token's own expiry, after which
 * `exp` refuses it anyway, so the store never grows past the tokens still alive.
 */
export interface RevocationStore {
  /**
   * Revokes `jti` until `expiresAtSeconds` (the token's exp, seconds since the epoch).
   *
   * @param jti - the token's id
   * @param expiresAtSeconds - the token's `exp`
   */
  revoke(jti: string, expiresAtSeconds: number): Promise<void>;
  /**
   * Whether the token id was revoked (and its token has not expired yet).
   *
   * @param jti - the token's id
   */
  isRevoked(jti: string): Promise<boolean>;
  /**
   * The Redis key whose presence means `jti` is revoked, for a store on Redis: a script that
   * writes under the same hash tag (the inbox's append) can check it in the same round trip.
   * Absent for a store elsewhere.
   *
   * @param jti - the token's id
   */
  keyOf?(jti: string): string;
  /**
   * Whether this process already knows `jti` is revoked, without asking anyone: lets a callback
   * whose revocation check is left to the inbox's append still be refused from its headers
   * (S1) when the revocation is known here. False means "not known here", not "not revoked".
   *
   * @param jti - the token's id
   */
  knownRevoked?(jti: string): boolean;
}

/**
 * A callback's revocation check left to the step that records its messages, so that a Redis
 * inbox checks the token's id key in its append script (one round trip for both) instead of a
 * round trip of its own before it. Given by an authenticator made with `deferRevocationCheck`.
 */
export interface PendingRevocationCheck {
  /** The token's id. */
  readonly jti: string;
  /** The Redis key whose presence means revoked (RevocationStore.keyOf); absent off Redis. */
  readonly key?: string;
  /** The check on its own, as the authenticator makes it: rejects with the 401 when revoked, a 503 when the store cannot answer. */
  check(): Promise<void>;
  /** The 401 for a token a combined check found revoked (the token is no longer remembered as good). */
  refusal(): Error;
}

/**
 * One process's revocations; use RedisRevocationStore when several replicas serve callbacks.
 * Entries are dropped when their token expires.
 */
export class MemoryRevocationStore implements RevocationStore {
  private readonly revoked = new Map<string, number>();

  /** @param now - the clock, in ms since the epoch; default `Date.now` */
  constructor(private readonly now: () => number = () => Date.now()) {}

  /** {@inheritDoc RevocationStore.revoke} */
  async revoke(jti: string, expiresAtSeconds: number): Promise<void> {
    this.prune();
    this.revoked.set(jti, expiresAtSeconds * 1000);
  }

  /** {@inheritDoc RevocationStore.isRevoked} */
  async isRevoked(jti: string): Promise<boolean> {
    const until = this.revoked.get(jti);
    return until !== undefined && until > this.now();
  }

  /** {@inheritDoc RevocationStore.knownRevoked} */
  knownRevoked(jti: string): boolean {
    const until = this.revoked.get(jti);
    return until !== undefined && until > this.now();
  }

  private prune(): void {
    const t = this.now();
    for (const [jti, until] of this.revoked) if (until <= t) this.revoked.delete(jti);
  }
}
