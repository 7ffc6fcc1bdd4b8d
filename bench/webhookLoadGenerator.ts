/**
 * The load generator of webhook.bench.ts, run in a process of its own (as the event manager
 * would be) so that its work does not share the receiver's event loop:
 *
 *   tsx bench/webhookLoadGenerator.ts <rate> <secondsPerSlice> <rounds> <duplicateShare> <url>...
 *
 * It drives the URLs in turn, one slice each per round (a different one first each round), so
 * that a change in the machine's load (it is shared) falls on all of them alike. A first,
 * unmeasured slice per URL warms up the process and its connections (ids prefixed `warm-`).
 * Prints one JSON line: per URL, a UrlResult.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { runSchedule, sentRate } from './openLoopSchedule.js';

export interface DriveResult {
  /** Per request, from its scheduled send time to the end of its answer. */
  latenciesMs: number[];
  non204: number;
  /** Requests per second the generator actually sent at (first to last send). */
  achievedRate: number;
  /** The 99th percentile of how late requests left behind their schedule (the generator's own delay). */
  sendLagP99Ms: number;
}

/**
 * Sends `bodies` at `rate` per second, open loop (openLoopSchedule.ts), over the keep-alive
 * connections of `agent` (one per URL for the whole run, so a slice does not start by opening
 * connections the slice before had already opened).
 */
export async function drive(agent: http.Agent, url: string, bodies: string[], rate: number): Promise<DriveResult> {
  const target = new URL(url);
  const latencies: number[] = new Array(bodies.length);
  let non204 = 0;
  const sends: Promise<void>[] = [];
  const send = (i: number, dueAt: number): void => {
    sends.push(
      new Promise((resolve) => {
        const body = bodies[i]!;
        const req = http.request(
          { agent, host: target.hostname, port: target.port, path: target.pathname, method: 'PUT', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => {
              latencies[i] = performance.now() - dueAt;
              if (res.statusCode !== 204) non204++;
              resolve();
            });
          },
        );
        req.on('error', () => {
          non204++;
          latencies[i] = performance.now() - dueAt;
          resolve();
        });
        req.end(body);
      }),
    );
  };
  const schedule = await runSchedule(bodies.length, rate, send);
  await Promise.all(sends);
  return {
    latenciesMs: latencies,
    non204,
    achievedRate: sentRate(schedule),
    sendLagP99Ms: percentile(schedule.sendLagMs, 99),
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The bodies of one run: unique events, and duplicates of ones sent shortly before (some still in flight). */
export function workload(count: number, duplicateShare: number, idPrefix = ''): { bodies: string[]; unique: Set<string> } {
  const bodies: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    let id: string;
    if (ids.length > 0 && Math.random() < duplicateShare) id = ids[Math.max(0, ids.length - 1 - Math.floor(Math.random() * 200))]!;
    else {
      id = `${idPrefix}${randomUUID()}`;
      ids.push(id);
    }
    bodies.push(JSON.stringify({ notificationId: id, eventType: 'article_published', eventTime: new Date().toISOString(), articleId: `KB-${10000 + (i % 500)}`, title: 'Reset the router' }));
  }
  return { bodies, unique: new Set(ids) };
}

/** One URL's figures over the run: latencies of all its measured slices together, and each slice's own. */
export interface UrlResult {
  latenciesMs: number[];
  non204: number;
  unique: string[];
  slices: { p50: number; p99: number; achievedRate: number; sendLagP99Ms: number }[];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [rateArg, secondsArg, roundsArg, shareArg, ...urls] = process.argv.slice(2);
  const rate = Number(rateArg);
  const perSlice = Math.round(rate * Number(secondsArg));
  const share = Number(shareArg);
  const results = new Map<string, UrlResult>(urls.map((u) => [u, { latenciesMs: [], non204: 0, unique: [], slices: [] }]));
  const agents = new Map(urls.map((u) => [u, new http.Agent({ keepAlive: true, maxSockets: 256 })]));
  for (const url of urls) await drive(agents.get(url)!, url, workload(perSlice, share, 'warm-').bodies, rate);
  for (let round = 0; round < Number(roundsArg); round++) {
    // A different URL goes first each round, so none always follows the same one.
    for (const url of [...urls.slice(round % urls.length), ...urls.slice(0, round % urls.length)]) {
      const { bodies, unique } = workload(perSlice, share);
      const r = await drive(agents.get(url)!, url, bodies, rate);
      const acc = results.get(url)!;
      acc.latenciesMs.push(...r.latenciesMs);
      acc.non204 += r.non204;
      acc.unique.push(...unique);
      acc.slices.push({ p50: percentile(r.latenciesMs, 50), p99: percentile(r.latenciesMs, 99), achievedRate: r.achievedRate, sendLagP99Ms: r.sendLagP99Ms });
    }
  }
  for (const agent of agents.values()) agent.destroy();
  process.stdout.write(`${JSON.stringify(Object.fromEntries(results))}\n`);
}
