import { createHash } from 'node:crypto';
import { expect } from 'chai';
import sinon from 'sinon';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { StaticListCache } from '../../src/platform/portal/staticListCache.js';
import { invalidateOnKnowledgeChange } from '../../src/webhook/invalidateOnKnowledgeChange.js';
import { RedisEventFanOut } from '../../src/webhook/redisEventFanOut.js';
import { RedisEventStore } from '../../src/webhook/redisEventStore.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { CallCounter, newId, put, startHarness, type Harness } from './webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

describe('webhook replicas sharing one Redis', () => {
  let tenant: string;
  let a: Harness;
  let b: Harness;
  let admin: RedisConnection;
  const extra: RedisConnection[] = [];

  beforeEach(async () => {
    tenant = uniqueTenant('replicas');
    admin = await createRedisConnection();
  });
  afterEach(async () => {
    await a?.close();
    await b?.close();
    for (const c of extra.splice(0)) await closeRedisConnection(c);
    await deleteTenantKeys(admin, tenant);
    await closeRedisConnection(admin);
  });

  it('[W3] deduplicates across replicas: every notificationId handled once, whichever replica got it', async () => {
    a = await startHarness('redis', { tenant });
    b = await startHarness('redis', { tenant });
    expect(a.redis).to.not.equal(b.redis); // two connections, like two processes
    const calls = new CallCounter();
    const perReplica = { a: 0, b: 0 };
    a.receiver.events.on('article_created', (e) => {
      perReplica.a++;
      calls.handler(e);
    });
    b.receiver.events.on('article_created', (e) => {
      perReplica.b++;
      calls.handler(e);
    });
    await a.receiver.start();
    await b.receiver.start();
    const ids = Array.from({ length: 60 }, () => newId());
    // Each event goes to both replicas (and twice to one of them), concurrently.
    const answers = await Promise.all(
      ids.flatMap((id, i) => {
        const body = { notificationId: id, eventType: 'article_created', articleId: `KB-${1000 + i}` };
        return [put(a.url, body), put(b.url, body), put(i % 2 ? a.url : b.url, body)];
      }),
    );
    expect(answers.every((r) => r.status === 204)).to.equal(true);
    await waitFor(() => calls.counts.size === ids.length, 'every event handled');
    await waitFor(async () => (await a.store.pendingCount()) === 0, 'every event acknowledged');
    for (const id of ids) expect(calls.counts.get(id), id).to.equal(1);
    expect(calls.total()).to.equal(ids.length);
    expect(perReplica.a + perReplica.b).to.equal(ids.length);
  });

  it('[W3] [S4] remembers a notificationId in Redis for 24 h under the tenant hash tag, by its SHA-256', async () => {
    a = await startHarness('redis', { tenant });
    const id = newId();
    expect((await put(a.url, { notificationId: id, eventType: 'article_moved' })).status).to.equal(204);
    const store = a.store as RedisEventStore;
    const seenKey = store.keys.seen(id);
    // Computed here, apart from the store's code: the key is bounded whatever the sender's id.
    expect(seenKey).to.equal(`hubbot:{${tenant}}:webhook:seen:${createHash('sha256').update(id).digest('hex')}`);
    const ttl = await admin.ttl(seenKey);
    expect(ttl).to.be.within(86_000, 86_400);
    expect(await admin.xLen(store.keys.stream)).to.equal(1);
  });

  it('[W3] treats a notificationId remembered by an earlier version (same key, written by hand here) as a duplicate', async () => {
    a = await startHarness('redis', { tenant });
    const calls = new CallCounter();
    a.receiver.events.on('article_created', calls.handler);
    await a.receiver.start();
    // Ids of several shapes, non-ASCII and long ones too: the key must be the UTF-8 SHA-256 hex as before.
    const ids = [newId(), `é☃𝄞-${newId()}`, 'x'.repeat(256)];
    for (const id of ids) {
      await admin.set(`hubbot:{${tenant}}:webhook:seen:${createHash('sha256').update(id, 'utf8').digest('hex')}`, '1', { EX: 86_400 });
      expect((await put(a.url, { notificationId: id, eventType: 'article_created' })).status).to.equal(204);
    }
    const sentinel = newId();
    expect((await put(a.url, { notificationId: sentinel, eventType: 'article_created' })).status).to.equal(204);
    await waitFor(() => calls.counts.get(sentinel) === 1, 'the sentinel handled');
    expect(calls.total()).to.equal(1);
    expect(await a.store.pendingCount()).to.equal(0);
  });

  it('hands an event recorded by a replica that died to another replica', async () => {
    a = await startHarness('redis', { tenant, redisStore: { claimIdleMs: 200 } });
    b = await startHarness('redis', { tenant, redisStore: { claimIdleMs: 200 } });
    const id = newId();
    expect((await put(a.url, { notificationId: id, eventType: 'article_deleted', articleId: 'KB-6001' })).status).to.equal(204);
    // Replica A's consumer claims it and dies before acknowledging (claimed, never finished).
    const taken = await a.store.claim('replica-a-that-died', 10);
    expect(taken.map((e) => e.notificationId)).to.deep.equal([id]);
    const calls = new CallCounter();
    b.receiver.events.on('article_deleted', calls.handler);
    await b.receiver.start();
    await waitFor(() => calls.counts.get(id) === 1, 'replica B to take over the event');
    await waitFor(async () => (await b.store.pendingCount()) === 0, 'the event acknowledged');
    expect(calls.total()).to.equal(1);
  });

  it('parks an event that replicas kept dying on (claimed too often) without running handlers again', async () => {
    a = await startHarness('redis', { tenant, redisStore: { claimIdleMs: 0 }, consumer: { maxDeliveries: 3, pollIntervalMs: 20 } });
    const id = newId();
    expect((await put(a.url, { notificationId: id, eventType: 'article_created', articleId: 'KB-6051' })).status).to.equal(204);
    for (let i = 1; i <= 3; i++) {
      const [e] = await a.store.claim(`crashing-replica-${i}`, 1);
      expect(e!.deliveries).to.equal(i);
    }
    const calls = new CallCounter();
    a.receiver.events.on('article_created', calls.handler);
    await a.receiver.start();
    await waitFor(async () => (await a.store.deadLetterCount()) === 1, 'the poison event parked');
    const [letter] = await a.store.listDeadLetters();
    expect(letter!.failures[0]).to.deep.include({ handler: 'consumer', attempts: 4 });
    expect(calls.total()).to.equal(0);
    expect(await a.store.pendingCount()).to.equal(0);
  });

  it('keeps a slow handler’s event claimed (heartbeat), so no other replica runs it too', async () => {
    // Generous margins: the heartbeat (every third of 1 s) would have to stall for 600 ms to fail.
    a = await startHarness('redis', { tenant, redisStore: { claimIdleMs: 1000 } });
    b = await startHarness('redis', { tenant, redisStore: { claimIdleMs: 1000 } });
    const calls = new CallCounter();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const heartbeats = [a, b].map((h) => sinon.spy(h.store, 'extend'));
    const claims = [a, b].map((h) => sinon.spy(h.store, 'claim'));
    const count = (spies: sinon.SinonSpy[]) => spies.reduce((n, s) => n + s.callCount, 0);
    for (const h of [a, b]) {
      h.receiver.events.on('article_moved', async (e) => {
        calls.handler(e);
        await gate;
      });
      await h.receiver.start();
    }
    const id = newId();
    expect((await put(a.url, { notificationId: id, eventType: 'article_moved', articleId: 'KB-6101' })).status).to.equal(204);
    await waitFor(() => calls.total() === 1, 'the handler to start');
    // Several claim timeouts pass while the handler runs: nine heartbeats (three a timeout), while
    // the replicas keep polling for entries left idle past the timeout.
    const claimsBefore = count(claims);
    await waitFor(() => count(heartbeats) >= 9 && count(claims) >= claimsBefore + 9, { what: 'three claim timeouts of heartbeats and polls' });
    release();
    await waitFor(async () => (await a.store.pendingCount()) === 0, 'the event acknowledged');
    expect(calls.counts.get(id)).to.equal(1);
  });

  it('tells every replica about an article change, so each drops its cached static lists', async () => {
    const subA = await createRedisConnection();
    const subB = await createRedisConnection();
    extra.push(subA, subB);
    a = await startHarness('redis', { tenant, fanOut: new RedisEventFanOut({ publisher: admin, subscriber: subA, tenant }) });
    b = await startHarness('redis', { tenant, fanOut: new RedisEventFanOut({ publisher: admin, subscriber: subB, tenant }) });
    const caches = [new StaticListCache(), new StaticListCache()];
    for (const [i, h] of [a, b].entries()) {
      const cache = caches[i]!;
      await cache.getOrLoad('KB-0001|releases', async () => ['release-1']);
      invalidateOnKnowledgeChange(h.receiver.events, { invalidateStaticLists: () => cache.invalidate() });
    }
    const handledBy: string[] = [];
    a.receiver.events.on('article_published', () => void handledBy.push('a'));
    b.receiver.events.on('article_published', () => void handledBy.push('b'));
    await a.receiver.start();
    await b.receiver.start();
    expect(caches.map((c) => c.size)).to.deep.equal([1, 1]);
    // installation events do not touch the lists
    expect((await put(a.url, { notificationId: newId(), eventType: 'installation_name_added', installationName: 'x' })).status).to.equal(204);
    await waitFor(async () => (await a.store.pendingCount()) === 0, 'the installation event handled');
    expect(caches.map((c) => c.size)).to.deep.equal([1, 1]);
    expect((await put(a.url, { notificationId: newId(), eventType: 'article_published', articleId: 'KB-6201' })).status).to.equal(204);
    await waitFor(() => caches.every((c) => c.size === 0), 'both replicas to drop their lists');
    expect(handledBy).to.have.length(1); // handled once; announced to the other
  });
});
