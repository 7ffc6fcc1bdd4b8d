/**
 * Reply latency on the Developer plan: 0.16 POST /conversations/messages a second for the whole
 * tenant, one POST every 6.25 s, each carrying up to 50 messages. 50 customers talk like people
 * (the next message a few seconds after the reply to the last), against the emulator on that
 * plan and our bot server on Redis (adapter/customerLatency.ts). Every reply should reach the
 * hub within one budget interval, since one POST can carry every conversation's reply:
 * goal p95 <= 6.5 s, and no 429.
 *
 * Load: 50 customers, each message answered within an interval and followed by 3-6 s of
 * thought, is about 50 / (3.2 + 4.5) = 6.5 messages a second, some 41 per 6.25 s: inside
 * what one 50-message POST per interval carries.
 *
 * `npx tsx --conditions=hubbot-source bench/run.ts developerPlan` (about a minute).
 */
import type { BenchRow } from './benchRow.js';
import { percentile, runCustomerLatency } from './adapter/customerLatency.js';

export const title = 'Developer plan: reply latency of 50 conversations under 0.16 POST/s';

const INTERVAL_MS = 6250;
const GOAL_P95_MS = 6500;

export async function run(): Promise<BenchRow[]> {
  const log = (line: string) => process.stderr.write(`  developerPlan: ${line}\n`);
  const r = await runCustomerLatency({ plan: 'Developer', conversations: 50, rampMs: INTERVAL_MS, loadMs: 40_000, thinkMs: [3000, 6000], drainMs: 15_000 });
  const s = (ms: number) => Math.round(ms) / 1000;
  const p95 = percentile(r.latenciesMs, 95);
  for (const st of r.stages) log(`${st.stage}: p50 ${st.p50Ms} ms, p95 ${st.p95Ms} ms, mean ${st.meanMs} ms (${st.count})`);
  const interval = { label: 'one budget interval', value: INTERVAL_MS / 1000 };
  return [
    { measure: `reply latency p50, ${r.latenciesMs.length} replies`, value: s(percentile(r.latenciesMs, 50)), unit: 's', baseline: interval, ratio: percentile(r.latenciesMs, 50) / INTERVAL_MS },
    { measure: 'reply latency p95 (customer message posted → reply at the hub)', value: s(p95), unit: 's', baseline: interval, ratio: p95 / INTERVAL_MS, goal: '<= 6.5 s', pass: p95 <= GOAL_P95_MS },
    { measure: 'reply latency max', value: s(r.latenciesMs.at(-1) ?? 0), unit: 's', baseline: interval, ratio: (r.latenciesMs.at(-1) ?? 0) / INTERVAL_MS },
    { measure: `customer messages without a reply (of ${r.sent})`, value: r.unanswered, unit: 'messages', goal: '= 0', pass: r.unanswered === 0 },
    { measure: `messages per accepted POST (${r.posts} POSTs)`, value: r.posts === 0 ? 0 : Math.round((r.botMessages / r.posts) * 10) / 10, unit: 'msg/POST' },
    { measure: '429s answered to POST /conversations/messages', value: r.refused429, unit: 'answers', goal: '= 0', pass: r.refused429 === 0 },
    ...r.stages.map((st) => ({ measure: `stage p95: ${st.stage}`, value: s(st.p95Ms), unit: 's' })),
  ];
}
