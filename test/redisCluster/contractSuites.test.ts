/**
 * The shared contract suites (Storage, inbox, rate buckets, transcripts) run a third time, on a
 * real Redis Cluster (D1), beside memory and one Redis node: the stores get the SharedRedis of
 * the cluster, as the bot server gives them. Each replica of the inbox suite has connections
 * of its own, as a bot replica would. The suites defined inside their own test files
 * (revocations, failure limiter, conversation references, event store) add a cluster target
 * there.
 */
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { RedisBucketStore } from '../../src/platform/throttle/redisBucketStore.js';
import type { SharedRedis } from '../../src/redis/sharedRedis.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { RedisTranscriptStore } from '../../src/transcripts/redisTranscriptStore.js';
import { inboxSuite } from '../adapter/inbox/inboxSuite.js';
import { bucketStoreSuite } from '../platform/throttle/bucketStoreSuite.js';
import { uniqueTenant } from '../storage/redisTestTenant.js';
import { storageContract } from '../storage/storageContract.js';
import { transcriptContract } from '../transcripts/transcriptContract.js';
import { transcriptStoreSuite } from '../transcripts/transcriptStoreSuite.js';
import { clusterRedis, dropTenant, openClusterRedis } from './clusterRedis.js';

describe('Contract suites on a Redis Cluster (D1)', function () {
  this.timeout(60_000);
  let redis: SharedRedis;
  const tenants = new Set<string>();
  before(async () => {
    redis = await clusterRedis();
  });
  after(async () => {
    for (const t of tenants) await dropTenant(redis, t);
  });
  const tenantFor = (label: string) => {
    const t = uniqueTenant(label);
    tenants.add(t);
    return t;
  };

  storageContract('RedisStorage on a Redis Cluster', async () => ({ storage: new RedisStorage({ client: redis, tenant: tenantFor('storage') }), cleanup: async () => {} }));

  inboxSuite('RedisInbox on a Redis Cluster', async () => {
    const tenant = tenantFor('inbox');
    const replicas: { inbox: RedisInbox; redis: SharedRedis }[] = [];
    return {
      replica: async () => {
        const own = await openClusterRedis('test-inbox-replica');
        const inbox = new RedisInbox({ client: own, subscriber: own, tenant });
        replicas.push({ inbox, redis: own });
        return inbox;
      },
      cleanup: async () => {
        for (const r of replicas) await r.inbox.close();
        await Promise.all(replicas.map((r) => r.redis.close()));
      },
    };
  });

  describe('RedisBucketStore on a Redis Cluster', () => {
    const tenant = tenantFor('rate');
    let n = 0;
    bucketStoreSuite(() => ({ store: new RedisBucketStore(redis), key: (name) => tenantKey(tenant, 'rate', `${++n}-${name}`) }));
  });

  transcriptStoreSuite('RedisTranscriptStore on a Redis Cluster', async (opts) => ({
    store: new RedisTranscriptStore({ ...opts, client: redis, tenant: tenantFor('transcripts') }),
    cleanup: async () => {},
  }));

  transcriptContract('RedisTranscriptStore on a Redis Cluster', async () => ({ store: new RedisTranscriptStore({ client: redis, tenant: tenantFor('transcript-contract') }), cleanup: async () => {} }));
});
