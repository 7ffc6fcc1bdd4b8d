/**
 * What the customer feels: reply latency under a tenant's rate budget. The local stack (the
 * emulator as the hub, on a plan, and our bot server provisioned on it as `hubbot start` does,
 * on the machine's Redis) with the echo bot. Customers of `conversations` conversations talk
 * like people: each says something, waits for the reply to show at the hub, thinks for a few
 * seconds (`thinkMs`), says the next thing, until `loadMs` is over; then the run waits for the
 * replies still owed (up to `drainMs`).
 *
 * Measured from the emulator's call log (the hub's view): per customer message, the time from
 * posting it (the channel's API, not rate limited) to the bot's reply being accepted by the hub;
 * POSTs /conversations/messages accepted and the bot messages in them; 429s. The bot's own
 * histograms (stageBreakdown.ts) say where the time went.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { CallLogEntry } from '../../src/emulator/callLog.js';
import { deleteTenantKeys, DEFAULT_REDIS_URL } from '../../cli/harness/replicaHarness.js';
import { startLocalStack } from '../../cli/localStack.js';
import { EchoBot } from '../../bots/echoBot.js';
import { stageBreakdown, type StageFigures } from '../stageBreakdown.js';
import { keepAliveAgent, openEmulatorConversations, postJson } from './httpPost.js';

export interface CustomerLatencyOptions {
  plan: 'Developer' | 'Basic' | 'Enterprise';
  conversations: number;
  /** Customers start over this long, spread evenly, then talk until `loadMs` after the start. */
  rampMs: number;
  loadMs: number;
  /** A customer's pause between a reply and their next message: uniform in [min, max]. */
  thinkMs: [number, number];
  drainMs: number;
}

export interface CustomerLatencyResult {
  /** Customer message posted → bot reply accepted by the hub, ms, sorted. */
  latenciesMs: number[];
  sent: number;
  unanswered: number;
  /** POSTs /conversations/messages the hub accepted, and the bot messages they carried. */
  posts: number;
  botMessages: number;
  refused429: number;
  otherFailures: number;
  stages: StageFigures[];
}

const MESSAGES_PATH = /^\/conversation\/conversationmgr\/v3\/conversations\/messages$/;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function runCustomerLatency(opts: CustomerLatencyOptions): Promise<CustomerLatencyResult> {
  const tenant = `bench-latency-${randomUUID().slice(0, 8)}`;
  const stack = await startLocalStack({
    bot: (deps) => new EchoBot(deps.storage),
    env: { LOG_LEVEL: 'error', REDIS_URL: DEFAULT_REDIS_URL, PLATFORM_PLAN: opts.plan, PLATFORM_TENANT: tenant },
    emulator: { plan: opts.plan },
  });
  const agent = keepAliveAgent(64);
  const r = { posts: 0, botMessages: 0, refused429: 0, otherFailures: 0 };
  /** Waiters for the reply to a text, by `<conversation> <text>`. */
  const awaiting = new Map<string, () => void>();
  const unsubscribe = stack.emulator.services.log.subscribe((e: CallLogEntry) => {
    if (e.kind === 'call' && e.method === 'POST' && typeof e.path === 'string' && MESSAGES_PATH.test(e.path)) {
      const status = Number(e.status);
      if (status === 429) r.refused429++;
      else if (status < 200 || status >= 300) r.otherFailures++;
      else r.posts++;
    }
    if (e.kind === 'message' && e.senderType === 'custom_bot') {
      r.botMessages++;
      const text = (e.message as { content?: { text?: string } } | undefined)?.content?.text ?? '';
      const said = /^You said: (\S+)/.exec(text)?.[1];
      const key = `${String(e.conversationId)} ${said}`;
      awaiting.get(key)?.();
      awaiting.delete(key);
    }
  });
  const latenciesMs: number[] = [];
  let sent = 0;
  let unanswered = 0;
  try {
    const api = `${stack.emulator.url}/emulator/conversations`;
    const ids = await openEmulatorConversations(agent, stack.emulator.url, stack.accountAddress, opts.conversations);
    const t0 = performance.now();
    const stopAt = t0 + opts.loadMs;
    const customer = async (id: string, k: number) => {
      await sleep((k * opts.rampMs) / opts.conversations);
      for (let n = 1; performance.now() < stopAt; n++) {
        const text = `q${k}-${n}`;
        const replied = new Promise<void>((resolve) => awaiting.set(`${id} ${text}`, resolve));
        const at = performance.now();
        sent++;
        const res = await postJson(agent, new URL(`${api}/${id}/messages`), JSON.stringify({ text }));
        if (res.status !== 202) throw new Error(`a customer message: ${res.status} ${res.body}`);
        const left = stopAt + opts.drainMs - performance.now();
        const answered = await Promise.race([replied.then(() => true), sleep(Math.max(0, left)).then(() => false)]);
        if (!answered) {
          unanswered++;
          return;
        }
        latenciesMs.push(performance.now() - at);
        await sleep(opts.thinkMs[0] + Math.random() * (opts.thinkMs[1] - opts.thinkMs[0]));
      }
    };
    await Promise.all(ids.map((id, k) => customer(id, k)));
    const stages = stageBreakdown([await stack.bot.metrics.registry.metrics()]);
    return { ...r, latenciesMs: latenciesMs.sort((a, b) => a - b), sent, unanswered, stages };
  } finally {
    unsubscribe();
    agent.destroy();
    await stack.stop();
    await deleteTenantKeys(DEFAULT_REDIS_URL, tenant).catch(() => undefined);
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
