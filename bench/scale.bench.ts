/**
 * Scale: how cost grows with the number of open conversations.
 * - The memory inbox's claim (claim + complete of one item) with 1,000, 10,000 and 100,000
 *   conversations pending, against the same at 1,000: a heap gives O(log n), so the goal is a
 *   ratio of at most 2 at 100,000 (log 100,000 / log 1,000 is 1.67; a scan would be 100).
 * - Redis memory of one idle guided-help conversation, measured on real conversations: the
 *   ready guided-help bot on the local stack on Redis, each customer in the middle of a
 *   troubleshooting session (topic picked, a question asked), then every key of the tenant read
 *   with MEMORY USAGE and summed by kind. Goal: at most 3 KB per idle conversation, state
 *   included. The rows per kind say what each key costs.
 *
 * - The embedded default's memory over simulated days (fake time): HubMemoryStorage with the
 *   default state lifetime (STATE_TTL_SECONDS, 24 h), 100,000 conversations a day passing
 *   through, each writing guided-help-sized state at five turns a minute apart and then going
 *   idle or ending. Memory fills during the first lifetime, then stays flat: the goal is a heap
 *   over the second day within 1.1x of its lowest point.
 *
 * - Per-turn CPU and reply p99 with 1,000, 10,000 and 100,000 open conversations on Redis
 *   (openConversationsScale.ts): idle ones seeded straight into Redis, new customers active.
 *   Goal: at 100,000 within 1.2x of the figures at 1,000.
 *
 * Redis round trips per turn have their own module (redisRoundTrips.bench.ts).
 */
import { performance } from 'node:perf_hooks';
import { MemoryInbox } from '../src/adapter/inbox/memoryInbox.js';
import { HubMemoryStorage } from '../src/storage/memoryStorage.js';
import { loadConfig } from '../src/config/config.js';
import type { RedisConnection } from '../src/redis/redisConnection.js';
import { tenantKey } from '../src/redis/tenantKey.js';
import type { BenchRow } from './benchRow.js';
import { openConversationRows } from './openConversationsScale.js';
import { leaveIdleConversations, withGuidedHelpOnRedis } from './idleConversations.js';
import { collectGarbage } from './collectGarbage.js';

export const title = 'scale: the memory inbox claim, Redis memory per idle conversation, turns with many open conversations';

const SIZES = [1_000, 10_000, 100_000];
const CLAIMS = 20_000;
const IDLE_CONVERSATIONS = Number(process.env.SCALE_IDLE_CONVERSATIONS ?? 100);
const MAX_IDLE_BYTES = 3 * 1024;

/** Microseconds per claim + complete with `pending` conversations waiting, each one item. */
async function claimMicros(pending: number): Promise<number> {
  let clock = 1_000_000;
  const inbox = new MemoryInbox({ now: () => clock });
  const item = (id: string) => ({ id, payload: { text: 'x' }, receivedAt: clock });
  for (let c = 0; c < pending; c++) await inbox.append(`c${c}`, item(`i${c}`));
  let next = pending;
  const t0 = performance.now();
  for (let i = 0; i < CLAIMS; i++) {
    clock++;
    const claim = (await inbox.claim('w', 30_000))!;
    await inbox.complete(claim);
    // One conversation done, one more arrives: the number pending stays the same.
    await inbox.append(`c${next}`, item(`i${next}`));
    next++;
  }
  const micros = ((performance.now() - t0) * 1000) / CLAIMS;
  await inbox.close();
  return micros;
}

async function claimRows(): Promise<BenchRow[]> {
  await claimMicros(1_000); // warm-up: the JIT, not the size, would otherwise dominate the first row
  const figures: number[] = [];
  for (const size of SIZES) figures.push(await claimMicros(size));
  const base = figures[0];
  return SIZES.map((size, i) => {
    const ratio = figures[i] / base;
    return {
      measure: `memory inbox: claim + complete with ${size.toLocaleString('en')} conversations pending`,
      value: Number(figures[i].toFixed(2)),
      unit: 'µs',
      baseline: { label: 'the same at 1,000', value: Number(base.toFixed(2)) },
      ratio: Number(ratio.toFixed(2)),
      ...(i === 0 ? {} : { goal: 'ratio <= 2 (O(log n))', pass: ratio <= 2 }),
    };
  });
}

/** The kind of a tenant key: its first segment after the tenant, e.g. `state`, `inbox`, `transcript`. */
function kindOf(key: string, prefix: string): string {
  return key.slice(prefix.length + 1).split(':')[0] || '(tenant)';
}

/**
 * Redis memory per idle conversation, then turns with many open conversations: one local stack
 * on Redis for both (the real conversations of the first warm the second), in a tenant of its
 * own, deleted after.
 */
async function redisRows(): Promise<BenchRow[]> {
  return withGuidedHelpOnRedis('scale', async (stack, redis, tenant) => {
    const customers = await leaveIdleConversations(stack, IDLE_CONVERSATIONS, (n) => process.stderr.write(`bench: scale: ${n} of ${IDLE_CONVERSATIONS} idle conversations opened\n`));
    const memory = await idleMemoryRows(redis, tenant);
    return [...memory, ...(await openConversationRows(stack, redis, tenant, customers[0].conversationId))];
  });
}

/** Every key of the tenant read with MEMORY USAGE, summed by kind, per idle conversation. */
async function idleMemoryRows(redis: RedisConnection, tenant: string): Promise<BenchRow[]> {
  const prefix = tenantKey(tenant);
  const bytesByKind = new Map<string, { bytes: number; keys: number }>();
  for await (const batch of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
    for (const key of batch) {
      const bytes = (await redis.memoryUsage(key)) ?? 0;
      const kind = kindOf(key, prefix);
      const sum = bytesByKind.get(kind) ?? { bytes: 0, keys: 0 };
      bytesByKind.set(kind, { bytes: sum.bytes + bytes, keys: sum.keys + 1 });
    }
  }
  const total = [...bytesByKind.values()].reduce((s, k) => s + k.bytes, 0) / IDLE_CONVERSATIONS;
  const rows: BenchRow[] = [
    {
      measure: `Redis memory per idle guided-help conversation (${IDLE_CONVERSATIONS} real conversations, every key of the tenant)`,
      value: Math.round(total),
      unit: 'B',
      baseline: { label: 'goal 3 KB', value: MAX_IDLE_BYTES },
      ratio: Number((total / MAX_IDLE_BYTES).toFixed(2)),
      goal: '<= 3 KB',
      pass: total <= MAX_IDLE_BYTES,
    },
  ];
  for (const [kind, sum] of [...bytesByKind].sort((a, b) => b[1].bytes - a[1].bytes)) {
    rows.push({ measure: `  of which '${kind}' keys (${sum.keys} keys)`, value: Math.round(sum.bytes / IDLE_CONVERSATIONS), unit: 'B per conversation' });
  }
  return rows;
}

const CONVERSATIONS_PER_DAY = Number(process.env.SCALE_CONVERSATIONS_PER_DAY ?? 100_000);
const TURNS_PER_CONVERSATION = 5;
const DAY_MS = 24 * 3600_000;

/**
 * Two simulated days of the embedded default's state: a conversation arrives every
 * day / CONVERSATIONS_PER_DAY, and each writes its state (about 1.9 KB, as guided help after ten
 * answers) at five turns a minute apart, then is never written again (ended or idle). The heap
 * and the items held are read every simulated hour.
 */
async function memoryOverADayRows(): Promise<BenchRow[]> {
  const ttlSeconds = loadConfig({}).STATE_TTL_SECONDS;
  let clock = Date.UTC(2026, 0, 1);
  const storage = new HubMemoryStorage({ ttlSeconds, now: () => clock });
  const stepMs = DAY_MS / CONVERSATIONS_PER_DAY;
  const turnGap = Math.max(1, Math.round(60_000 / stepMs)); // arrivals in one minute
  const steps = 2 * CONVERSATIONS_PER_DAY;
  const answers = Array.from({ length: 10 }, (_, i) => ({ question: `q${i}`, answer: 'x'.repeat(120), at: i }));
  const samples: { hour: number; heap: number; items: number }[] = [];
  for (let i = 0; i < steps + turnGap * TURNS_PER_CONVERSATION; i++) {
    clock += stepMs;
    for (let turn = 0; turn < TURNS_PER_CONVERSATION; turn++) {
      const c = i - turn * turnGap;
      if (c < 0 || c >= steps) continue;
      await storage.write({ [`conversation-hub/conversations/c${c}/`]: { dialog: { topic: 'Home internet', turn, answers } } });
    }
    if (i % Math.round(3600_000 / stepMs) === 0) {
      collectGarbage();
      samples.push({ hour: Math.round((i * stepMs) / 3600_000), heap: process.memoryUsage().heapUsed, items: storage.size });
    }
  }
  const secondDay = samples.filter((s) => s.hour > 24 && s.hour <= 48);
  const heaps = secondDay.map((s) => s.heap);
  const growth = Math.max(...heaps) / Math.min(...heaps);
  const items = secondDay.map((s) => s.items);
  const perDay = CONVERSATIONS_PER_DAY.toLocaleString('en');
  return [
    {
      measure: `embedded default (HubMemoryStorage, lifetime ${ttlSeconds / 3600} h): heap over the second simulated day, ${perDay} conversations a day, highest / lowest`,
      value: Number(growth.toFixed(3)),
      unit: 'ratio',
      baseline: { label: 'lowest heap of the day, MB', value: Math.round(Math.min(...heaps) / 2 ** 20) },
      ratio: Number(growth.toFixed(3)),
      goal: '<= 1.1 (flat)',
      pass: growth <= 1.1,
    },
    { measure: `  items held over the second day, lowest to highest (a day of conversations: ${perDay})`, value: Math.min(...items), unit: `to ${Math.max(...items)} items` },
    { measure: '  items held at the end of the first day (memory fills during one lifetime)', value: samples.find((s) => s.hour === 24)?.items ?? 0, unit: 'items' },
  ];
}

export async function run(): Promise<BenchRow[]> {
  return [...(await claimRows()), ...(await memoryOverADayRows()), ...(await redisRows())];
}
