/**
 * Replicas sharing one Redis bucket (L8), in real time. Timing is judged with wide tolerance
 * and only in the direction that cannot flake: the throttle never sends before its slot, so a
 * slow machine can only spread arrivals out, never bunch them beyond one delayed call.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { createPlatformHttpCore, type PlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import type { RequestSpec } from '../../../src/platform/http/types.js';
import type { BucketStore } from '../../../src/platform/throttle/bucketStore.js';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';
import { RedisBucketStore } from '../../../src/platform/throttle/redisBucketStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import { tenantKey } from '../../../src/redis/tenantKey.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { waitFor } from '../../support/waitFor.js';

const messages: RequestSpec = { method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', operation: 'messages.send', body: {} };
const RATE = 5; // req/s
const INTERVAL = 1000 / RATE;

describe('PlatformHttpCore: replicas share one Redis bucket (real Redis, real time)', () => {
  const tenant = `test-${randomUUID()}`;
  let server: RecordingServer;
  let redisA: RedisConnection;
  let redisB: RedisConnection;

  before(async () => {
    server = await startRecordingServer();
    server.reply('*', '*', { status: 202 });
    // Two connections, as two replicas would have.
    redisA = await createRedisConnection();
    redisB = await createRedisConnection();
  });
  after(async () => {
    const keys = await redisA.keys(`${tenantKey(tenant)}:*`);
    if (keys.length) await redisA.del(keys);
    await Promise.all([closeRedisConnection(redisA), closeRedisConnection(redisB)]);
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  function replica(store: BucketStore, t = tenant): PlatformHttpCore {
    return createPlatformHttpCore({ baseUrl: server.url, tenant: t, customRates: { name: 'custom', defaultRate: RATE }, tokenProvider: new StaticTokenProvider('t'), bucketStore: store });
  }

  /** Fires `perReplica` calls at once on each replica; returns real arrival times at the server, sorted. */
  async function burst(replicas: PlatformHttpCore[], perReplica: number): Promise<number[]> {
    await Promise.all(replicas.flatMap((r) => Array.from({ length: perReplica }, () => r.request(messages))));
    return server.requests.map((r) => r.arrivedAtMs).sort((a, b) => a - b);
  }

  /** The smallest span between arrivals i and i+k, less what k intervals allow; negative means over the rate. */
  function worstSlack(times: number[]): number {
    let worst = Infinity;
    for (let i = 0; i < times.length; i++) {
      for (let j = i + 1; j < times.length; j++) worst = Math.min(worst, times[j] - times[i] - (j - i) * INTERVAL);
    }
    return worst;
  }

  it('[L8] two core instances sharing one Redis bucket never exceed the rate between them', async () => {
    const times = await burst([replica(new RedisBucketStore(redisA)), replica(new RedisBucketStore(redisB))], 5);
    expect(times).to.have.length(10);
    // An arrival may be late by scheduling noise (a loaded machine delays a timer by tens of
    // ms), which shortens the gap to the next one; most of an interval of that is tolerated.
    // Without a shared bucket the slack is several intervals short (the control below).
    expect(worstSlack(times), `arrivals ${times.map((t) => Math.round(t - times[0])).join(' ')}`).to.be.greaterThan(-0.9 * INTERVAL);
  });

  it('[L8] control: the same two instances with buckets of their own do exceed it', async () => {
    const times = await burst([replica(new MemoryBucketStore(), `${tenant}-mem`), replica(new MemoryBucketStore(), `${tenant}-mem`)], 3);
    expect(worstSlack(times)).to.be.lessThan(-1.5 * INTERVAL);
  });

  it('[L8] a 429 seen by one replica holds back the other replica on that endpoint', async () => {
    let first = true;
    server.reply('*', '*', () => {
      if (first) {
        first = false;
        return { status: 429, body: { code: '429-001', developerMessage: 'Too many requests.' } };
      }
      return { status: 202 };
    });
    const a = replica(new RedisBucketStore(redisA), `${tenant}-penalty`);
    const b = replica(new RedisBucketStore(redisB), `${tenant}-penalty`);
    const aDone = a.request(messages);
    // Wait until A has recorded its penalty: the bucket then expires about 2 s out instead of 1.2 s.
    const key = tenantKey(`${tenant}-penalty`, 'rate', 'conversationmgr', 'v3', 'POST /conversations/messages');
    await waitFor(async () => (await redisA.pTTL(key)) >= 1500, { what: 'the penalty recorded by A', intervalMs: 5 });
    await b.request(messages);
    await aDone;
    const [refusedAt, ...later] = server.requests.map((r) => r.arrivedAtMs);
    // Nothing may arrive in the 1 s backoff that followed the 429 (sending early is impossible, so no flake).
    for (const t of later) expect(t - refusedAt).to.be.at.least(1000 - 5);
  });
});
