/**
 * `npm run soak`: minutes of steady load on the multi-replica harness (cli/harness) with the
 * hub misbehaving, to see what a short test cannot: memory that creeps up, a message lost or
 * shown twice once in thousands, 429s when several replicas share one budget.
 *
 *   SOAK_SECONDS=180        how long the load runs (default 3 minutes)
 *   SOAK_REPLICAS=3         bot replicas (processes)
 *   SOAK_CONVERSATIONS=30   conversations chatting at once
 *   SOAK_INTERVAL_MS=2000   each conversation says something this often
 *
 * Faults on POST /conversations/messages: 5 % answered 429, 5 % answered 503, 150 ms added to
 * every call. Memory (RSS and V8 heap) of every replica is sampled every 10 s, right after a
 * full garbage collection (so the heap is what is kept, not garbage); growth is given from the
 * first sample after a warm-up to the last, and as a slope. Where each reply's time went (inbox
 * wait, turn, outbox queue, backoff, POSTs) is read from every replica's /metrics histograms at
 * the end (stageBreakdown.ts). Prints tables, writes
 * bench/results/soak.json, and exits 1 when a message was lost, duplicated or reordered, or when
 * the hub's own rate limiter answered 429 (the replicas must stay inside the shared budget, L6/T8).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReplicaHarness, type ReplicaHarness } from '../cli/harness/replicaHarness.js';
import { probeReply } from '../cli/harness/probeBot.js';
import type { MemoryUsage } from '../cli/harness/replicaMessages.js';
import { stageBreakdown, type StageFigures } from './stageBreakdown.js';

const env = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};
const SECONDS = env('SOAK_SECONDS', 180);
const REPLICAS = env('SOAK_REPLICAS', 3);
const CONVERSATIONS = env('SOAK_CONVERSATIONS', 30);
const INTERVAL_MS = env('SOAK_INTERVAL_MS', 2000);
const SAMPLE_MS = 10_000;
const WARM_UP_MS = Math.min(20_000, (SECONDS * 1000) / 5);
const DRAIN_MS = 60_000;
const MESSAGES_PATH = '/conversation/conversationmgr/v3/conversations/messages';
const FAULTS = {
  seed: 7,
  latency: [{ ms: 150, endpoints: ['POST /conversations/messages'] }],
  errors: [
    { status: 429 as const, share: 0.05, endpoints: ['POST /conversations/messages'] },
    { status: 503 as const, share: 0.05, endpoints: ['POST /conversations/messages'] },
  ],
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

interface Chat {
  id: string;
  sent: { text: string; at: number }[];
  replies: { id: string; text: string; at: number }[];
}

interface ReceivedEvents {
  events: { message?: { id: string; sender: { type: string }; type: { value: string }; content?: { text?: string } } }[];
  next: number;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (res.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface RunningChat {
  chat: Chat;
  /** Resolves when the conversation has said its last message. */
  talking: Promise<void>;
  /** Resolves when its listener stopped (after `done()` turns true). */
  listening: Promise<void>;
}

/** One conversation: says `s<k>-<n>` every INTERVAL_MS until `stopAt`, and collects the bot's replies. */
async function startChat(h: ReplicaHarness, k: number, stopAt: number, done: () => boolean): Promise<RunningChat> {
  const e = h.emulator.url;
  const post = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const { id } = await json<{ id: string }>(`${e}/emulator/conversations`, { ...post, body: JSON.stringify({ accountAddress: h.accountAddress }) });
  const chat: Chat = { id, sent: [], replies: [] };
  const listening = (async () => {
    let since = 0;
    while (!done()) {
      const got = await json<ReceivedEvents>(`${e}/emulator/conversations/${id}/received?since=${since}&waitMs=1000`);
      for (const ev of got.events) {
        const m = ev.message;
        if (m && m.sender.type !== 'customer' && m.type.value === 'text') chat.replies.push({ id: m.id, text: m.content?.text ?? '', at: Date.now() });
      }
      since = got.next;
    }
  })();
  const talking = (async () => {
    await sleep(Math.random() * INTERVAL_MS); // spread the conversations over the interval
    for (let n = 1; Date.now() < stopAt; n++) {
      const text = `s${k}-${n}`;
      chat.sent.push({ text, at: Date.now() });
      await json<unknown>(`${e}/emulator/conversations/${id}/messages`, { ...post, body: JSON.stringify({ text }) });
      await sleep(INTERVAL_MS);
    }
  })();
  return { chat, talking, listening };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Least-squares slope of y over x (x in minutes): MB per minute. */
function slope(points: { t: number; v: number }[]): number {
  if (points.length < 2) return 0;
  const xs = points.map((p) => p.t / 60_000);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = points.reduce((a, p) => a + p.v, 0) / points.length;
  const num = points.reduce((a, p, i) => a + (xs[i] - mx) * (p.v - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : Math.round((num / den / 1024 / 1024) * 100) / 100;
}

async function main(): Promise<void> {
  process.stderr.write(`soak: ${REPLICAS} replicas, ${CONVERSATIONS} conversations, one message each every ${INTERVAL_MS} ms, ${SECONDS} s\n`);
  const h = await startReplicaHarness({ replicas: REPLICAS, leaseMs: 10_000, emulator: { faults: FAULTS } });
  // Counts the hub's own rate-limit refusals (not the injected 429s): zero when the replicas share the budget.
  let limiter429 = 0;
  const limiter = h.emulator.services.limiter;
  const take = limiter.take.bind(limiter);
  limiter.take = (call) => {
    try {
      return take(call);
    } catch (err) {
      limiter429++;
      throw err;
    }
  };
  const started = Date.now();
  const samples = new Map<string, { t: number; usage: MemoryUsage }[]>();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      for (const { replica, usage } of await h.memory({ gc: true }).catch(() => [])) samples.set(replica, [...(samples.get(replica) ?? []), { t: Date.now() - started, usage }]);
      await sleep(SAMPLE_MS);
    }
  })();
  let finished = false;
  const stopAt = started + SECONDS * 1000;
  let chats: Chat[] = [];
  let stages: StageFigures[] = [];
  let messagesSent = 0;
  try {
    const running = await Promise.all(Array.from({ length: CONVERSATIONS }, (_, k) => startChat(h, k + 1, stopAt, () => finished)));
    chats = running.map((r) => r.chat);
    await Promise.all(running.map((r) => r.talking));
    // Drain: until every message has a reply, or DRAIN_MS after the load stopped; then a little
    // longer, for a late duplicate to show.
    const drainUntil = Date.now() + DRAIN_MS;
    while (Date.now() < drainUntil && chats.some((c) => new Set(c.replies.map((r) => r.text)).size < c.sent.length)) await sleep(500);
    await sleep(3000);
    sampling = false;
    await sampler;
    for (const { replica, usage } of await h.memory({ gc: true }).catch(() => [])) samples.get(replica)?.push({ t: Date.now() - started, usage });
    // Where the time went, in the replicas' own histograms (what an operator's Prometheus sees).
    const texts = await Promise.all(h.live().map(async (r) => (await fetch(`${r.url}/metrics`)).text()));
    stages = stageBreakdown(texts);
    messagesSent = texts.reduce((n, t) => n + Number(/^hubbot_sends_total\{outcome="sent"\} (\S+)$/m.exec(t)?.[1] ?? 0), 0);
    finished = true;
    await Promise.all(running.map((r) => r.listening));
  } finally {
    finished = true;
    sampling = false;
    await h.stop();
  }
  report(chats, h, samples, limiter429, { stages, messagesSent }, Date.now() - started);
}

function report(chats: Chat[], h: ReplicaHarness, samples: Map<string, { t: number; usage: MemoryUsage }[]>, limiter429: number, replicas: { stages: StageFigures[]; messagesSent: number }, elapsedMs: number): void {
  const { stages, messagesSent } = replicas;
  let sent = 0;
  let replied = 0;
  let lost = 0;
  let duplicated = 0;
  let reordered = 0;
  const latencies: number[] = [];
  for (const c of chats) {
    sent += c.sent.length;
    const expected = c.sent.map((s, i) => probeReply(s.text, i + 1));
    const texts = c.replies.map((r) => r.text);
    duplicated += texts.length - new Set(texts).size + (c.replies.length - new Set(c.replies.map((r) => r.id)).size);
    const unique = [...new Set(texts)];
    replied += unique.filter((t) => expected.includes(t)).length;
    lost += expected.filter((t) => !texts.includes(t)).length;
    const order = unique.map((t) => expected.indexOf(t)).filter((i) => i >= 0);
    reordered += order.filter((v, i) => i > 0 && v < order[i - 1]).length;
    for (const [i, s] of c.sent.entries()) {
      const r = c.replies.find((x) => x.text === expected[i]);
      if (r) latencies.push(r.at - s.at);
    }
  }
  latencies.sort((a, b) => a - b);
  const sends = h.platformCalls.of('POST', MESSAGES_PATH);
  const byStatus: Record<string, number> = {};
  for (const s of sends) byStatus[s.abandoned ? 'abandoned' : String(s.status)] = (byStatus[String(s.abandoned ? 'abandoned' : s.status)] ?? 0) + 1;
  const okPosts = sends.filter((s) => s.status >= 200 && s.status < 300).length;
  const memory = [...samples.entries()].sort().map(([replica, points]) => {
    const after = points.filter((p) => p.t >= WARM_UP_MS);
    const first = (after[0] ?? points[0]).usage;
    const last = points[points.length - 1].usage;
    return {
      replica,
      rssStartMB: MB(first.rss),
      rssEndMB: MB(last.rss),
      rssGrowthMB: MB(last.rss - first.rss),
      heapStartMB: MB(first.heapUsed),
      heapEndMB: MB(last.heapUsed),
      heapMaxMB: MB(Math.max(...points.map((p) => p.usage.heapUsed))),
      heapSlopeMBPerMin: slope(after.map((p) => ({ t: p.t, v: p.usage.heapUsed }))),
      samples: points.length,
    };
  });
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    /** The machine's 1-minute load average at the end: other work skews latency and 429s. */
    loadAverage: Math.round(loadavg()[0] * 100) / 100,
    settings: { seconds: SECONDS, replicas: REPLICAS, conversations: CONVERSATIONS, intervalMs: INTERVAL_MS, faults: FAULTS, warmUpMs: WARM_UP_MS },
    elapsedSeconds: Math.round(elapsedMs / 1000),
    messages: { sent, replied, lost, duplicated, reordered, replyLatencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 } },
    sends: { calls: sends.length, byStatus, answered429: byStatus['429'] ?? 0, limiter429, messagesPerPost: Math.round((messagesSent / Math.max(1, okPosts)) * 100) / 100 },
    /** Per reply stage, from the replicas' histograms (p50/p95 estimated within buckets). */
    stages,
    memory,
  };
  console.log(`\nSoak: ${SECONDS} s, ${REPLICAS} replicas, ${CONVERSATIONS} conversations (one message each every ${INTERVAL_MS} ms), faults 5 % 429 + 5 % 503 + 150 ms on sends\n`);
  console.table({
    'messages sent': sent,
    'replies received': replied,
    lost,
    duplicated,
    reordered,
    'reply latency p50 / p95 / max (ms)': `${result.messages.replyLatencyMs.p50} / ${result.messages.replyLatencyMs.p95} / ${result.messages.replyLatencyMs.max}`,
    'sends to the hub (POSTs)': sends.length,
    'messages per accepted POST': result.sends.messagesPerPost,
    'sends answered 429 (injected + limiter)': result.sends.answered429,
    "429s from the hub's rate limiter": limiter429,
    'sends answered 503': byStatus['503'] ?? 0,
  });
  console.log('Where the time goes (replicas\' histograms, summed; p50/p95 interpolated within buckets):');
  console.table(Object.fromEntries(stages.map(({ stage, ...f }) => [stage, f])));
  console.table(memory.map(({ samples: _s, ...m }) => m));
  const here = dirname(fileURLToPath(import.meta.url));
  void mkdir(join(here, 'results'), { recursive: true })
    .then(() => writeFile(join(here, 'results', 'soak.json'), `${JSON.stringify(result, null, 2)}\n`))
    .then(() => console.log('written: bench/results/soak.json'));
  if (lost > 0 || duplicated > 0 || reordered > 0 || limiter429 > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(`soak: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
});
