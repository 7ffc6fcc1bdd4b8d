import { expect } from 'chai';
import { RedisFiguresStore } from '../../src/observability/redisFiguresStore.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { redisTenant, tenantKeys } from '../storage/redisTestTenant.js';

const DAY = 24 * 3600_000;
const T0 = Date.UTC(2026, 10, 25, 23, 30);

describe('contact-center figures on Redis: the topics conversations started on', () => {
  const redis = redisTenant('figures-topics', { each: true });

  it('[O5] a topic is found on later days, up to 7, from one hash per day that expires after 8', async () => {
    let now = T0;
    const store = new RedisFiguresStore(redis.client, redis.tenant, () => now);
    await store.rememberTopic('c1', 'printers');
    await store.rememberTopic('c2', 'internet');
    expect(await tenantKeys(redis.client, redis.tenant)).to.have.length(1);
    const [day] = await tenantKeys(redis.client, redis.tenant);
    expect(await redis.client.ttl(day)).to.be.within(8 * 24 * 3600 - 60, 8 * 24 * 3600);
    now += 3 * DAY;
    expect(await store.topicOf('c1')).to.equal('printers');
    expect(await store.topicOf('c2')).to.equal('internet');
    expect(await store.topicOf('never-started')).to.equal(undefined);
    now = T0 + 8 * DAY;
    expect(await store.topicOf('c1')).to.equal(undefined);
  });

  it('[O5] a topic kept by the earlier version (a key per conversation) is still read', async () => {
    await redis.client.set(tenantKey(redis.tenant, 'figures', 'topic', 'c-old'), 'printers', { EX: 3600 });
    expect(await new RedisFiguresStore(redis.client, redis.tenant).topicOf('c-old')).to.equal('printers');
  });
});
