/**
 * The scale module's turn rows: per-turn CPU and reply p99 with 1,000, 10,000 and 100,000 open
 * conversations on Redis, against the same at 1,000 (goal: within 1.2x at 100,000).
 *
 * The open conversations are idle guided-help conversations, written straight into Redis in
 * the stored format (RedisStorage, batches of one script each, not 100,000 turns): each one's
 * dialog state and conversation reference, and the reference index's id lists holding their
 * ids, as one real conversation left them (its items read back and given a new conversation
 * id). Transcripts are not seeded: a turn only appends to its own. The active share is new
 * customers of the ready guided-help bot on the local stack, one at a time, each saying
 * hello and picking a topic; the process's CPU over those turns (bot, emulator and customers:
 * one process) is divided by the turns. The scale module runs it on its own stack and tenant,
 * after the memory rows (whose real conversations warm it up), and deletes the tenant after.
 *
 * Before each measured window a few unmeasured customers run (the turns' code is warm again
 * after seconds of seeding), then a full garbage collection: otherwise the window paid for
 * garbage made before it (the seeding's batches, the heap of the module's simulated days), a
 * major collection landing in the 100,000 window and not in the 1,000 one (1.2x to 1.5x in
 * runs where the main thread's CPU per turn did not grow).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { StoreItems } from 'botbuilder-core';
import type { LocalStack } from '../cli/localStack.js';
import { loadConfig } from '../src/config/config.js';
import type { RedisConnection } from '../src/redis/redisConnection.js';
import { indexShardOf, INDEX_SHARDS } from '../src/storage/conversationReferenceStore.js';
import { RedisStorage } from '../src/storage/redisStorage.js';
import { Customer, exchange } from '../test/e2e/customerClient.js';
import type { BenchRow } from './benchRow.js';
import { collectGarbage } from './collectGarbage.js';

const SIZES = [1_000, 10_000, 100_000];
// Turns are bound by the platform's rate for sending messages (5/s on Enterprise), not by the bot:
// 60 per size keeps the module's time reasonable; SCALE_ACTIVE_TURNS=300 for a closer p99.
const ACTIVE_TURNS = Number(process.env.SCALE_ACTIVE_TURNS ?? 60);
const TURNS_PER_CUSTOMER = 2;
const CONCURRENT_CUSTOMERS = 1;
const SEED_BATCH = 500;
const WARM_UP_CUSTOMERS = 5;
const MAX_RATIO = 1.2;

/** One customer's walk: hello, then a topic; the time from each message to its reply. */
async function activeCustomer(stack: LocalStack, latencies: number[]): Promise<string> {
  const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
  let t0 = performance.now();
  await exchange(customer, 'hello', (m) => m.type.value === 'richMessage.quickreply');
  latencies.push(performance.now() - t0);
  t0 = performance.now();
  await exchange(customer, 'Home internet', (m) => m.type.value === 'richMessage.listpicker');
  latencies.push(performance.now() - t0);
  return customer.conversationId;
}

/** Active turns, CONCURRENT_CUSTOMERS customers at a time: CPU per turn (ms) and reply p99 (ms). */
async function activeTurns(stack: LocalStack, turns: number): Promise<{ cpuMs: number; p99: number }> {
  const latencies: number[] = [];
  const customers = Math.ceil(turns / TURNS_PER_CUSTOMER);
  let next = 0;
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENT_CUSTOMERS }, async () => {
      while (next < customers) {
        next++;
        await activeCustomer(stack, latencies);
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / latencies.length, p99: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] };
}

/** An idle conversation's items, as a function of its id: one real conversation's, its id replaced. */
async function idleTemplate(storage: RedisStorage, conversationId: string): Promise<(id: string) => StoreItems> {
  const keys = [`guidedHelp/${conversationId}`, `conversationReferences/${conversationId}`];
  const items = await storage.read(keys);
  if (Object.keys(items).length !== keys.length) throw new Error('scale: the template conversation left no guided-help state');
  const json = JSON.stringify(keys.map((k) => ({ ...(items[k] as object), eTag: undefined })));
  return (id) => {
    const [dialog, reference] = JSON.parse(json.split(conversationId).join(id)) as object[];
    return { [`guidedHelp/${id}`]: dialog, [`conversationReferences/${id}`]: reference };
  };
}

/** Seeds idle conversations until there are `size`, with their ids added to the reference index's id lists. */
async function seedIdle(storage: RedisStorage, template: (id: string) => StoreItems, from: number, size: number): Promise<void> {
  const shards: string[][] = Array.from({ length: INDEX_SHARDS }, () => []);
  const t0 = performance.now();
  for (let done = from; done < size; ) {
    const n = Math.min(SEED_BATCH, size - done);
    const items: StoreItems = {};
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      Object.assign(items, template(id));
      shards[indexShardOf(id)].push(id);
    }
    await storage.write(items);
    done += n;
    if (done % 20_000 === 0 || done === size) process.stderr.write(`bench: scale: ${done.toLocaleString('en')} of ${size.toLocaleString('en')} idle conversations seeded (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  }
  // The index as the reference store keeps it on Redis: an id list per shard (idLists.ts).
  for (const [n, ids] of shards.entries()) await storage.addIds(`conversationReferences/~ids/${n}`, ids);
}

/**
 * The rows, on a running local stack whose tenant holds `templateConversation`, an idle
 * guided-help conversation (seeded ones copy its items); its real conversations warmed it up.
 */
export async function openConversationRows(stack: LocalStack, redis: RedisConnection, tenant: string, templateConversation: string): Promise<BenchRow[]> {
  const storage = new RedisStorage({ client: redis, tenant, ttlSeconds: loadConfig({}).STATE_TTL_SECONDS });
  const template = await idleTemplate(storage, templateConversation);
  const figures: { cpuMs: number; p99: number }[] = [];
  let seeded = 0;
  for (const size of SIZES) {
    await seedIdle(storage, template, seeded, size);
    seeded = size;
    for (let c = 0; c < WARM_UP_CUSTOMERS; c++) await activeCustomer(stack, []);
    collectGarbage();
    figures.push(await activeTurns(stack, ACTIVE_TURNS));
  }
  const [base] = figures;
  return SIZES.flatMap((size, i) => {
    const open = size.toLocaleString('en');
    const cpuRatio = figures[i].cpuMs / base.cpuMs;
    const p99Ratio = figures[i].p99 / base.p99;
    // The goal is at the largest size; the sizes between say how the cost grows on the way.
    const last = i === SIZES.length - 1;
    const goal = last ? { goal: `ratio <= ${MAX_RATIO}`, pass: cpuRatio <= MAX_RATIO } : {};
    const p99Goal = last ? { goal: `ratio <= ${MAX_RATIO}`, pass: p99Ratio <= MAX_RATIO } : {};
    return [
      { measure: `Redis: CPU per active turn with ${open} open guided-help conversations (${ACTIVE_TURNS} turns, customers ${CONCURRENT_CUSTOMERS} at a time)`, value: Number(figures[i].cpuMs.toFixed(3)), unit: 'ms', baseline: { label: 'the same at 1,000', value: Number(base.cpuMs.toFixed(3)) }, ratio: Number(cpuRatio.toFixed(2)), ...goal },
      { measure: `Redis: reply p99 with ${open} open guided-help conversations`, value: Number(figures[i].p99.toFixed(1)), unit: 'ms', baseline: { label: 'the same at 1,000', value: Number(base.p99.toFixed(1)) }, ratio: Number(p99Ratio.toFixed(2)), ...p99Goal },
    ];
  });
}
