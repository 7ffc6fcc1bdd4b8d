/**
 * Closed-loop round trips: a fixed number of conversations, each with one message in flight;
 * a conversation sends its next message once the echo of the last one reached the sink. A
 * message's latency runs from the moment its callback leaves the driver to the moment its
 * echo arrives at the sink (callback in → reply received), whatever the server acknowledged
 * in between. Throughput is messages round-tripped per second of the whole run.
 */
import { performance } from 'node:perf_hooks';
import { keepAliveAgent, postJson } from './httpPost.js';
import { markerOf } from './echoPayloads.js';
import type { ReplySink } from './replySink.js';

export interface EchoTarget {
  label: string;
  url: string;
  /** The callback body for message `seq` (1, 2, ...) of a conversation. */
  body(conversationId: string, seq: number): string;
  headers?: () => Record<string, string>;
}

export interface LoopResult {
  latenciesMs: number[];
  elapsedMs: number;
  /** Callbacks refused or whose echo did not come within the timeout. */
  failures: number;
  messagesPerSecond: number;
}

export interface LoopOptions {
  conversations: number;
  messages: number;
  /** Makes conversation ids unique per run (the servers keep per-conversation state). */
  prefix: string;
  replyTimeoutMs?: number;
}

/** Matches echoes to the message each conversation is waiting for. */
export class ReplyWaiters {
  private readonly waiting = new Map<string, { marker: string; resolve: (at: number) => void }>();
  stray = 0;

  constructor(sink: ReplySink) {
    sink.onReply = (conversationId, text, at) => {
      const w = this.waiting.get(conversationId);
      // " m12;" is in "You said: m12; ..." and not in "You said: m112; ...".
      if (!w || !text.includes(` ${w.marker}`)) {
        this.stray++;
        return;
      }
      this.waiting.delete(conversationId);
      w.resolve(at);
    };
  }

  wait(conversationId: string, seq: number, timeoutMs: number): { arrived: Promise<number | undefined>; cancel(): void } {
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<number | undefined>((resolve) => {
      const done = (at: number | undefined) => {
        clearTimeout(timer);
        this.waiting.delete(conversationId);
        resolve(at);
      };
      this.waiting.set(conversationId, { marker: markerOf(seq), resolve: done });
      timer = setTimeout(() => done(undefined), timeoutMs);
    });
    return { arrived, cancel: () => this.waiting.get(conversationId)?.resolve(Number.NaN) };
  }
}

export async function closedLoop(target: EchoTarget, sink: ReplySink, opts: LoopOptions): Promise<LoopResult> {
  const agent = keepAliveAgent(opts.conversations);
  const waiters = new ReplyWaiters(sink);
  const url = new URL(target.url);
  const latencies: number[] = [];
  let issued = 0;
  let failures = 0;

  async function conversation(i: number): Promise<void> {
    const conversationId = `${opts.prefix}-c${i}`;
    for (let seq = 1; issued < opts.messages; seq++) {
      issued++;
      const reply = waiters.wait(conversationId, seq, opts.replyTimeoutMs ?? 10_000);
      const sentAt = performance.now();
      const ack = await postJson(agent, url, target.body(conversationId, seq), target.headers?.()).catch(() => ({ status: 0, body: '' }));
      if (ack.status < 200 || ack.status >= 300) {
        reply.cancel();
        failures++;
        continue;
      }
      const at = await reply.arrived;
      if (at === undefined || Number.isNaN(at)) failures++;
      else latencies.push(at - sentAt);
    }
  }

  const t0 = performance.now();
  await Promise.all(Array.from({ length: opts.conversations }, (_, i) => conversation(i)));
  const elapsedMs = performance.now() - t0;
  agent.destroy();
  return { latenciesMs: latencies, elapsedMs, failures, messagesPerSecond: (latencies.length * 1000) / elapsedMs };
}
