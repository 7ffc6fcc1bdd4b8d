/**
 * Redis round trips per steady-state turn (redisRoundTripCount.ts): the echo bot on the local
 * stack, the Redis inbox against the memory inbox (state, transcripts and rate buckets on Redis
 * in both), and the Redis inbox on a local Redis Cluster (six redis-server processes, MONITOR on
 * the master of the tenant's slot). Commands are counted with MONITOR, round trips on the wire
 * (a proxy between the stack and Redis, on a cluster in front of the master of the tenant's
 * slot: the commands one client write carries, written in the same tick, are one round trip).
 * Goal on the Redis inbox, on one node and on a cluster: at most 3 round trips per turn
 * (claim, complete, send). Rows by command and key kind, and by what each write carried, say
 * where the rest go.
 */
import { LocalRedisCluster } from '../cli/harness/localRedisCluster.js';
import type { BenchRow } from './benchRow.js';
import { countRoundTrips, type RoundTripCount } from './redisRoundTripCount.js';

export const title = 'Redis round trips per steady-state turn (echo bot, MONITOR)';

const GOAL = 3;
const TURNS = Number(process.env.ROUND_TRIP_TURNS ?? 30);

function rows(label: string, count: RoundTripCount, goal: boolean): BenchRow[] {
  const perTurn = Number(count.perTurn.toFixed(2));
  const trips = Number(count.roundTripsPerTurn.toFixed(2));
  const verdict = goal ? { baseline: { label: 'goal', value: GOAL }, ratio: Number((trips / GOAL).toFixed(2)), goal: `<= ${GOAL} (claim, complete, send)`, pass: trips <= GOAL } : {};
  return [
    { measure: `Redis round trips per turn, ${label} (${count.turns} turns one at a time; client writes on the wire, commands of one tick in one)`, value: trips, unit: 'round trips', ...verdict },
    ...[...count.byRoundTrip].sort((a, b) => b[1] - a[1]).map(([carried, n]) => ({ measure: `  of which ${carried}`, value: Number(n.toFixed(2)), unit: 'per turn' })),
    { measure: `Redis commands per turn, ${label} (${count.turns} turns one at a time; MONITOR)`, value: perTurn, unit: 'commands' },
    ...[...count.byCommand].sort((a, b) => b[1] - a[1]).map(([command, n]) => ({ measure: `  of which ${command}`, value: Number(n.toFixed(2)), unit: 'per turn' })),
    { measure: `  not a turn's: the knowledge-event consumer's poll (${label})`, value: Number(count.backgroundPerSecond.toFixed(1)), unit: 'per second' },
  ];
}

/** The Redis inbox on a Redis Cluster of its own (skipped, with a row saying so, without redis-server). */
async function onCluster(): Promise<BenchRow[]> {
  if (!LocalRedisCluster.available()) return [{ measure: 'Redis round trips per turn, Redis inbox on a Redis Cluster: not measured (no redis-server here)', value: 0, unit: 'round trips' }];
  const cluster = await LocalRedisCluster.start({ basePort: 17101, exclusive: true });
  try {
    const count = await countRoundTrips({ inbox: 'redis', turns: TURNS, deadlineMs: 120_000, cluster: { seeds: cluster.seeds, masterOf: (key) => cluster.masterOf(key) } });
    return rows('Redis inbox on a Redis Cluster', count, true);
  } finally {
    await cluster.stop();
  }
}

export async function run(): Promise<BenchRow[]> {
  const onRedis = await countRoundTrips({ inbox: 'redis', turns: TURNS });
  const inMemory = await countRoundTrips({ inbox: 'memory', turns: TURNS });
  return [...rows('Redis inbox', onRedis, true), ...rows('memory inbox', inMemory, false), ...(await onCluster())];
}
