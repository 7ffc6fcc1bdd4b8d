/**
 * Two replicas on the Redis Cluster, each with connections of its own from the project's
 * factory (D1): what one replica records wakes the other through sharded pub/sub on the
 * channel's own master — the inbox's notify channel (published by its Lua script with SPUBLISH)
 * and the knowledge-event fan-out.
 */
import { expect } from 'chai';
import { InboxWorker } from '../../src/adapter/inbox/inboxWorker.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { RedisRevocationStore } from '../../src/authentication/redisRevocationStore.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import type { SharedRedis } from '../../src/redis/sharedRedis.js';
import { StaticListCache } from '../../src/platform/portal/staticListCache.js';
import { invalidateOnKnowledgeChange } from '../../src/webhook/invalidateOnKnowledgeChange.js';
import { RedisEventFanOut } from '../../src/webhook/redisEventFanOut.js';
import { uniqueTenant } from '../storage/redisTestTenant.js';
import { newId, put, startHarness, type Harness } from '../webhook/webhookHarness.js';
import { waitFor } from '../support/waitFor.js';
import { dropTenant, openClusterRedis } from './clusterRedis.js';
import { sharedCluster, type LocalRedisCluster } from './localCluster.js';

describe('replicas on a Redis Cluster (D1)', function () {
  this.timeout(60_000);
  let cluster: LocalRedisCluster;
  const open: SharedRedis[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  const replicaRedis = async (name: string) => {
    const r = await openClusterRedis(name);
    open.push(r);
    return r;
  };

  before(async () => {
    cluster = await sharedCluster();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await Promise.all(open.splice(0).map((r) => r.close()));
  });

  it("[D1] an item recorded on one replica wakes the other replica's idle worker at once (no poll)", async () => {
    const tenant = uniqueTenant('notify');
    const [a, b] = [await replicaRedis('replica-a'), await replicaRedis('replica-b')];
    closers.push(() => dropTenant(a, tenant));
    const inboxA = new RedisInbox({ client: a, subscriber: a, tenant });
    const inboxB = new RedisInbox({ client: b, subscriber: b, tenant });
    closers.push(() => inboxA.close(), () => inboxB.close());
    let claims = 0; // B's claims that have answered: the append below must come after the first
    const claim = inboxB.claim.bind(inboxB);
    inboxB.claim = async (...args) => {
      const got = await claim(...args);
      claims++;
      return got;
    };
    const handled: string[] = [];
    // B polls once at start, then only a notification can wake it within the test.
    const worker = new InboxWorker(inboxB, async (_c, item) => void handled.push(item.id), { pollIntervalMs: 600_000 });
    worker.start();
    closers.push(() => worker.stop());
    await waitFor(async () => claims >= 1 && (await cluster.subscribers(inboxB.notifyChannel)) >= 1, "B's first claim and its subscription to the notify channel");
    await inboxA.append('conv-1', { id: 'm1', payload: { text: 'hi' }, receivedAt: Date.now() });
    await waitFor(() => handled.length === 1, 'B to handle the item recorded on A');
    expect(handled).to.deep.equal(['m1']);
    // Sharded: the channel's master holds the subscription; no node has a classic one, which
    // would hear only a PUBLISH, copied to every node of the cluster at each append.
    expect(await cluster.subscribers(inboxB.notifyChannel, ['SHARDNUMSUB'])).to.equal(1);
    expect(await cluster.subscribers(inboxB.notifyChannel, ['NUMSUB'])).to.equal(0);
  });

  it('[C9] a token revoked through one replica reaches the other by a sharded notice from the revocation script', async () => {
    const tenant = uniqueTenant('revoke');
    const [a, b] = [await replicaRedis('replica-a'), await replicaRedis('replica-b')];
    closers.push(() => dropTenant(a, tenant));
    const follower = new RedisRevocationStore(b, tenant);
    closers.push(await follower.follow(b));
    const channel = tenantKey(tenant, 'revocations');
    await waitFor(async () => (await cluster.subscribers(channel, ['SHARDNUMSUB'])) >= 1, "B's sharded subscription");
    await new RedisRevocationStore(a, tenant).revoke('jti-1', Math.floor(Date.now() / 1000) + 60);
    await waitFor(() => follower.knownRevoked('jti-1'), 'the notice of the revocation on B');
    expect(await cluster.subscribers(channel, ['NUMSUB'])).to.equal(0);
  });

  it('[D1] a knowledge event handled on one replica is announced to the other over sharded pub/sub', async () => {
    const tenant = uniqueTenant('fanout');
    const [pubA, pubB] = [await replicaRedis('replica-a'), await replicaRedis('replica-b')];
    const fanOutA = new RedisEventFanOut({ publisher: pubA, subscriber: pubA, tenant });
    const fanOutB = new RedisEventFanOut({ publisher: pubB, subscriber: pubB, tenant });
    const hA: Harness = await startHarness('redis-cluster', { tenant, fanOut: fanOutA });
    const hB: Harness = await startHarness('redis-cluster', { tenant, fanOut: fanOutB });
    closers.push(() => hA.close(), () => hB.close(), () => dropTenant(pubA, tenant));
    const caches = [new StaticListCache(), new StaticListCache()];
    for (const [i, h] of [hA, hB].entries()) {
      await caches[i].getOrLoad('KB-0001|releases', async () => ['release-1']);
      invalidateOnKnowledgeChange(h.receiver.events, { invalidateStaticLists: () => caches[i].invalidate() });
    }
    const handledBy: string[] = [];
    hA.receiver.events.on('article_published', () => void handledBy.push('a'));
    hB.receiver.events.on('article_published', () => void handledBy.push('b'));
    await hB.receiver.start();
    await waitFor(async () => (await cluster.subscribers(fanOutA.channel)) >= 1, "B's sharded subscription");
    await hA.receiver.start();
    expect((await put(hA.url, { notificationId: newId(), eventType: 'article_published', articleId: 'KB-6201' })).status).to.equal(204);
    await waitFor(() => caches.every((c) => c.size === 0), 'both replicas to drop their lists');
    expect(handledBy).to.have.length(1);
  });
});
