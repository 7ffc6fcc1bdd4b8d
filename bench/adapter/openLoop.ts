/**
 * Open-loop callbacks at a fixed rate, sent by the generator process (openLoopGenerator.ts):
 * each callback leaves at its scheduled time whatever the answers before it, and its ack
 * latency counts from that time, so a stall of the server shows instead of slowing the
 * generator down (coordinated omission). Meanwhile this process counts the echoes arriving at
 * its sink, to see whether the server keeps up behind its acks or builds a backlog.
 *
 * The servers driven here (the floor handler, the botbuilder minimum and ours) take the hub's
 * callback batch, which is what the generator sends.
 */
import { performance } from 'node:perf_hooks';
import type { EchoTarget } from './closedLoop.js';
import type { GeneratorProcess } from './openLoopProcess.js';
import type { ReplySink } from './replySink.js';

export interface OpenLoopOptions {
  rate: number;
  count: number;
  /** Callbacks go to these many conversations in turn. */
  conversations: number;
  prefix: string;
  /** How long to wait for the echoes after the last ack. */
  drainTimeoutMs?: number;
}

export interface OpenLoopResult {
  ackLatenciesMs: number[];
  non2xx: number;
  /** Callbacks per second the generator sent at (first to last send). */
  achievedRate: number;
  /** p99 of the generator's own lag behind its schedule (included in the ack latencies). */
  sendLagP99Ms: number;
  /** Echoes received for this run. */
  replies: number;
  /** From the last ack to the last echo (the backlog's drain), undefined if some never came. */
  drainMs?: number;
  /** Echoes per second over the whole run, first callback to last echo. */
  replyRate: number;
  /** The generator process's CPU over the run, ms. */
  generatorCpuMs: number;
  /** Wall time of the run, first send to last ack, ms. */
  wallMs: number;
}

export async function openLoop(generator: GeneratorProcess, target: EchoTarget, sink: ReplySink, opts: OpenLoopOptions): Promise<OpenLoopResult> {
  let replies = 0;
  let lastReplyAt = 0;
  let allReplied: () => void = () => undefined;
  const repliedAll = new Promise<void>((resolve) => (allReplied = resolve));
  sink.onReply = (conversationId, _text, at) => {
    if (!conversationId.startsWith(`${opts.prefix}-`)) return;
    replies++;
    lastReplyAt = performance.timeOrigin + at;
    if (replies >= opts.count) allReplied();
  };

  const run = await generator.run({ url: target.url, headers: target.headers?.() ?? {}, rate: opts.rate, count: opts.count, conversations: opts.conversations, prefix: opts.prefix });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([repliedAll, new Promise<void>((resolve) => (timer = setTimeout(resolve, opts.drainTimeoutMs ?? 30_000)))]);
  clearTimeout(timer);
  const complete = replies >= opts.count;
  const end = complete ? lastReplyAt : performance.timeOrigin + performance.now();
  return {
    ackLatenciesMs: run.ackLatenciesMs,
    non2xx: run.non2xx,
    achievedRate: run.achievedRate,
    sendLagP99Ms: run.sendLagP99Ms,
    replies,
    drainMs: complete ? Math.max(0, lastReplyAt - run.lastAckEpochMs) : undefined,
    replyRate: (replies * 1000) / (end - run.startEpochMs),
    generatorCpuMs: run.cpuMs,
    wallMs: run.lastAckEpochMs - run.startEpochMs,
  };
}
