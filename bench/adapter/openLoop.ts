/**
 * Open-loop callbacks at a fixed rate: each callback leaves at its scheduled time whatever
 * the answers before it, and its ack latency counts from that time, so a stall of the server
 * shows instead of slowing the generator down (coordinated omission). Bodies are built before
 * the clock starts. Echoes arriving at the sink are counted too, to see whether the server
 * keeps up behind its acks or builds a backlog.
 */
import { performance } from 'node:perf_hooks';
import { keepAliveAgent, postJson } from './httpPost.js';
import type { EchoTarget } from './closedLoop.js';
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
  achievedRate: number;
  /** Echoes received for this run. */
  replies: number;
  /** From the last ack to the last echo (the backlog's drain), undefined if some never came. */
  drainMs?: number;
  /** Echoes per second over the whole run, first callback to last echo. */
  replyRate: number;
}

export async function openLoop(target: EchoTarget, sink: ReplySink, opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = keepAliveAgent(512);
  const url = new URL(target.url);
  const headers = target.headers?.() ?? {};
  const seqs = new Map<number, number>();
  const bodies = Array.from({ length: opts.count }, (_, i) => {
    const c = i % opts.conversations;
    const seq = (seqs.get(c) ?? 0) + 1;
    seqs.set(c, seq);
    return target.body(`${opts.prefix}-c${c}`, seq);
  });
  let replies = 0;
  let lastReplyAt = 0;
  let allReplied: () => void = () => undefined;
  const repliedAll = new Promise<void>((resolve) => (allReplied = resolve));
  sink.onReply = (conversationId, _text, at) => {
    if (!conversationId.startsWith(`${opts.prefix}-`)) return;
    replies++;
    lastReplyAt = at;
    if (replies >= opts.count) allReplied();
  };

  const latencies: number[] = new Array(opts.count);
  let non2xx = 0;
  const sends: Promise<void>[] = [];
  const start = performance.now();
  const send = async (i: number): Promise<void> => {
    const intended = start + (i * 1000) / opts.rate;
    const ack = await postJson(agent, url, bodies[i], headers).catch(() => ({ status: 0 }));
    latencies[i] = performance.now() - intended;
    if (ack.status < 200 || ack.status >= 300) non2xx++;
  };
  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = (): void => {
      const due = Math.min(opts.count, Math.floor(((performance.now() - start) * opts.rate) / 1000) + 1);
      while (next < due) sends.push(send(next++));
      if (next < opts.count) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(sends);
  const lastAckAt = performance.now();
  const achievedRate = (opts.count * 1000) / (lastAckAt - start);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([repliedAll, new Promise<void>((resolve) => (timer = setTimeout(resolve, opts.drainTimeoutMs ?? 30_000)))]);
  clearTimeout(timer);
  agent.destroy();
  const complete = replies >= opts.count;
  return {
    ackLatenciesMs: latencies,
    non2xx,
    achievedRate,
    replies,
    drainMs: complete ? Math.max(0, lastReplyAt - lastAckAt) : undefined,
    replyRate: (replies * 1000) / ((complete ? lastReplyAt : performance.now()) - start),
  };
}
