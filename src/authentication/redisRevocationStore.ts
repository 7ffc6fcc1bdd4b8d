/**
 * Revoked token ids in Redis, shared by every replica: a token revoked through one replica is
 * refused by all. One key per jti under the tenant's hash tag, expiring with the token itself
 * (EXAT), so Redis drops the entry when `exp` takes over.
 */
import { tenantKey } from '../redis/tenantKey.js';
import type { RevocationStore } from './revocationStore.js';

/** What the store needs of a node-redis client (a client or a cluster client both fit). */
export interface RedisRevocationClient {
  /**
   * Redis `SET` with an absolute expiry.
   *
   * @param key - the key
   * @param value - the value
   * @param options - the expiry, in seconds since the epoch
   */
  set(key: string, value: string, options: { expiration: { type: 'EXAT'; value: number } }): Promise<unknown>;
  /**
   * Redis `EXISTS`.
   *
   * @param key - the key
   */
  exists(key: string): Promise<number>;
  /** When present and false, a check fails at once instead of waiting for a reconnection. */
  readonly isReady?: boolean;
}

/** A check that has no answer after this long fails (the callback is then answered 503). */
export const DEFAULT_REVOCATION_CHECK_TIMEOUT_MS = 1000;

/**
 * Revoked token ids on Redis, shared by every replica: a token revoked through one replica is
 * refused by all. One key per id, expiring with the token.
 */
export class RedisRevocationStore implements RevocationStore {
  /**
   * @param client - a connected node-redis client (or cluster client)
   * @param tenant - the tenant whose revocations these are: the Redis Cluster hash tag
   * @param now - the clock, in ms since the epoch
   * @param checkTimeoutMs - how long a check may wait for Redis before it fails (the callback gets 503)
   */
  constructor(
    private readonly client: RedisRevocationClient,
    private readonly tenant: string,
    private readonly now: () => number = () => Date.now(),
    private readonly checkTimeoutMs = DEFAULT_REVOCATION_CHECK_TIMEOUT_MS,
  ) {}

  /**
   * Revokes a token id until its token expires.
   *
   * @param jti - the token's id
   * @param expiresAtSeconds - the token's `exp`, in seconds since the epoch
   */
  async revoke(jti: string, expiresAtSeconds: number): Promise<void> {
    // Already expired: nothing to remember (Redis would refuse an EXAT in the past anyway).
    if (expiresAtSeconds * 1000 <= this.now()) return;
    await this.client.set(this.key(jti), '1', { expiration: { type: 'EXAT', value: Math.ceil(expiresAtSeconds) } });
  }

  /**
   * Rejects, rather than waits, while Redis is unreachable: node-redis queues commands until it
   * reconnects, and a callback left waiting would time out at the hub instead of getting the
   * 503 that tells it to try again (the authenticator turns this rejection into that 503).
   */
  async isRevoked(jti: string): Promise<boolean> {
    if (this.client.isReady === false) throw new Error('redis is not connected');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from redis within ${this.checkTimeoutMs} ms`)), this.checkTimeoutMs);
    });
    try {
      return (await Promise.race([this.client.exists(this.key(jti)), timeout])) > 0;
    } finally {
      clearTimeout(timer);
    }
  }

  /** {@inheritDoc RevocationStore.keyOf} */
  keyOf(jti: string): string {
    return tenantKey(this.tenant, 'revoked-jti', jti);
  }

  private key(jti: string): string {
    return this.keyOf(jti);
  }
}
