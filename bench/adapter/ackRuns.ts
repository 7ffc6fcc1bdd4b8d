/**
 * The open-loop ack test: our callback route and the floor handler at the same fixed rate, in
 * interleaved slices (floor, ours, floor, ours, …) so that a change in the machine's load falls
 * on both alike, from a generator in its own process. Per slice it also records how busy each
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
  /** Echoes per second at the sink, first callback to last echo. */
  replyRate: number;
}

export interface AckResults {
  /** Ours, and the floor handler at the same rate (slices merged). */
  hub: OpenLoopResult;
  floor: OpenLoopResult;
  slices: { hub: AckSlice[]; floor: AckSlice[] };
  /** The machine's 1-minute load average after the slices (other work on it lands on some slices more than others). */
  loadAverage: number;
}

export async function runAckSlices(
  s: AckSettings,
  targets: { hub: EchoTarget; floor: EchoTarget },
  host: BotHost,
  sink: ReplySink,
  progress: (line: string) => void,
): Promise<AckResults> {
  const generator = startGeneratorProcess();
  try {
    const count = Math.round((s.rate * s.seconds) / s.slices);
    const opts = { rate: s.rate, count, conversations: s.conversations };
    progress(`open loop ${s.rate}/s: warm-up`);
    await openLoop(generator, targets.hub, sink, { ...opts, count: Math.round(s.rate / 2), prefix: 'ack-warm-hub' });
    await openLoop(generator, targets.floor, sink, { ...opts, count: Math.round(s.rate / 2), prefix: 'ack-warm-floor' });
    const runs: Record<'floor' | 'hub', OpenLoopResult[]> = { floor: [], hub: [] };
    const slices: Record<'floor' | 'hub', AckSlice[]> = { floor: [], hub: [] };
    for (let i = 0; i < s.slices; i++) {
      for (const name of ['floor', 'hub'] as const) {
        const cpu0 = await host.cpuMs();
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
    return { hub: mergeOpenLoop(runs.hub), floor: mergeOpenLoop(runs.floor), slices, loadAverage: loadavg()[0]! };
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
