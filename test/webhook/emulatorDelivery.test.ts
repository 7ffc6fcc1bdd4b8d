/**
 * End to end with the emulator's event manager (src/emulator/events): its own delivery code
 * PUTs to the receiver over HTTP, with its duplicate and reorder knobs and its retry rules on a
 * scaled clock.
 */
import { expect } from 'chai';
import { createEventManager } from '../../src/emulator/events/eventManagerPart.js';
import type { EventManager } from '../../src/emulator/events/eventManager.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { RedisArticleStateStore } from '../../src/webhook/redisArticleStateStore.js';
import { DeletedArticles } from '../../src/webhook/deletedArticles.js';
import { MemoryEventStore } from '../../src/webhook/memoryEventStore.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { CallCounter, newId, put, startHarness, type Harness } from './webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

describe('webhook receiver with the emulated event manager', () => {
  let manager: EventManager | undefined;
  const harnesses: Harness[] = [];
  afterEach(async () => {
    await manager?.close();
    manager = undefined;
    for (const h of harnesses.splice(0)) await h.close();
  });

  it('[W3] [W6] handles each event exactly once across two replicas, with duplicated and reordered deliveries', async () => {
    const tenant = uniqueTenant('e2e');
    const admin: RedisConnection = await createRedisConnection();
    try {
      const replicas = [await startHarness('redis', { tenant }), await startHarness('redis', { tenant })];
      harnesses.push(...replicas);
      const calls = new CallCounter();
      const deleted = new DeletedArticles({ store: new RedisArticleStateStore({ client: admin, tenant }) });
      for (const h of replicas) {
        h.receiver.events.handle(h.receiver.events.all$, calls.handler);
        deleted.track(h.receiver.events);
        await h.receiver.start();
      }
      let clock = Date.parse('2025-06-01T00:00:00Z');
      // Read timeout 10 s and retries 30 s apart, scaled to 1 s and 3 s: a busy machine is no timeout.
      manager = createEventManager({ timeScale: 0.1, now: () => (clock += 1000), webhooks: replicas.map((h) => h.url) });
      manager.faults = { duplicate: true, outOfOrder: true, holdMs: 100 };

      const raised = [
        manager.raise('article_published', { articleId: 'KB-1001' }, tenant),
        manager.raise('article_deleted', { articleId: 'KB-1001' }, tenant), // deleted last
        manager.raise('article_deleted', { articleId: 'KB-1002' }, tenant),
        manager.raise('article_published', { articleId: 'KB-1002' }, tenant), // live again
      ];
      for (let i = 0; i < 20; i++) raised.push(manager.raise('article_created', { articleId: `KB-20${String(i).padStart(2, '0')}` }, tenant));
      raised.push(manager.raise('brand_new_kind', { anything: true }, tenant));
      await manager.close(); // releases the held event and waits for every delivery

      const deliveries = manager.list();
      expect(deliveries.length).to.equal(raised.length * 2 * 2); // two targets, each delivery twice
      expect(deliveries.filter((d) => d.state !== 'delivered').map((d) => [d.state, d.attempts])).to.deep.equal([]);
      await waitFor(() => calls.counts.size === raised.length, 'every event handled');
      await waitFor(async () => (await replicas[0]!.store.pendingCount()) === 0, 'every event acknowledged');
      for (const r of raised) expect(calls.counts.get(r.notificationId), r.eventType).to.equal(1);
      expect(await deleted.has('KB-1001')).to.equal(true);
      expect(await deleted.has('KB-1002')).to.equal(false);
    } finally {
      for (const h of harnesses.splice(0)) await h.close();
      await deleteTenantKeys(admin, tenant);
      await closeRedisConnection(admin);
    }
  });

  it('[W7] the event manager retries a 503 and the event is then handled once', async () => {
    const h = await startHarness('memory', { store: new MemoryEventStore({ maxPending: 1 }) });
    harnesses.push(h);
    const calls = new CallCounter();
    h.receiver.events.on(['article_moved', 'article_created'], calls.handler);
    const filler = newId();
    expect((await put(h.url, { notificationId: filler, eventType: 'article_created' })).status).to.equal(204); // the queue is now full
    // 30 s scaled to 3 s between retries: ample time to drain the queue after the first 503.
    manager = createEventManager({ timeScale: 0.1, webhooks: [h.url] });
    const { notificationId } = manager.raise('article_moved', { articleId: 'KB-3001', folderId: 'F-9' }, 'default');
    await waitFor(() => manager!.list({ notificationId })[0]!.attempts.length >= 1, 'the first attempt');
    const [first] = manager.list({ notificationId })[0]!.attempts;
    expect(first!.result).to.deep.equal({ kind: 'status', status: 503 });
    await h.receiver.start();
    await manager.idle();
    const [delivery] = manager.list({ notificationId });
    expect(delivery!.state).to.equal('delivered');
    expect(delivery!.attempts.map((a) => (a.result.kind === 'status' ? a.result.status : a.result.kind))).to.deep.equal([503, 204]);
    await waitFor(() => calls.counts.has(notificationId), 'the retried event handled');
    expect(calls.counts.get(notificationId)).to.equal(1);
    expect(calls.counts.get(filler)).to.equal(1);
  });
});
