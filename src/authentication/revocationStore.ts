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

  private prune(): void {
    const t = this.now();
    for (const [jti, until] of this.revoked) if (until <= t) this.revoked.delete(jti);
  }
}
