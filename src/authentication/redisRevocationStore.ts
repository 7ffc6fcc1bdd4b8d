/**
 * Revoked token ids in Redis, shared by every replica: a token revoked through one replica is
 * refused by all. One key per jti under the tenant's hash tag, expiring with the token itself
 * (EXAT), so Redis drops the entry when `exp` takes over.
 */
import { tenantKey } from '../redis/tenantKey.js';
import type { RevocationStore } from './revocationStore.js';

/** What the store needs of a node-redis client (a client or a cluster client both fit). */
export interface RedisRevocationClient {
  set(key: string, value: string, options: { expiration: { type: 'EXAT'; value: number } }): Promise<unknown>;
  exists(key: string): Promise<number>;
  /** When present and false, a check fails at once instead of waiting for a reconnection. */
  readonly isReady?: boolean;
}

/** A check that has no answer after this long fails (the callback is then answered 503). */
export const DEFAULT_REVOCATION_CHECK_TIMEOUT_MS = 1000;

export class RedisRevocationStore implements RevocationStore {
  constructor(
    private readonly client: RedisRevocationClient,
    private readonly tenant: string,
    private readonly now: () => number = () => Date.now(),
    private readonly checkTimeoutMs = DEFAULT_REVOCATION_CHECK_TIMEOUT_MS,
  ) {}

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

  private key(jti: string): string {
    return tenantKey(this.tenant, 'revoked-jti', jti);
  }
}
