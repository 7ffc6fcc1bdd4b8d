import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import sinon from 'sinon';
import type { RedisConnection } from '../../src/redis/redisConnection.js';
import { createFailureLimiter, type FailureLimiter, type FailureLimiterOptions } from '../../src/authentication/failureLimiter.js';
import { RedisFailureLimiter } from '../../src/authentication/redisFailureLimiter.js';
import type { SharedRedis } from '../../src/redis/sharedRedis.js';
import { clusterRedis } from '../redisCluster/clusterRedis.js';
import { twoRedisConnections } from '../redis/twoRedisConnections.js';

/**
 * One suite for every FailureLimiter. Only Date is faked: both limiters read the caller's clock,
 * and node-redis keeps its own timers.
 */
function failureLimiterSuite(name: string, make: (opts: FailureLimiterOptions) => FailureLimiter): void {
  describe(`server: failure limiter (${name})`, () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    });
    afterEach(() => clock.restore());
    const key = () => `addr:${randomUUID()}`;

    it('[S2] allows maxFailures in a window, blocks on the next for the block time, then starts afresh', async () => {
      const limiter = make({ maxFailures: 3, windowMs: 60_000, blockMs: 300_000 });
      const k = key();
      for (let i = 0; i < 3; i++) expect(await limiter.recordFailure([k])).to.equal(undefined);
      clock.tick(10_000);
      expect(await limiter.recordFailure([k])).to.equal(300);
      clock.tick(100_000);
      // Blocked: the failure is not counted, the block does not grow.
      expect(await limiter.recordFailure([k])).to.equal(200);
      clock.tick(199_999);
      expect(await limiter.recordFailure([k])).to.equal(1);
      clock.tick(1);
      expect(await limiter.recordFailure([k])).to.equal(undefined);
    });

    it('[S2] forgets failures when their window ends', async () => {
      const limiter = make({ maxFailures: 2, windowMs: 60_000, blockMs: 300_000 });
      const k = key();
      await limiter.recordFailure([k]);
      await limiter.recordFailure([k]);
      clock.tick(60_000);
      expect(await limiter.recordFailure([k])).to.equal(undefined);
      expect(await limiter.recordFailure([k])).to.equal(undefined);
      expect(await limiter.recordFailure([k])).to.equal(300);
    });

    it('[S2] counts every key of an attempt, and answers the longest block among them', async () => {
      const limiter = make({ maxFailures: 1, windowMs: 60_000, blockMs: 120_000 });
      const [address, client, other] = [key(), key(), key()];
      await limiter.recordFailure([address, client]);
      expect(await limiter.recordFailure([address, other])).to.equal(120);
      clock.tick(30_000);
      // `client` was counted once with the first attempt: its second failure blocks it too.
      expect(await limiter.recordFailure([key(), client])).to.equal(120);
      expect(await limiter.recordFailure([address, client])).to.equal(120);
      expect(await limiter.recordFailure([key(), key()])).to.equal(undefined);
    });
  });
}

failureLimiterSuite('memory', (opts) => createFailureLimiter(opts));

describe('server: failure limiter on a Redis Cluster (D1)', function () {
  this.timeout(60_000);
  let cluster: SharedRedis;
  before(async () => {
    cluster = await clusterRedis();
  });
  failureLimiterSuite('redis cluster', (opts) => new RedisFailureLimiter({ ...opts, client: cluster, tenant: `test-${randomUUID()}` }));
});

describe('server: failure limiter in memory', () => {
  it('bounds the keys it remembers', async () => {
    const limiter = createFailureLimiter({ maxFailures: 1, maxKeys: 3 });
    for (const k of ['k1', 'k2', 'k3', 'k4']) await limiter.recordFailure([k]);
    expect(await limiter.recordFailure(['k1'])).to.equal(undefined); // the oldest was dropped
    expect(await limiter.recordFailure(['k4'])).to.equal(300);
  });
});

describe('server: failure limiter on real Redis', () => {
  let a: RedisConnection;
  let b: RedisConnection;
  const tenant = `test-${randomUUID()}`;
  twoRedisConnections((x, y) => ([a, b] = [x, y]));
  failureLimiterSuite('redis', (opts) => new RedisFailureLimiter({ ...opts, client: a, tenant }));

  it('[S2] shares counts between replicas (two connections, one Redis), per tenant', async () => {
    const limits = { maxFailures: 2, windowMs: 60_000, blockMs: 60_000 };
    const k = `addr:${randomUUID()}`;
    await new RedisFailureLimiter({ ...limits, client: a, tenant }).recordFailure([k]);
    await new RedisFailureLimiter({ ...limits, client: b, tenant }).recordFailure([k]);
    expect(await new RedisFailureLimiter({ ...limits, client: a, tenant: `${tenant}-other` }).recordFailure([k])).to.equal(undefined);
    expect(await new RedisFailureLimiter({ ...limits, client: b, tenant }).recordFailure([k])).to.equal(60);
    expect(await new RedisFailureLimiter({ ...limits, client: a, tenant }).recordFailure([k])).to.equal(60);
  });

  it('keeps one hash per key under the tenant tag, expiring once its window and block are over', async () => {
    const limiter = new RedisFailureLimiter({ maxFailures: 5, windowMs: 60_000, blockMs: 60_000, client: a, tenant });
    const marker = `addr:${randomUUID()}`;
    await limiter.recordFailure([marker, `client:${randomUUID()}`]);
    const keys = await a.keys(`hubbot:{${tenant}}:token-failures:*`);
    expect(keys.length).to.be.at.least(2);
    for (const k of keys) {
      expect(k).to.match(/^hubbot:\{[^}]+\}:token-failures:[0-9a-f]{32}$/);
      expect(await a.pTTL(k)).to.be.within(1, 121_000);
    }
  });

  it('fails at once, without waiting for a reconnection, while Redis is not connected', async () => {
    const limiter = new RedisFailureLimiter({ client: { isReady: false, evalSha: a.evalSha.bind(a), eval: a.eval.bind(a) }, tenant });
    let failed: unknown;
    await limiter.recordFailure(['addr:x']).catch((err) => (failed = err));
    expect(String(failed)).to.contain('not connected');
  });
});
