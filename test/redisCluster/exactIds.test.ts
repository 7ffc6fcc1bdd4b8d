/** S17 on a real Redis Cluster: the stores keep ids that differ in one code unit apart, as memory does. */
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import type { SharedRedis } from '../../src/redis/sharedRedis.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { RedisTranscriptStore } from '../../src/transcripts/redisTranscriptStore.js';
import { uniqueTenant } from '../storage/redisTestTenant.js';
import { exactIdsProperty } from '../storage/exactIdsProperty.js';
import { clusterRedis, dropTenant } from './clusterRedis.js';

describe('Exact ids on a Redis Cluster', function () {
  this.timeout(120_000);
  let redis: SharedRedis;
  const tenants: string[] = [];
  const tenant = () => {
    const t = uniqueTenant('exact-ids');
    tenants.push(t);
    return t;
  };
  before(async () => {
    redis = await clusterRedis();
  });
  after(async () => {
    for (const t of tenants) await dropTenant(redis, t);
  });

  exactIdsProperty(
    'on a Redis Cluster',
    () => ({
      inbox: async () => new RedisInbox({ client: redis, tenant: tenant() }),
      storage: async () => new RedisStorage({ client: redis, tenant: tenant() }),
      transcripts: async () => new RedisTranscriptStore({ client: redis, tenant: tenant() }),
    }),
    20,
  );
});
