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
}

export class RedisRevocationStore implements RevocationStore {
  constructor(
    private readonly client: RedisRevocationClient,
    private readonly tenant: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async revoke(jti: string, expiresAtSeconds: number): Promise<void> {
    // Already expired: nothing to remember (Redis would refuse an EXAT in the past anyway).
    if (expiresAtSeconds * 1000 <= this.now()) return;
    await this.client.set(this.key(jti), '1', { expiration: { type: 'EXAT', value: Math.ceil(expiresAtSeconds) } });
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await this.client.exists(this.key(jti))) > 0;
  }

  private key(jti: string): string {
    return tenantKey(this.tenant, 'revoked-jti', jti);
  }
}
