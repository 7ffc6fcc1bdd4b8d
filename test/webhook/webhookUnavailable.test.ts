import { expect } from 'chai';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { MemoryEventStore } from '../../src/webhook/memoryEventStore.js';
import { RedisEventStore } from '../../src/webhook/redisEventStore.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { ThrowawayRedis } from './throwawayRedis.js';
import { CallCounter, newId, put, startHarness, type Harness } from './webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

const event = (id: string) => ({ notificationId: id, eventType: 'article_published', articleId: 'KB-9001' });

describe('webhook when the event cannot be recorded', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('[W7] answers 503 with an error body while the memory queue is full, then 204 once it has room', async () => {
    h = await startHarness('memory', { store: new MemoryEventStore({ maxPending: 2 }) });
    const calls = new CallCounter();
    h.receiver.events.on('article_published', calls.handler);
    const [x, y, z] = [newId(), newId(), newId()];
    expect((await put(h.url, event(x))).status).to.equal(204);
    expect((await put(h.url, event(y))).status).to.equal(204);
    const full = await put(h.url, event(z));
    expect(full.status).to.equal(503);
    expect(isErrorBodyFor(503, full.body)).to.equal(true);
    // A duplicate of a recorded event is still acknowledged while the queue is full.
    expect((await put(h.url, event(x))).status).to.equal(204);
    await h.receiver.start();
    await waitFor(async () => (await h!.store.pendingCount()) === 0, 'the queue to drain');
    expect((await put(h.url, event(z))).status).to.equal(204); // the event manager's retry
    await waitFor(() => calls.counts.has(z), 'the retried event');
    expect([...calls.counts.entries()].sort()).to.deep.equal([[x, 1], [y, 1], [z, 1]].sort());
  });

  it('[W7] answers 503 while its Redis connection is down, never 204, and handles each event once when it is back', async () => {
    const tenant = uniqueTenant('unavailable');
    const client = await createRedisConnection();
    h = await startHarness('redis', { tenant, store: new RedisEventStore({ client, tenant }) });
    const calls = new CallCounter();
    h.receiver.events.on('article_published', calls.handler);
    await h.receiver.start();
    const before = newId();
    expect((await put(h.url, event(before))).status).to.equal(204);
    await waitFor(() => calls.counts.has(before), 'the first event');

    client.destroy(); // the connection drops
    const during = [newId(), newId(), newId()];
    for (const id of during) {
      const r = await put(h.url, event(id));
      expect(r.status, 'no 204 while the store is down').to.equal(503);
      expect(isErrorBodyFor(503, r.body)).to.equal(true);
    }
    await client.connect();
    for (const id of during) expect((await put(h.url, event(id))).status).to.equal(204);
    for (const id of during) expect((await put(h.url, event(id))).status).to.equal(204); // duplicates
    await waitFor(() => during.every((id) => calls.counts.has(id)), 'the retried events');
    await waitFor(async () => (await h!.store.pendingCount()) === 0, 'all acknowledged');
    for (const id of [before, ...during]) expect(calls.counts.get(id), id).to.equal(1);
    await h.close(); // stop the consumer before removing its keys
    h = undefined;
    const admin = await createRedisConnection();
    try {
      await deleteTenantKeys(admin, tenant);
    } finally {
      await closeRedisConnection(admin);
      await closeRedisConnection(client);
    }
  });

  describe('with a redis-server of its own that stalls, then dies and comes back', () => {
    let redis: ThrowawayRedis | undefined;
    let client: RedisConnection | undefined;
    let side: RedisConnection | undefined;

    before(function () {
      if (!ThrowawayRedis.available()) {
        console.warn('    skipped: redis-server is not on PATH, so the stop/restart test cannot run');
        this.skip();
      }
    });
    afterEach(async () => {
      await h?.close();
      h = undefined;
      for (const c of [client, side]) if (c?.isOpen) c.destroy();
      await redis?.dispose();
      redis = undefined;
    });

    it('[W7] answers 503 when recording times out or Redis is gone, and after the restart every event is handled exactly once', async () => {
      redis = await ThrowawayRedis.create();
      await redis.start();
      client = await createRedisConnection({ url: redis.url });
      side = await createRedisConnection({ url: redis.url });
      const tenant = 'w7';
      h = await startHarness('redis', { tenant, store: new RedisEventStore({ client, tenant }), recordTimeoutMs: 300 });
      const calls = new CallCounter();
      h.receiver.events.on('article_published', calls.handler);

      const [a, b, c, d] = [newId(), newId(), newId(), newId()];
      expect((await put(h.url, event(a))).status).to.equal(204);
      expect((await put(h.url, event(b))).status).to.equal(204);

      // Redis stalls for 1.5 s: the record of c is sent but not answered within 300 ms.
      const stalled = side.sendCommand(['DEBUG', 'SLEEP', '1.5']);
      await new Promise((r) => setTimeout(r, 100)); // let the DEBUG SLEEP reach the server first
      const slow = await put(h.url, event(c));
      expect(slow.status).to.equal(503);
      await stalled;
      // The late write did happen: the event manager's retry is a duplicate, still acknowledged.
      expect((await put(h.url, event(c))).status).to.equal(204);

      // Redis dies: nothing is acknowledged while it is gone.
      await redis.kill();
      await waitFor(() => !client!.isReady, 'the client to notice');
      for (let i = 0; i < 3; i++) expect((await put(h.url, event(d))).status).to.equal(503);

      await redis.start();
      await waitFor(() => client!.isReady, { what: 'the client to reconnect', timeoutMs: 20_000 });
      expect((await put(h.url, event(d))).status).to.equal(204);
      for (const id of [a, b, c, d]) expect((await put(h.url, event(id))).status).to.equal(204);

      await h.receiver.start();
      await waitFor(() => calls.counts.size === 4, 'all four events handled');
      await waitFor(async () => (await h!.store.pendingCount()) === 0, 'all acknowledged');
      for (const id of [a, b, c, d]) expect(calls.counts.get(id), id).to.equal(1);
    });
  });
});
