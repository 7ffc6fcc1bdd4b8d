/**
 * The botbuilder adapter under load, on loopback, in about a minute and a half:
 *
 * 1. Round trips (callback in → echo received at the sink), closed loop, 50 conversations,
 *    the same echo and the same text, for the servers, run in one child process
 *    (adapter/botHost.ts) while this process drives them and plays the hub (adapter/replySink.ts):
 *    (f) the floor: a bare restify handler that POSTs its echo with node:http keep-alive,
 *    (a) the same handler POSTing with fetch,
 *    (m) the botbuilder minimum: the floor's route running each message as a botbuilder turn
 *        of the same EchoBot (empty middleware, MemoryStorage), replying the floor's way,
 *    (b) botbuilder's CloudAdapter with the EchoBot, replying to a Bot Connector stub,
 *    (c) this adapter: startHubBotServer with the EchoBot, memory inbox, a real callback token,
 *        replies through the outbox to the sink (budget out of the way: a 1e9 req/s plan).
 *    Goals against the floor measured in the same run: (c)/(f) >= 0.6 in round trips per second
 *    (the median of the rounds' ratios), and server CPU per round trip (c)/(f) <= 1.5; (c)/(b)
 *    is shown without a goal, and so is (c)/(m): what our turn adds to botbuilder's own.
 * 2. Callback ack latency of (c) at 1,000 callbacks/s, open loop, from a generator in its own
 *    process (adapter/openLoopGenerator.ts), in slices interleaved with the floor handler (f) at
 *    the same rate as the baseline, and the botbuilder minimum (m) for its CPU per callback
 *    (adapter/ackRuns.ts). Goals: p99 <= 20 ms, and server CPU per callback (the turn behind it
 *    included) at most 2x the floor handler's; (c)/(m) is shown without a goal. Then (c) and
 *    (f) again at 70 % of the callbacks a second one core of (c) serves (from those slices):
 *    the ack p99 of a replica run with room, the goal proposed instead of the fixed 1,000/s.
 * 3. 200 conversations backlogged against the emulator on the Enterprise plan (5 POST
 *    /conversations/messages a second): messages per POST (>= 5), 429s (= 0), Jain's fairness
 *    over per-conversation replies in a window (>= 0.95) — for the server as `hubbot start`
 *    runs it (INBOX_CONCURRENCY default), and with the worker wide enough that every
 *    backlogged conversation has a reply waiting in the outbox (the outbox as the scheduler).
 *
 * Every server of 1 and 2 runs this package from its compiled dist/ (adapter/shippedBuild.ts;
 * `npm run bench` builds first).
 *
 * `npm run bench -- adapter`. ADAPTER_BENCH_CPU_PROF=<dir> writes a CPU profile of the server
 * process (`--cpu-prof`) for part 1 and 2.
 */
import { performance } from 'node:perf_hooks';
import type { BenchRow } from './benchRow.js';
import { ackRows } from './adapter/ackRows.js';
import { backlogRows, roundTripRows } from './adapter/adapterRows.js';
import { runBacklog, type BacklogOptions } from './adapter/backlogFairness.js';
import { runRoundTrips, type RoundTripSettings } from './adapter/roundTripRuns.js';

export const title = 'botbuilder adapter: round trips vs CloudAdapter and a bare handler; ack latency; budget sharing';

const ROUND_TRIPS: RoundTripSettings = {
  conversations: 50,
  warmupMessages: 1000,
  messagesPerRound: 1500,
  rounds: 4,
  ackRate: 1000,
  ackSeconds: 4,
  ackSlices: 4,
  ackConversations: 200,
};

const BACKLOG: Omit<BacklogOptions, 'workerConcurrency'> = {
  conversations: 200,
  // 200 x 16 = 3,200 waiting; at most 250 a second (5 POSTs of 50) leave in settle + window.
  messagesPerConversation: 16,
  settleMs: 2000,
  windowMs: 8000,
};

export async function run(): Promise<BenchRow[]> {
  const log = (line: string) => process.stderr.write(`  adapter: ${line}\n`);
  const t0 = performance.now();
  const trips = await runRoundTrips(ROUND_TRIPS, log);
  const rows = roundTripRows(trips, ROUND_TRIPS);
  rows.push(...ackRows(trips.ack, { rate: ROUND_TRIPS.ackRate, seconds: ROUND_TRIPS.ackSeconds, slices: ROUND_TRIPS.ackSlices, conversations: ROUND_TRIPS.ackConversations }));
  log(`round trips and acks done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  for (const workerConcurrency of [undefined, BACKLOG.conversations]) {
    const label = workerConcurrency ? `inbox worker concurrency ${workerConcurrency}` : 'default server (INBOX_CONCURRENCY default, 128)';
    log(`backlog: ${label}`);
    const backlog = await runBacklog({ ...BACKLOG, workerConcurrency });
    rows.push(...backlogRows(backlog, { conversations: BACKLOG.conversations, windowMs: BACKLOG.windowMs, label }));
  }
  log(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return rows;
}
