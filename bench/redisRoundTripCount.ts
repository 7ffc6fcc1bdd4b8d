/**
 * Redis round trips of a steady-state turn: the echo bot on the local stack on a real Redis,
 * one customer message at a time (callback, turn, reply accepted by the hub) after a warm-up
 * (the conversation's first turns write its reference and index), every command on the
 * tenant's keys counted with MONITOR (redisCommandLog.ts), and every client write that carried
 * them, through a proxy (redisWireCounter.ts): commands written in the same tick are one round
 * trip. On a Redis Cluster the proxy stands in front of the master of the tenant's slot (every
 * key of a tenant is there), reached through REDIS_CLUSTER_ADDRESS_MAP as the bot would reach a
 * node behind NAT. Used by the bench rows and by the tests that keep the counts bounded.
 *
 * Two commands are not a turn's and are counted apart: the knowledge-event consumer's poll of
 * `webhook:events` (every 250 ms whether or not anybody talks), and the inbox worker's idle poll
 * (set to a minute here, so that none falls inside the window).
 *
 * Everything is bounded: each wait has a timeout, the whole count has a deadline, and the stack,
 * the MONITOR connection and the tenant's keys are removed whatever happens, so a count that
 * cannot finish fails with a message instead of leaving a promise that never settles.
 */
import { randomUUID } from 'node:crypto';
import { startLocalStack, type LocalStack } from '../cli/localStack.js';
import { EchoBot } from '../bots/echoBot.js';
import { MemoryInbox } from '../src/adapter/inbox/memoryInbox.js';
import { createLogger } from '../src/observability/logger.js';
import { closeRedisConnection, createRedisConnection } from '../src/redis/redisConnection.js';
import { tenantKey } from '../src/redis/tenantKey.js';
import { Customer } from '../test/e2e/customerClient.js';
import { deleteTenantKeys } from '../test/storage/redisTestTenant.js';
import { countByCommand, RedisCommandLog } from './redisCommandLog.js';
import { RedisWireCounter, type WireWrite } from './redisWireCounter.js';

/** What `countRoundTrips` measures, and how long it may take. */
export interface RoundTripCountOptions {
  /** The inbox: on Redis (every replica's), or in this process's memory (state etc. still on Redis). */
  inbox: 'redis' | 'memory';
  /** Turns counted; default 20. */
  turns?: number;
  /** Turns before the count; default 3. */
  warmUp?: number;
  /** The whole count fails after this; default 60 s. */
  deadlineMs?: number;
  /** Default redis://127.0.0.1:6379. */
  redisUrl?: string;
  /**
   * A Redis Cluster instead (REDIS_CLUSTER_NODES seeds): every key of a tenant is in one slot
   * (its hash tag), so the count watches the master that serves it.
   */
  cluster?: { seeds: string; masterOf(key: string): Promise<number> };
}

/** Commands and round trips per turn, in all and by command and key kind. */
export interface RoundTripCount {
  turns: number;
  /** Commands sent by the bot server per turn (background polls left out). */
  perTurn: number;
  /** Per turn, by command and the kind of its first key, e.g. `evalsha inbox:ready`. */
  byCommand: Map<string, number>;
  /**
   * Round trips per turn: client writes carrying the turn's commands (commands written in the
   * same tick travel in one), counted on the wire by a proxy (redisWireCounter.ts); on a
   * cluster, the writes to the master of the tenant's slot, which serves all of its keys.
   */
  roundTripsPerTurn: number;
  /** Per turn, by what one write carried, e.g. `evalsha inbox:ready + evalsha transcript:conversation-hub`. */
  byRoundTrip: Map<string, number>;
  /** The knowledge-event consumer's polls during the window, per second. */
  backgroundPerSecond: number;
}

const isBackground = (label: string) => label.includes(' webhook:');

/**
 * Counts the Redis commands of steady-state turns.
 *
 * @param opts - which inbox, how many turns, and the deadline
 */
export async function countRoundTrips(opts: RoundTripCountOptions): Promise<RoundTripCount> {
  const turns = opts.turns ?? 20;
  const warmUp = opts.warmUp ?? 3;
  const tenant = `bench-rt-${randomUUID().slice(0, 8)}`;
  const redisUrl = opts.cluster ? `redis://127.0.0.1:${await opts.cluster.masterOf(tenantKey(tenant))}` : (opts.redisUrl ?? 'redis://127.0.0.1:6379');
  const log = await RedisCommandLog.open(tenant, redisUrl);
  // The stack talks to Redis through the proxy that counts its writes: on a cluster, to the
  // master of the tenant's slot, which the cluster announces and the address map sends there.
  const target = new URL(redisUrl);
  const node = { host: target.hostname, port: Number(target.port || 6379) };
  const wire = await RedisWireCounter.open(tenant, node).catch((err: unknown) => {
    log.close();
    throw err;
  });
  const redisEnv = opts.cluster
    ? { REDIS_CLUSTER_NODES: opts.cluster.seeds, REDIS_CLUSTER_ADDRESS_MAP: `${node.host}:${node.port}=127.0.0.1:${wire.port}` }
    : { REDIS_URL: `redis://127.0.0.1:${wire.port}` };
  let stack: LocalStack | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the round-trip count did not finish within ${opts.deadlineMs ?? 60_000} ms`)), opts.deadlineMs ?? 60_000);
  });
  try {
    const work = (async () => {
      stack = await startLocalStack({
        bot: (deps) => new EchoBot(deps.storage),
        env: { ...redisEnv, PLATFORM_TENANT: tenant },
        logger: createLogger({ level: 'silent' }),
        worker: { pollIntervalMs: 60_000 },
        ...(opts.inbox === 'memory' ? { parts: { inbox: new MemoryInbox() } } : {}),
      });
      const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
      for (let i = 0; i < warmUp; i++) {
        await customer.say(`warm-up ${i}`);
        await customer.messages(i + 1);
      }
      log.start();
      wire.start();
      const t0 = performance.now();
      for (let i = 0; i < turns; i++) {
        await customer.say(`message ${i}`);
        await customer.messages(warmUp + i + 1);
      }
      // The window opens and closes at the same point of a turn (its reply seen by the
      // customer): the warm-up's last turn's tail (complete, transcript) counted at its start
      // stands for the tail of the last counted turn, which falls after its end.
      const seconds = (performance.now() - t0) / 1000;
      return { commands: log.stop(), writes: wire.stop(), seconds };
    })();
    work.catch(() => undefined); // the deadline may win; the stack is stopped below either way
    const { commands, writes, seconds } = await Promise.race([work, deadline]);
    const counts = countByCommand(commands);
    const byCommand = new Map<string, number>();
    let background = 0;
    for (const [label, n] of counts) {
      if (isBackground(label)) background += n;
      else byCommand.set(label, n / turns);
    }
    const perTurn = [...byCommand.values()].reduce((s, n) => s + n, 0);
    return { turns, perTurn, byCommand, backgroundPerSecond: background / seconds, ...roundTrips(writes, turns) };
  } finally {
    clearTimeout(timer);
    log.close();
    await wire.close();
    await stopWithin(stack, 15_000);
    await deleteTenant(tenant, redisUrl);
  }
}

/** The turn's writes per turn, by what each carried (background polls left out). */
function roundTrips(writes: WireWrite[], turns: number): Pick<RoundTripCount, 'roundTripsPerTurn' | 'byRoundTrip'> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const labels of writes) {
    const ours = labels.filter((label) => !isBackground(label));
    if (ours.length === 0) continue;
    const key = ours.join(' + ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
    total++;
  }
  return { roundTripsPerTurn: total / turns, byRoundTrip: new Map([...counts].map(([key, n]) => [key, n / turns])) };
}

async function stopWithin(stack: LocalStack | undefined, ms: number): Promise<void> {
  if (!stack) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([stack.stop().catch(() => undefined), new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/**
 * Removes every key of a bench tenant from the shared Redis.
 *
 * @param tenant - the bench's own tenant
 * @param url - default redis://127.0.0.1:6379
 */
export async function deleteTenant(tenant: string, url = 'redis://127.0.0.1:6379'): Promise<void> {
  const redis = await createRedisConnection({ url, connectTimeoutMs: 5000 });
  try {
    await deleteTenantKeys(redis, tenant);
  } finally {
    await closeRedisConnection(redis);
  }
}
