/**
 * Throttle precision: three core instances (three replicas, each with its own Redis
 * connection) share one Redis bucket and fire their calls at once against a local server.
 * At 0.16, 0.5, 1 and 5 req/s (plan rates of the section-8 table) it reports
 *  - the achieved rate as a share of the plan rate (goal >= 97 %), from the intervals between
 *    consecutive arrivals at the server (a few intervals suffice, so low rates stay short);
 *  - calls over the rate (goal 0), judged on the server's arrival times by the emulator's
 *    model of the platform's bucket (TenantRateLimiter: GCRA, burst 1, a jitter tolerance of
 *    min(50 ms, a quarter interval) that never raises the long-run rate);
 *  - for information, the same count by a strict bucket with no tolerance at all: on a loaded
 *    machine a timer that fires late shortens the next gap, and only the margin (2 %) absorbs it.
 * The baseline, run at the same time on other tenants, is the same three replicas each with a
 * bucket of its own (memory): what happens without a shared bucket.
 */
import { randomUUID } from 'node:crypto';
import { StaticTokenProvider } from '../src/platform/auth/staticTokenProvider.js';
import { createPlatformHttpCore } from '../src/platform/http/platformHttpCore.js';
import type { RequestSpec } from '../src/platform/http/types.js';
import type { BucketStore } from '../src/platform/throttle/bucketStore.js';
import { MemoryBucketStore } from '../src/platform/throttle/memoryBucketStore.js';
import { RedisBucketStore } from '../src/platform/throttle/redisBucketStore.js';
import { TenantRateLimiter } from '../src/emulator/limits/tenantRateLimiter.js';
import { rateFor, type Plan } from '../src/rates/rateLookup.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../src/redis/redisConnection.js';
import { tenantKey } from '../src/redis/tenantKey.js';
import { startRecordingServer } from '../test/platform/recordingServer.js';
import type { BenchRow } from './benchRow.js';

export const title = 'throttle precision: 3 replicas on one Redis bucket';

const REPLICAS = 3;
const accounts: RequestSpec = { method: 'GET', service: 'conversationmgr', path: '/accounts', template: '/accounts' };
const messages: RequestSpec = { method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', body: {} };

interface Case {
  rate: number;
  plan: Plan;
  spec: RequestSpec;
  /** Calls in all; n calls give n - 1 intervals. */
  calls: number;
}

const CASES: Case[] = [
  { rate: 0.16, plan: 'Developer', spec: accounts, calls: 3 },
  { rate: 0.5, plan: 'Basic', spec: accounts, calls: 6 },
  { rate: 1, plan: 'Enterprise', spec: accounts, calls: 9 },
  { rate: 5, plan: 'Enterprise', spec: messages, calls: 30 },
];

interface Measure {
  achieved: number;
  /** Calls the platform model refuses. */
  over: number;
  /** Calls a bucket without jitter tolerance refuses. */
  overStrict: number;
}

/** Replays arrival times through a limiter at the case's plan; counts the calls it refuses. */
function refused(c: Case, times: number[], toleranceMs?: number): number {
  let now = 0;
  const judge = new TenantRateLimiter(() => now, c.plan, toleranceMs);
  let count = 0;
  for (const t of times) {
    now = t;
    try {
      judge.take({ tenant: 'judge', service: 'conversationmgr', version: 'v3', method: c.spec.method, template: c.spec.template });
    } catch {
      count++;
    }
  }
  return count;
}

/** Fires the calls from three replicas at once; measures arrivals at a fresh local server. */
async function measure(c: Case, stores: BucketStore[], tenant: string): Promise<Measure> {
  const server = await startRecordingServer();
  server.reply('*', '*', { status: 202 });
  try {
    const replicas = stores.map((store) =>
      createPlatformHttpCore({ baseUrl: server.url, tenant, plan: c.plan, tokenProvider: new StaticTokenProvider('bench'), bucketStore: store }),
    );
    const perReplica = Math.ceil(c.calls / REPLICAS);
    await Promise.all(replicas.flatMap((core) => Array.from({ length: perReplica }, () => core.request(c.spec))));
    const times = server.requests.map((r) => r.arrivedAtMs).sort((a, b) => a - b);
    const achieved = ((times.length - 1) * 1000) / (times[times.length - 1] - times[0]);
    return { achieved, over: refused(c, times), overStrict: refused(c, times, 0) };
  } finally {
    await server.close();
  }
}

export async function run(): Promise<BenchRow[]> {
  for (const c of CASES) {
    const tableRate = rateFor({ service: c.spec.service, version: 'v3', plan: c.plan, method: c.spec.method, path: c.spec.template });
    if (tableRate !== c.rate) throw new Error(`${c.plan} ${c.spec.method} ${c.spec.template} is ${tableRate} req/s in the table, not ${c.rate}`);
  }
  const run = randomUUID();
  const connections: RedisConnection[] = [];
  for (let i = 0; i < REPLICAS; i++) connections.push(await createRedisConnection({ clientName: `bench-replica-${i}` }));
  try {
    const shared = connections.map((conn) => new RedisBucketStore(conn));
    // All cases and their baselines run at once (distinct tenants, distinct buckets): the run
    // lasts as long as the slowest case, a dozen seconds.
    const results = await Promise.all(
      CASES.map(async (c) => {
        const [ours, alone] = await Promise.all([
          measure(c, shared, `bench-${run}-${c.rate}`),
          measure(c, Array.from({ length: REPLICAS }, () => new MemoryBucketStore()), `bench-${run}-${c.rate}-alone`),
        ]);
        return { c, ours, alone };
      }),
    );
    return results.flatMap(({ c, ours, alone }): BenchRow[] => [
      {
        measure: `achieved rate at ${c.rate} req/s (${c.plan} ${c.spec.method} ${c.spec.template})`,
        value: ours.achieved,
        unit: 'req/s',
        baseline: { label: 'plan rate', value: c.rate },
        ratio: ours.achieved / c.rate,
        goal: 'ratio >= 0.97',
        pass: ours.achieved / c.rate >= 0.97,
      },
      {
        measure: `calls over the rate at ${c.rate} req/s, ${c.calls} calls`,
        value: ours.over,
        unit: 'calls',
        baseline: { label: 'a bucket per replica', value: alone.over },
        goal: '= 0',
        pass: ours.over === 0,
      },
      {
        measure: `  same, judged with no jitter tolerance`,
        value: ours.overStrict,
        unit: 'calls',
        baseline: { label: 'a bucket per replica', value: alone.overStrict },
      },
    ]);
  } finally {
    const keys = await connections[0].keys(`${tenantKey(`bench-${run}*`)}:*`).catch(() => [] as string[]);
    if (keys.length) await connections[0].del(keys);
    await Promise.all(connections.map((conn) => closeRedisConnection(conn)));
  }
}
