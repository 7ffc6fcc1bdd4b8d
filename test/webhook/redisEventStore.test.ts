import { expect } from 'chai';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { RedisEventStore } from '../../src/webhook/redisEventStore.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';

describe('RedisEventStore acknowledgements', () => {
  let redis: RedisConnection;
  let tenant: string;

  beforeEach(async () => {
    redis = await createRedisConnection();
    tenant = uniqueTenant('event-store');
  });
  afterEach(async () => {
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  });

  it('acknowledges and deletes a backlog of entries larger than one chunk of the ack script, and only those', async () => {
    const store = new RedisEventStore({ client: redis, tenant, maxPending: 5000 });
    for (let i = 0; i < 1203; i++) expect(await store.record(`n-${i}`, `{"notificationId":"n-${i}"}`, 1)).to.equal('recorded');
    const claimed = await store.claim('consumer-a', 2000);
    expect(claimed).to.have.length(1203);
    const kept = claimed.pop()!;
    await store.ack('consumer-a', claimed.map((e) => e.entryId));
    expect(await store.pendingCount()).to.equal(1);
    const pending = (await redis.sendCommand(['XPENDING', store.keys.stream, 'handlers'])) as [number, ...unknown[]];
    expect(Number(pending[0])).to.equal(1);
    await store.ack('consumer-a', [kept.entryId]);
    expect(await store.pendingCount()).to.equal(0);
  });
});
