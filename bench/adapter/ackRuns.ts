/**
 * The open-loop ack test: our callback route, the floor handler and the botbuilder minimum at
 * the same fixed rate, in interleaved slices (floor, minimum, ours, floor, …) so that a change in
 * the machine's load falls on all alike, from a generator in its own process. The minimum is
 * there for its CPU per callback: the floor does no turn at all, the minimum the least
 * botbuilder turn, so ours against each says what a turn costs and what ours adds to it. Per slice it also records how busy each
 * process was, to tell whether a high p99 comes from our server (its process near 100 % of a
 * core while the floor's is not) or from the machine (the floor's p99 high too, or the
 * generator late on its own schedule).
 */
import { loadavg } from 'node:os';
import type { BotHost } from './botHostProcess.js';
import type { EchoTarget } from './closedLoop.js';
import { openLoop, type OpenLoopResult } from './openLoop.js';
import { startGeneratorProcess } from './openLoopProcess.js';
import type { ReplySink } from './replySink.js';
import { percentile } from '../webhookLoadGenerator.js';

export interface AckSettings {
  rate: number;
  /** Seconds of open loop per server, in `slices` interleaved slices. */
  seconds: number;
  slices: number;
  conversations: number;
}

/** One slice of one server. */
export interface AckSlice {
  p50: number;
  p99: number;
  achievedRate: number;
  sendLagP99Ms: number;
  /** Server-process CPU over the slice's wall time (1 = one core busy throughout). */
  serverCpuShare: number;
  /**
   * Server-process CPU per callback, ms, the work behind its ack included. Unlike the share it
   * does not depend on how much CPU the machine left the server: 1,000 / this is the most
   * callbacks a second one core can serve, so above the rate the server cannot keep up.
   */
  serverCpuMsPerCallback: number;
  generatorCpuShare: number;
  /**
   * POSTs at the hub per callback: ours batches the replies of turns that finish together (the
   * budget here is unlimited, so a POST leaves as soon as the one before it is answered); the
   * floor and the minimum post each reply alone.
   */
  hubPostsPerCallback: number;
  /** Echoes per second at the sink, first callback to last echo. */
  replyRate: number;
}

/** The servers of the open loop (names of roundTripRuns.ts's ServerName). */
export type AckServer = 'floor' | 'botbuilder' | 'hub';
const ACK_SERVERS: readonly AckServer[] = ['floor', 'botbuilder', 'hub'];

export interface AckResults {
  /** Ours, the floor handler and the botbuilder minimum at the same rate (slices merged). */
  hub: OpenLoopResult;
  floor: OpenLoopResult;
  botbuilder: OpenLoopResult;
  slices: Record<AckServer, AckSlice[]>;
  /** The machine's 1-minute load average after the slices (other work on it lands on some slices more than others). */
  loadAverage: number;
}

export async function runAckSlices(
  s: AckSettings,
  targets: Record<AckServer, EchoTarget>,
  host: BotHost,
  sink: ReplySink,
  progress: (line: string) => void,
): Promise<AckResults> {
  const generator = startGeneratorProcess();
  try {
    const count = Math.round((s.rate * s.seconds) / s.slices);
    const opts = { rate: s.rate, count, conversations: s.conversations };
    progress(`open loop ${s.rate}/s: warm-up`);
    for (const name of ['hub', 'floor', 'botbuilder'] as const) {
      await openLoop(generator, targets[name], sink, { ...opts, count: Math.round(s.rate / 2), prefix: `ack-warm-${name}` });
    }
    const runs: Record<AckServer, OpenLoopResult[]> = { floor: [], botbuilder: [], hub: [] };
    const slices: Record<AckServer, AckSlice[]> = { floor: [], botbuilder: [], hub: [] };
    for (let i = 0; i < s.slices; i++) {
      for (const name of ACK_SERVERS) {
        const cpu0 = await host.cpuMs();
        const posts0 = sink.counts.hubPosts;
        const r = await openLoop(generator, targets[name], sink, { ...opts, prefix: `ack-${i}-${name}` });
        // The server's CPU is read after the echoes drained: the work behind the acks counts too,
        // over the time it took (sends, then the drain).
        const serverCpu = (await host.cpuMs()) - cpu0;
        const busyMs = r.wallMs + (r.drainMs ?? 0);
        const slice: AckSlice = {
          p50: percentile(r.ackLatenciesMs, 50),
          p99: percentile(r.ackLatenciesMs, 99),
          achievedRate: r.achievedRate,
          sendLagP99Ms: r.sendLagP99Ms,
          serverCpuShare: serverCpu / busyMs,
          serverCpuMsPerCallback: serverCpu / count,
          generatorCpuShare: r.generatorCpuMs / r.wallMs,
          hubPostsPerCallback: (sink.counts.hubPosts - posts0) / count,
          replyRate: r.replyRate,
        };
        runs[name].push(r);
        slices[name].push(slice);
        progress(
          `open loop ${s.rate}/s slice ${i + 1} ${name}: ack p50 ${slice.p50.toFixed(1)} p99 ${slice.p99.toFixed(1)} ms, sent ${slice.achievedRate.toFixed(0)}/s ` +
            `(send lag p99 ${slice.sendLagP99Ms.toFixed(1)} ms), server CPU ${(slice.serverCpuShare * 100).toFixed(0)} % (${slice.serverCpuMsPerCallback.toFixed(2)} ms/callback), generator CPU ${(slice.generatorCpuShare * 100).toFixed(0)} %`,
        );
      }
    }
    return { hub: mergeOpenLoop(runs.hub), floor: mergeOpenLoop(runs.floor), botbuilder: mergeOpenLoop(runs.botbuilder), slices, loadAverage: loadavg()[0]! };
  } finally {
    await generator.stop();
  }
}

/**
 * Slices of one server as one run: latencies together, echo rate averaged; the generator's
 * rate and the drain are the worst slice's (a generator that fell behind means the machine,
 * not the server, set the latencies).
 */
function mergeOpenLoop(rs: OpenLoopResult[]): OpenLoopResult {
  const sum = (f: (r: OpenLoopResult) => number) => rs.reduce((a, r) => a + f(r), 0);
  const drains = rs.map((r) => r.drainMs);
  return {
    ackLatenciesMs: rs.flatMap((r) => r.ackLatenciesMs),
    non2xx: sum((r) => r.non2xx),
    achievedRate: Math.min(...rs.map((r) => r.achievedRate)),
    sendLagP99Ms: Math.max(...rs.map((r) => r.sendLagP99Ms)),
    replies: sum((r) => r.replies),
    drainMs: drains.some((d) => d === undefined) ? undefined : Math.max(...(drains as number[])),
    replyRate: sum((r) => r.replyRate) / rs.length,
    generatorCpuMs: sum((r) => r.generatorCpuMs),
    wallMs: sum((r) => r.wallMs),
  };
}
