import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { RedisConnection } from '../../src/redis/redisConnection.js';
import { MemoryRevocationStore, type RevocationStore } from '../../src/authentication/revocationStore.js';
import { RedisRevocationStore } from '../../src/authentication/redisRevocationStore.js';
import { clusterRedis } from '../redisCluster/clusterRedis.js';
import { twoRedisConnections } from '../redis/twoRedisConnections.js';

/** One suite for every RevocationStore implementation. */
function revocationSuite(name: string, make: () => Promise<RevocationStore>): void {
  describe(`server: revocation store (${name})`, () => {
    const nowSeconds = () => Math.floor(Date.now() / 1000);

    it('remembers a revoked jti until the token expires', async () => {
      const store = await make();
      const jti = randomUUID();
      expect(await store.isRevoked(jti)).to.equal(false);
      await store.revoke(jti, nowSeconds() + 600);
      expect(await store.isRevoked(jti)).to.equal(true);
      expect(await store.isRevoked(randomUUID())).to.equal(false);
    });

    it('forgets a revocation once the token has expired anyway', async () => {
      const store = await make();
      const jti = randomUUID();
      await store.revoke(jti, nowSeconds() - 1);
      expect(await store.isRevoked(jti)).to.equal(false);
    });

  });
}

revocationSuite('memory', async () => new MemoryRevocationStore());

describe('server: revocation store on a Redis Cluster (D1)', function () {
  this.timeout(60_000);
  before(() => clusterRedis());
  revocationSuite('redis cluster', async () => new RedisRevocationStore(await clusterRedis(), `test-${randomUUID()}`));
});

describe('server: revocation store on real Redis', () => {
  let a: RedisConnection;
  let b: RedisConnection;
  const tenant = `test-${randomUUID()}`;
  twoRedisConnections((x, y) => ([a, b] = [x, y]));
  revocationSuite('redis', async () => new RedisRevocationStore(a, tenant));

  it('shares revocations between replicas (two connections, one Redis)', async () => {
    const jti = randomUUID();
    await new RedisRevocationStore(a, tenant).revoke(jti, Math.floor(Date.now() / 1000) + 600);
    expect(await new RedisRevocationStore(b, tenant).isRevoked(jti)).to.equal(true);
    expect(await new RedisRevocationStore(b, `${tenant}-other`).isRevoked(jti)).to.equal(false);
  });

  it('keeps a revocation only as long as the token lives (Redis TTL)', async () => {
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + 120;
    await new RedisRevocationStore(a, tenant).revoke(jti, exp);
    const ttl = await a.ttl(`hubbot:{${tenant}}:revoked-jti:${jti}`);
    expect(ttl).to.be.within(100, 120);
  });
});
