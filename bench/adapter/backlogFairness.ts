/**
 * Many conversations backlogged against a real budget: the local stack (the emulator as the
 * hub, on the Enterprise plan's 5 POST /conversations/messages a second, and our bot server
 * provisioned on it exactly as `hubbot start` does) with the echo bot. Customers of
 * `conversations` conversations each send `messagesPerConversation` messages through the
 * emulator's customer API (not rate limited: it stands for the channel). The bot's inbox
 * worker is paused while they do, so the callbacks are recorded but no turn runs: when it
 * resumes, every conversation has the same backlog, more than the window lets out. Then,
 * over a fixed window, from the emulator's call log (the hub's view, not the bot's):
 * - messages per budget token: bot messages the hub accepted / POSTs it accepted;
 * - 429s the hub answered to POST /conversations/messages (whole run, and in the window);
 * - Jain's fairness index over the bot messages each conversation got in the window, and the
 *   longest any conversation waited for its next reply.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { CallLogEntry } from '../../src/emulator/callLog.js';
import { startLocalStack } from '../../cli/localStack.js';
import { EchoBot } from '../../bots/echoBot.js';
import { keepAliveAgent, openEmulatorConversations, postJson } from './httpPost.js';

export interface BacklogOptions {
  conversations: number;
  messagesPerConversation: number;
  windowMs: number;
  /** Time between the worker's resumption and the window's opening. */
  settleMs: number;
  /** InboxWorker concurrency of the bot server; undefined: the server's default. */
  workerConcurrency?: number;
}

export interface BacklogResult {
  /** Bot messages accepted by the hub in the window, per conversation (zeros included). */
  perConversation: number[];
  /** The longest time, in the window, that a conversation went without a reply, ms. */
  longestWaitMs: number;
  /** POSTs /conversations/messages the hub accepted in the window, and the bot messages in them. */
  posts: number;
  delivered: number;
  /** 429 answers to POST /conversations/messages over the whole run, and in the window. */
  refused429: number;
  refused429InWindow: number;
  /** When the 429s came, ms after the worker resumed. */
  refused429AtMs: number[];
  /** The bot's own counter hubbot_platform_429_total at the end, to compare with the hub's log. */
  metric429: number;
  /** Other non-2xx answers to POST /conversations/messages. */
  otherFailures: number;
  /** Time the customers took to post the whole backlog (and the hub to hand it to the bot). */
  fillMs: number;
  /** Callbacks to the bot that failed while the backlog was built (the hub does not retry them). */
  failedCallbacks: number;
  failedCallbackReasons: string[];
  /** The longest event-loop stall of this process (emulator and bot share it) in the window, ms. */
  maxLoopDelayMs: number;
}

const MESSAGES_PATH = /^\/conversation\/conversationmgr\/v3\/conversations\/messages$/;

/** Jain's fairness index: 1 when every x is equal, 1/n when one gets everything. */
export function jainIndex(xs: number[]): number {
  const sum = xs.reduce((a, b) => a + b, 0);
  const squares = xs.reduce((a, b) => a + b * b, 0);
  return squares === 0 ? 0 : (sum * sum) / (xs.length * squares);
}

export async function runBacklog(opts: BacklogOptions): Promise<BacklogResult> {
  const stack = await startLocalStack({
    bot: (deps) => new EchoBot(deps.storage),
    env: { LOG_LEVEL: 'error', REDIS_URL: undefined },
    emulator: { plan: 'Enterprise' },
    ...(opts.workerConcurrency ? { worker: { concurrency: opts.workerConcurrency } } : {}),
  });
  const agent = keepAliveAgent(64);
  let resumedAt = Number.NaN;
  let inWindow = false;
  const counts = new Map<string, number>();
  const lastReplyAt = new Map<string, number>();
  let longestWaitMs = 0;
  const r = { posts: 0, delivered: 0, refused429: 0, refused429InWindow: 0, otherFailures: 0, refused429AtMs: [] as number[] };

  const unsubscribe = stack.emulator.services.log.subscribe((e: CallLogEntry) => {
    if (e.kind === 'call' && e.method === 'POST' && typeof e.path === 'string' && MESSAGES_PATH.test(e.path)) {
      const status = Number(e.status);
      if (status === 429) {
        r.refused429++;
        r.refused429AtMs.push(Math.round(performance.now() - resumedAt));
        if (inWindow) r.refused429InWindow++;
      } else if (status < 200 || status >= 300) r.otherFailures++;
      else if (inWindow) r.posts++;
    }
    if (e.kind === 'message' && e.senderType === 'custom_bot' && inWindow) {
      const id = String(e.conversationId);
      const now = performance.now();
      r.delivered++;
      counts.set(id, (counts.get(id) ?? 0) + 1);
      longestWaitMs = Math.max(longestWaitMs, now - (lastReplyAt.get(id) ?? now));
      lastReplyAt.set(id, now);
    }
  });
  try {
    const api = `${stack.emulator.url}/emulator/conversations`;
    const ids = await openEmulatorConversations(agent, stack.emulator.url, stack.accountAddress, opts.conversations);

    await stack.bot.worker.stop();
    const t0 = performance.now();
    // Message k of every conversation before message k + 1 of any, a few dozen in flight.
    const sends: (() => Promise<void>)[] = [];
    for (let k = 1; k <= opts.messagesPerConversation; k++) {
      for (const id of ids) {
        sends.push(async () => {
          const res = await postJson(agent, new URL(`${api}/${id}/messages`), JSON.stringify({ text: `question ${k}` }));
          if (res.status !== 202) throw new Error(`a customer message: ${res.status} ${res.body}`);
        });
      }
    }
    await inParallel(sends, 32);
    await stack.emulator.deliveriesIdle();
    const fillMs = performance.now() - t0;
    // The emulator does not redeliver a failed callback; those messages never reach the bot.
    const failures = stack.emulator.services.delivery.failures();

    resumedAt = performance.now();
    stack.bot.worker.start();
    await sleep(opts.settleMs);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const opened = performance.now();
    for (const id of ids) lastReplyAt.set(id, opened);
    inWindow = true;
    await sleep(opts.windowMs);
    inWindow = false;
    const closed = performance.now();
    loopDelay.disable();
    for (const at of lastReplyAt.values()) longestWaitMs = Math.max(longestWaitMs, closed - at);

    const metric = await stack.bot.metrics.registry.getSingleMetricAsString('hubbot_platform_429_total');
    return {
      ...r,
      perConversation: ids.map((id) => counts.get(id) ?? 0),
      longestWaitMs,
      metric429: Number(/\s(\d+(?:\.\d+)?)\s*$/.exec(metric)?.[1] ?? Number.NaN),
      fillMs,
      failedCallbacks: failures.length,
      failedCallbackReasons: [...new Set(failures.map((f) => f.reason))],
      maxLoopDelayMs: loopDelay.max / 1e6,
    };
  } finally {
    unsubscribe();
    agent.destroy();
    await stack.stop();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function inParallel(tasks: (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: width }, lane));
}
