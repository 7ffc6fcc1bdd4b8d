/**
 * Redis round trips per steady-state turn (redisRoundTripCount.ts): the echo bot on the local
 * stack, the Redis inbox against the memory inbox (state, transcripts and rate buckets on Redis
 * in both), counted with MONITOR. Goal on the Redis inbox: at most 3 per turn (claim, complete,
 * send). Rows by command and key kind say where the rest go.
 */
import type { BenchRow } from './benchRow.js';
import { countRoundTrips, type RoundTripCount } from './redisRoundTripCount.js';

export const title = 'Redis round trips per steady-state turn (echo bot, MONITOR)';

const GOAL = 3;
const TURNS = Number(process.env.ROUND_TRIP_TURNS ?? 30);

function rows(label: string, count: RoundTripCount, goal: boolean): BenchRow[] {
  const perTurn = Number(count.perTurn.toFixed(2));
  return [
    {
      measure: `Redis round trips per turn, ${label} (${count.turns} turns one at a time)`,
      value: perTurn,
      unit: 'commands',
      ...(goal ? { baseline: { label: 'goal', value: GOAL }, ratio: Number((perTurn / GOAL).toFixed(2)), goal: `<= ${GOAL} (claim, complete, send)`, pass: perTurn <= GOAL } : {}),
    },
    ...[...count.byCommand]
      .sort((a, b) => b[1] - a[1])
      .map(([command, n]) => ({ measure: `  of which ${command}`, value: Number(n.toFixed(2)), unit: 'per turn' })),
    { measure: `  not a turn's: the knowledge-event consumer's poll (${label})`, value: Number(count.backgroundPerSecond.toFixed(1)), unit: 'per second' },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const onRedis = await countRoundTrips({ inbox: 'redis', turns: TURNS });
  const inMemory = await countRoundTrips({ inbox: 'memory', turns: TURNS });
  return [...rows('Redis inbox', onRedis, true), ...rows('memory inbox', inMemory, false)];
}
