/**
 * The open-loop callback generator of the adapter bench, in a process of its own (forked by
 * openLoopProcess.ts, as the hub would be apart from the bot): the driver's process also hosts
 * the reply sink, which at 1,000 callbacks/s takes 1,000 echo POSTs a second; sharing that event
 * loop made the generator fall behind its schedule and the ack latencies it measured include
 * the sink's work. Here nothing but sending and timing the callbacks runs on this event loop.
 *
 * Callbacks leave on the schedule of ../openLoopSchedule.ts and each ack's latency counts from
 * its due time (coordinated omission not hidden). Bodies are built before the clock starts.
 * Times that the driver compares with its sink's clock are given as epoch ms
 * (performance.timeOrigin + now), which both processes share.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { runSchedule, sentRate } from '../openLoopSchedule.js';
import { percentile } from '../webhookLoadGenerator.js';
import { hubCallbackBody } from './echoPayloads.js';
import { keepAliveAgent, postJson } from './httpPost.js';

export interface GeneratorRunOptions {
  url: string;
  headers: Record<string, string>;
  rate: number;
  count: number;
  /** Callbacks go to these many conversations in turn (`<prefix>-c<n>`). */
  conversations: number;
  prefix: string;
}

export interface GeneratorRun {
  /** Per callback, from its due time to the end of its ack. */
  ackLatenciesMs: number[];
  non2xx: number;
  /** Callbacks per second between the first and the last send. */
  achievedRate: number;
  /** p99 of how late callbacks left behind their due time: the generator's own delay. */
  sendLagP99Ms: number;
  startEpochMs: number;
  lastAckEpochMs: number;
  /** This process's CPU over the run, ms (to see whether the generator itself was busy). */
  cpuMs: number;
}

export type GeneratorRequest = { id: number; cmd: 'run'; run: GeneratorRunOptions } | { id: number; cmd: 'stop' };
export type GeneratorReply = { id: number; error?: string; result?: GeneratorRun };

const epoch = (now: number) => performance.timeOrigin + now;

export async function generate(o: GeneratorRunOptions): Promise<GeneratorRun> {
  const agent = keepAliveAgent(512);
  const url = new URL(o.url);
  const seqs = new Map<number, number>();
  const bodies = Array.from({ length: o.count }, (_, i) => {
    const c = i % o.conversations;
    const seq = (seqs.get(c) ?? 0) + 1;
    seqs.set(c, seq);
    return hubCallbackBody(`${o.prefix}-c${c}`, seq);
  });
  const latencies: number[] = new Array(o.count);
  let non2xx = 0;
  const acks: Promise<void>[] = [];
  const cpu0 = process.cpuUsage();
  const schedule = await runSchedule(o.count, o.rate, (i, dueAt) => {
    acks.push(
      postJson(agent, url, bodies[i]!, o.headers)
        .catch(() => ({ status: 0 }))
        .then((ack) => {
          latencies[i] = performance.now() - dueAt;
          if (ack.status < 200 || ack.status >= 300) non2xx++;
        }),
    );
  });
  await Promise.all(acks);
  const lastAck = performance.now();
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  return {
    ackLatenciesMs: latencies,
    non2xx,
    achievedRate: sentRate(schedule),
    sendLagP99Ms: percentile(schedule.sendLagMs, 99),
    startEpochMs: epoch(schedule.startMs),
    lastAckEpochMs: epoch(lastAck),
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

// Only as the forked child (not when imported): one run at a time, as the driver asks.
if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.on('message', (msg: GeneratorRequest) => {
    if (msg.cmd === 'stop') {
      process.send?.({ id: msg.id } satisfies GeneratorReply);
      process.disconnect?.();
      return;
    }
    generate(msg.run)
      .then((result) => process.send?.({ id: msg.id, result } satisfies GeneratorReply))
      .catch((err: unknown) => process.send?.({ id: msg.id, error: err instanceof Error ? err.message : String(err) } satisfies GeneratorReply));
  });
  process.on('disconnect', () => process.exit(0));
}
