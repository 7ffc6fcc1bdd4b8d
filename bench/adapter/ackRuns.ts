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
import { startGeneratorProcess, type GeneratorProcess } from './openLoopProcess.js';
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
  /**
   * Ours and the floor again, at HEADROOM of the callbacks a second one core of ours serves
   * (from the slices above): the acks of a replica run with room, as it is meant to run.
   */
  withRoom: { rate: number; capacity: number; hub: OpenLoopResult; floor: OpenLoopResult; slices: Record<'floor' | 'hub', AckSlice[]> };
  /** The machine's 1-minute load average after the slices (other work on it lands on some slices more than others). */
  loadAverage: number;
}

/** The share of one core's capacity the second run drives ours at. */
export const HEADROOM = 0.7;

export async function runAckSlices(
  s: AckSettings,
  targets: Record<AckServer, EchoTarget>,
  host: BotHost,
  sink: ReplySink,
  progress: (line: string) => void,
): Promise<AckResults> {
  const generator = startGeneratorProcess();
  try {
    progress(`open loop ${s.rate}/s: warm-up`);
    for (const name of ['hub', 'floor', 'botbuilder'] as const) {
      await openLoop(generator, targets[name], sink, { rate: s.rate, count: Math.round(s.rate / 2), conversations: s.conversations, prefix: `ack-warm-${name}` });
    }
    const run = (rate: number, servers: readonly AckServer[], tag: string) => runSlices({ ...s, rate }, servers, tag, { generator, targets, host, sink, progress });
    const main = await run(s.rate, ACK_SERVERS, 'ack');
    // The same, ours and the floor, at HEADROOM of what one core of ours serves by the slices above:
    // how the acks fare when the replica has room, as it is meant to run (the proposed goal).
    const capacity = 1000 / (main.slices.hub.reduce((a, x) => a + x.serverCpuMsPerCallback, 0) / main.slices.hub.length);
    const roomRate = Math.max(50, Math.round((HEADROOM * capacity) / 10) * 10);
    const room = await run(roomRate, ['floor', 'hub'], 'ack-room');
    return {
      hub: main.merged.hub!,
      floor: main.merged.floor!,
      botbuilder: main.merged.botbuilder!,
      slices: main.slices,
      withRoom: { rate: roomRate, capacity, hub: room.merged.hub!, floor: room.merged.floor!, slices: { floor: room.slices.floor, hub: room.slices.hub } },
      loadAverage: loadavg()[0]!,
    };
  } finally {
    await generator.stop();
  }
}

interface SliceContext {
  generator: GeneratorProcess;
  targets: Record<AckServer, EchoTarget>;
  host: BotHost;
  sink: ReplySink;
  progress: (line: string) => void;
}

/** `s.slices` rounds of the servers in turn at `s.rate`: each slice's figures, and each server's slices merged. */
async function runSlices(s: AckSettings, servers: readonly AckServer[], tag: string, c: SliceContext) {
  const count = Math.round((s.rate * s.seconds) / s.slices);
  const opts = { rate: s.rate, count, conversations: s.conversations };
  const runs: Partial<Record<AckServer, OpenLoopResult[]>> = {};
  const slices: Record<AckServer, AckSlice[]> = { floor: [], botbuilder: [], hub: [] };
  for (let i = 0; i < s.slices; i++) {
    for (const name of servers) {
      const cpu0 = await c.host.cpuMs();
      const posts0 = c.sink.counts.hubPosts;
      const r = await openLoop(c.generator, c.targets[name], c.sink, { ...opts, prefix: `${tag}-${i}-${name}` });
      // The server's CPU is read after the echoes drained: the work behind the acks counts too,
      // over the time it took (sends, then the drain).
      const serverCpu = (await c.host.cpuMs()) - cpu0;
      const busyMs = r.wallMs + (r.drainMs ?? 0);
      const slice: AckSlice = {
        p50: percentile(r.ackLatenciesMs, 50),
        p99: percentile(r.ackLatenciesMs, 99),
        achievedRate: r.achievedRate,
        sendLagP99Ms: r.sendLagP99Ms,
        serverCpuShare: serverCpu / busyMs,
        serverCpuMsPerCallback: serverCpu / count,
        generatorCpuShare: r.generatorCpuMs / r.wallMs,
        hubPostsPerCallback: (c.sink.counts.hubPosts - posts0) / count,
        replyRate: r.replyRate,
      };
      (runs[name] ??= []).push(r);
      slices[name].push(slice);
      c.progress(
        `open loop ${s.rate}/s slice ${i + 1} ${name}: ack p50 ${slice.p50.toFixed(1)} p99 ${slice.p99.toFixed(1)} ms, sent ${slice.achievedRate.toFixed(0)}/s ` +
          `(send lag p99 ${slice.sendLagP99Ms.toFixed(1)} ms), server CPU ${(slice.serverCpuShare * 100).toFixed(0)} % (${slice.serverCpuMsPerCallback.toFixed(2)} ms/callback), generator CPU ${(slice.generatorCpuShare * 100).toFixed(0)} %`,
      );
    }
  }
  const merged: Partial<Record<AckServer, OpenLoopResult>> = {};
  for (const name of servers) merged[name] = mergeOpenLoop(runs[name]!);
  return { slices, merged };
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
