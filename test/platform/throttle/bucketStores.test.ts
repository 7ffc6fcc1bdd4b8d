import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';
import { RedisBucketStore } from '../../../src/platform/throttle/redisBucketStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import { tenantKey } from '../../../src/redis/tenantKey.js';
import { bucketStoreSuite } from './bucketStoreSuite.js';

describe('bucket stores', () => {
  describe('MemoryBucketStore', () => {
    let n = 0;
    bucketStoreSuite(() => ({ store: new MemoryBucketStore(), key: (name) => `mem-${++n}-${name}` }));
  });

  describe('RedisBucketStore (real Redis)', () => {
    const tenant = `test-${randomUUID()}`;
    let redis: RedisConnection;
    let store: RedisBucketStore;
    let n = 0;
    before(async () => {
      redis = await createRedisConnection();
      store = new RedisBucketStore(redis);
    });
    after(async () => {
      const keys = await redis.keys(`${tenantKey(tenant)}:*`);
      if (keys.length) await redis.del(keys);
      await closeRedisConnection(redis);
    });

    bucketStoreSuite(() => ({ store, key: (name) => tenantKey(tenant, 'rate', `${++n}-${name}`) }));

    it('[L8] stores the bucket under the tenant hash tag, with a TTL that outlives its slot by about a second', async () => {
      const key = tenantKey(tenant, 'rate', 'conversationmgr', 'v3', 'POST /conversations/messages');
      expect(key).to.equal(`hubbot:{${tenant}}:rate:conversationmgr:v3:POST /conversations/messages`);
      await store.reserve(key, 5000);
      await store.reserve(key, 5000);
      const ttl = await redis.pTTL(key);
      expect(ttl).to.be.within(9000, 11000);
    });

    it('sends the script again when Redis has lost it (NOSCRIPT)', async () => {
      let evalShaCalls = 0;
      const forgetful = new RedisBucketStore({
        evalSha: async () => {
          evalShaCalls++;
          throw new Error('NOSCRIPT No matching script. Please use EVAL.');
        },
        eval: (script, options) => redis.eval(script, options),
      });
      const key = tenantKey(tenant, 'rate', 'noscript');
      expect(await forgetful.reserve(key, 1000)).to.be.at.most(1);
      expect(await forgetful.reserve(key, 1000)).to.be.within(900, 1001);
      expect(evalShaCalls).to.equal(2);
    });
  });
});
