/**
 * Redis stops for a few seconds under two replicas, twice: frozen (SIGSTOP, then SIGCONT:
 * connections stay open and every command waits, the hardest case for a replica, which must
 * not hang the hub's callbacks), then killed (SIGKILL) and restarted from its append-only file.
 * It is a redis-server of this test's own; the machine's shared Redis on 6379 is never touched.
 *
 * While it is down, the replicas refuse what they cannot record with a retryable 503 (hub
 * callbacks and knowledge events alike), never an ack. The emulated hub retries a callback
 * answered 503 (after 1, 2, 4 and 8 s: an assumption, see src/emulator/hub/callbackDelivery.ts), and a
 * callback redelivered afterwards is handled once. Leases are 10 s, longer than the outage, as
 * the 30 s default is in production.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { startReplicaHarness, type ReplicaHarness } from '../../cli/harness/replicaHarness.js';
import { probeReply } from '../../cli/harness/probeBot.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { ThrowawayRedis } from '../webhook/throwawayRedis.js';
import { webhookSignatureHeaders } from '../../src/schemas/webhookSignature.js';
import { closeRedisConnection, createRedisConnection } from '../../src/redis/redisConnection.js';
import { RedisEventStore } from '../../src/webhook/redisEventStore.js';
import { dumpOnFailure, emulatorLog, expectRepliesOnce, openCustomers } from './reliabilityKit.js';
import { waitFor, within } from '../support/waitFor.js';

const articleEvent = (notificationId: string) => ({ notificationId, eventType: 'article_published', articleId: 'KB-1001' });

describe('reliability: Redis stops for a few seconds', function () {
  this.timeout(90_000);
  let redis: ThrowawayRedis | undefined;
  let h: ReplicaHarness | undefined;
  let redisPid = 0;
  let frozen = false;
  const freeze = (on: boolean) => {
    process.kill(redisPid, on ? 'SIGSTOP' : 'SIGCONT');
    frozen = on;
  };

  before(async function () {
    if (!ThrowawayRedis.available()) {
      console.warn('    skipped: redis-server is not on PATH, so the Redis outage test cannot run');
      this.skip();
    }
    redis = await ThrowawayRedis.create();
    await redis.start();
    const admin = await createRedisConnection({ url: redis.url });
    try {
      redisPid = Number(/process_id:(\d+)/.exec(await admin.info('server'))?.[1]);
    } finally {
      await closeRedisConnection(admin);
    }
    h = await startReplicaHarness({ replicas: 2, redisUrl: redis.url, leaseMs: 10_000, pollIntervalMs: 100 });
  });
  after(async () => {
    if (frozen) freeze(false);
    await h?.stop();
    await redis?.dispose();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await dumpOnFailure(h);
  });

  const putEvent = async (notificationId: string) => {
    const body = JSON.stringify(articleEvent(notificationId));
    const res = await fetch(h!.webhookUrl, { method: 'PUT', headers: { 'content-type': 'application/json', ...webhookSignatureHeaders(h!.webhookSecret, body, Date.now()) }, body });
    return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
  };
  const handledCount = (notificationId: string) => h!.knowledgeEvents.filter((e) => e.notificationId === notificationId).length;
  /** The hub's callbacks for a conversation the replicas refused with 503. */
  const refusedCallbacks = async (conversationId: string) => (await emulatorLog(h!, 'callback')).filter((e) => e.conversationId === conversationId && e.status === 503).length;
  /** Resolves once every knowledge event recorded is acknowledged: none is left for a replica to take. */
  const eventsSettled = async () => {
    const conn = await createRedisConnection({ url: redis!.url });
    try {
      const store = new RedisEventStore({ client: conn, tenant: h!.tenant });
      await waitFor(async () => (await store.pendingCount()) === 0, { what: 'every knowledge event acknowledged', timeoutMs: 20_000 });
    } finally {
      await closeRedisConnection(conn);
    }
  };

  it('[W7] [W3] [B4] [B5] Redis frozen: refuses with 503 (never an ack), loses nothing acknowledged, handles each redelivery once when it answers again', async () => {
    const hx = h!;
    const [c, other] = await openCustomers(hx, 2);
    await c.say('r1');
    await expectRepliesOnce(hx, c, [probeReply('r1', 1)]);
    const e1 = randomUUID();
    expect((await putEvent(e1)).status).to.equal(204);
    await waitFor(() => handledCount(e1) === 1, { what: 'the first event handled', timeoutMs: 20_000 });

    // The hub's credentials for a callback of our own (the hub's redelivery, later on).
    const tokenRes = await fetch(hx.botClient.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: hx.botClient.clientId, client_secret: hx.botClient.clientSecret }),
    });
    const { access_token: hubToken } = (await tokenRes.json()) as { access_token: string };
    const direct = { messages: { message: [{ id: randomUUID(), sender: { type: 'customer' }, type: { value: 'text' }, content: { text: 'direct' }, conversation: { id: other.conversationId } }] } };
    const callback = () => fetch(hx.callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${hubToken}` }, body: JSON.stringify(direct) });

    // r2 is acknowledged and its turn under way (held 1.5 s) when Redis stops.
    const held = 'r2 hold=1500';
    const started = hx.nextTurn((t) => t.turn.text === held);
    await c.say(held);
    await started;
    freeze(true);

    // While it is stopped: the hub's callbacks and the event manager's deliveries get 503.
    await c.say('r3');
    await c.say('r4');
    const refused = await callback();
    expect(refused.status, 'a callback that cannot be recorded').to.equal(503);
    expect(isErrorBodyFor(503, await refused.json())).to.equal(true);
    const e2 = randomUUID();
    const down = await putEvent(e2);
    expect(down.status, 'a knowledge event that cannot be recorded').to.equal(503);
    expect(isErrorBodyFor(503, down.body)).to.equal(true);
    // Redis stays stopped until the hub has had a callback refused and its retry (1 s later)
    // refused again: by then the held turn (1.5 s) has ended while Redis was stopped.
    await waitFor(async () => (await refusedCallbacks(c.conversationId)) >= 2, { what: 'the hub\'s callback and its retry refused', timeoutMs: 20_000, intervalMs: 100 });

    freeze(false);
    // Everything acknowledged before, and everything refused during, arrives once, in order.
    await expectRepliesOnce(hx, c, [probeReply('r1', 1), probeReply(held, 2), probeReply('r3', 3), probeReply('r4', 4)], 60_000);
    const callbacks = (await emulatorLog(hx, 'callback')).filter((e) => e.conversationId === c.conversationId);
    expect(callbacks.some((e) => e.status === 503), 'the hub saw its callbacks refused with 503').to.equal(true);
    const failures = ((await (await fetch(`${hx.emulator.url}/emulator/callback-failures`)).json()) as { failure: { conversationId: string }[] }).failure;
    expect(failures.filter((f) => f.conversationId === c.conversationId), 'callbacks given up by the hub').to.deep.equal([]);

    // The hub's redelivery of the refused callback, and the event manager's retry, are handled once.
    // The replica that gets it may still be reconnecting: it refuses (503) until it can record it.
    const redelivered = await waitFor(async () => {
      const res = await callback();
      return res.status === 503 ? undefined : res;
    }, { what: 'a redelivery that is not refused', timeoutMs: 10_000, intervalMs: 100 });
    expect(redelivered.status).to.equal(200);
    expect((await callback()).status, 'a second redelivery is a duplicate, still acknowledged').to.equal(200);
    await expectRepliesOnce(hx, other, [probeReply('direct', 1)], 30_000);
    expect((await putEvent(e2)).status).to.equal(204);
    for (const id of [e1, e2]) expect((await putEvent(id)).status, 'a repeated event is acknowledged').to.equal(204);
    await waitFor(() => handledCount(e2) >= 1, { what: 'the retried event handled', timeoutMs: 20_000 });
    await eventsSettled();
    expect([handledCount(e1), handledCount(e2)], 'each event handled once over both replicas').to.deep.equal([1, 1]);
  });

  it('[W7] [B4] [B5] Redis killed and restarted: the turn under way and the messages refused meanwhile are handled once, in order', async () => {
    const hx = h!;
    const [c] = await openCustomers(hx, 1);
    await c.say('x1');
    await expectRepliesOnce(hx, c, [probeReply('x1', 1)]);
    const held = 'x2 hold=1500';
    const started = hx.nextTurn((t) => t.turn.text === held);
    await c.say(held);
    await started;
    await redis!.kill();

    await c.say('x3');
    const e3 = randomUUID();
    expect((await putEvent(e3)).status, 'a knowledge event while Redis is dead').to.equal(503);
    await waitFor(async () => (await refusedCallbacks(c.conversationId)) >= 1, { what: 'the hub\'s callback for x3 refused', timeoutMs: 20_000, intervalMs: 100 });
    // ThrowawayRedis.start() can throw from its readiness probe on a restart ("The client is
    // closed"); the server it spawned is tracked all the same, so wait for it here.
    await redis!.start().catch(() => undefined);
    const probe = await within(createRedisConnection({ url: redis!.url }), { what: 'redis to come back', timeoutMs: 15_000 });
    await closeRedisConnection(probe);

    await expectRepliesOnce(hx, c, [probeReply('x1', 1), probeReply(held, 2), probeReply('x3', 3)], 60_000);
    expect((await putEvent(e3)).status).to.equal(204);
    await waitFor(() => handledCount(e3) >= 1, { what: 'the retried event handled', timeoutMs: 20_000 });
    await eventsSettled();
    expect(handledCount(e3), 'handled once over both replicas').to.equal(1);
  });
});
