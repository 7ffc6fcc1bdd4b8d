/**
 * `npm run bench:profile [-- floor|bare|botbuilder|cloud|hub] [messages] [inclusive-regex] [--open-loop <rate>] [--alloc]`:
 * drives one server of botHost.ts under `--cpu-prof`, in the closed loop (50 conversations, each
 * waiting for its echo) or, with `--open-loop`, at a fixed rate from the generator process (200
 * conversations, new ones every 2 s, as the bench's open loop), then prints where the server process spent its CPU:
 * the top frames by self time, and the same summed per source (our files, each package,
 * node internals). This is how the per-turn cost is found before it is cut; the README's
 * performance section lists its top frames before and after.
 *
 * With `--alloc`, instead of the CPU it samples where the server allocates during the measured
 * run, freed objects included (allocationSampling.ts), and prints bytes per message by source
 * and by site: what the garbage collector works for.
 *
 * The profile (.cpuprofile, for Chrome DevTools or speedscope; .heapprofile, for DevTools'
 * Memory panel) stays in bench/results/profiles/.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { startBotHost } from './botHostProcess.js';
import { closedLoop, type EchoTarget } from './closedLoop.js';
import { activityBody, hubCallbackBody } from './echoPayloads.js';
import { keepAliveAgent, postJson } from './httpPost.js';
import { startReplySink } from './replySink.js';
import type { ServerName } from './roundTripRuns.js';
import { openLoop } from './openLoop.js';
import { startGeneratorProcess, type GeneratorProcess } from './openLoopProcess.js';
import type { ReplySink } from './replySink.js';
import { percentile } from '../webhookLoadGenerator.js';
import { summariseAllocations, type HeapProfileNode } from './allocationSummary.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** A frame's source, short: `src/adapter/x.ts`, a package name, `node:internal/...`, or `(program)`. */
function sourceOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const file = url.replace(/^file:\/\//, '');
  // The host runs the package from dist/ (shippedBuild.ts): `dist/src/x.js` reads as `src/x.js`,
  // so our frames group under src/, bots/, dialogs/ whichever build ran.
  return file.startsWith(root) ? file.slice(root.length + 1).replace(/^dist\//, '') : file;
}

export interface ProfileSummary {
  /** Self time per frame, ms, highest first. */
  frames: [string, number][];
  /** Self time per source (file, package, runtime module), ms. */
  sources: [string, number][];
  /** Time with a frame on the stack, per function, ms: this project's (src/, bots/, dialogs/) or those matching `inclusiveOf`. */
  inclusive: [string, number][];
  windowMs: number;
}

/** Sums the samples taken between `fromUs` and `toUs` (the profile's own clock). */
export function summarise(profile: CpuProfile, fromUs: number, toUs: number, inclusiveOf = /^(src|bots|dialogs)\//, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) => {
    const src = sourceOf(n.callFrame.url, n.callFrame.functionName);
    return `${n.callFrame.functionName || '(anonymous)'} ${src}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const sources = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < fromUs || t > toUs) continue;
    const leaf = byId.get(profile.samples[i])!;
    add(self, label(leaf), ms);
    add(sources, sourceOf(leaf.callFrame.url, leaf.callFrame.functionName), ms);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id)!;
      const src = sourceOf(n.callFrame.url, n.callFrame.functionName);
      const k = label(n);
      if (!inclusiveOf.test(src) && !inclusiveOf.test(k)) continue;
      if (!seen.has(k)) add(inclusive, k, ms);
      seen.add(k);
    }
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { frames: sorted(self), sources: sorted(sources), inclusive: sorted(inclusive), windowMs: (toUs - fromUs) / 1000 };
}

/** The driven load: `drive(target, sink, prefix, count)` sends `count` messages and says how fast they went. */
type Drive = (target: EchoTarget, sink: ReplySink, prefix: string, count: number) => Promise<{ done: number; line: string }>;

const closedLoopDrive: Drive = async (target, sink, prefix, count) => {
  const r = await closedLoop(target, sink, { conversations: 50, messages: count, prefix });
  return { done: r.latenciesMs.length, line: `${r.messagesPerSecond.toFixed(0)} round trips/s, ${r.failures} failures` };
};

/** The open loop in slices of 2 s, each to 200 new conversations (as ackRuns.ts). */
function openLoopDrive(generator: GeneratorProcess, rate: number): Drive {
  return async (target, sink, prefix, count) => {
    const lat: number[] = [];
    const slice = Math.max(1, Math.round(rate * 2));
    for (let sent = 0, i = 0; sent < count; sent += slice, i++) {
      const r = await openLoop(generator, target, sink, { rate, count: Math.min(slice, count - sent), conversations: 200, prefix: `${prefix}${i}` });
      lat.push(...r.ackLatenciesMs);
    }
    return { done: lat.length, line: `${rate}/s open loop, ack p50 ${percentile(lat, 50).toFixed(1)} ms, p99 ${percentile(lat, 99).toFixed(1)} ms` };
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const open = args.indexOf('--open-loop');
  const rate = open >= 0 ? Number(args.splice(open, 2)[1]) : undefined;
  if (rate !== undefined && !(rate > 0)) throw new Error('--open-loop needs a rate in callbacks per second');
  const allocAt = args.indexOf('--alloc');
  const alloc = allocAt >= 0;
  if (alloc) args.splice(allocAt, 1);
  const name = (args[0] ?? 'hub') as ServerName;
  if (rate !== undefined && name === 'cloud') throw new Error('the open loop sends the hub callback batch, which CloudAdapter does not take');
  const messages = Number(args[1] ?? 6000);
  // A third argument widens the inclusive view, e.g. 'botbuilder|axios' (a regular expression on source or frame).
  const inclusiveOf = args[2] ? new RegExp(args[2]) : undefined;
  const dir = join(here, '..', 'results', 'profiles');
  // Only the earlier profiles go: the folder's README is tracked.
  await mkdir(dir, { recursive: true });
  for (const f of await readdir(dir)) if (f.endsWith('.cpuprofile') || f.endsWith('.heapprofile')) await rm(join(dir, f), { force: true });
  // One profile at a time: the CPU profiler's samples would be allocations of their own.
  const heapFile = join(dir, `${name}.heapprofile`);
  if (alloc) delete process.env.ADAPTER_BENCH_CPU_PROF;
  else process.env.ADAPTER_BENCH_CPU_PROF = dir;

  const sink = await startReplySink();
  const secret = randomBytes(24).toString('base64url');
  const host = await startBotHost({ hubMessagesUrl: sink.hubMessagesUrl, platformBaseUrl: sink.url, platformTokenUrl: sink.tokenUrl, botClientId: 'bench-hub', botClientSecret: secret });
  const generator = rate === undefined ? undefined : startGeneratorProcess();
  const drive = generator && rate ? openLoopDrive(generator, rate) : closedLoopDrive;
  let done = 0;
  let fromUs = 0;
  let toUs = 0;
  let cpuPerMessage = 0;
  let promises = 0;
  try {
    const agent = keepAliveAgent(1);
    const tokenAnswer = await postJson(agent, new URL(host.urls.hubTokenUrl), JSON.stringify({ grant_type: 'client_credentials', client_id: 'bench-hub', client_secret: secret }));
    agent.destroy();
    const token = (JSON.parse(tokenAnswer.body) as { access_token: string }).access_token;
    const target: EchoTarget =
      name === 'cloud'
        ? { label: name, url: host.urls.cloud, body: (c, n) => activityBody(c, n, sink.url) }
        : { label: name, url: host.urls[name], body: hubCallbackBody, headers: name === 'hub' ? () => ({ authorization: `Bearer ${token}` }) : undefined };
    await drive(target, sink, 'warm', 1000);
    const posts0 = { ...sink.counts };
    const cpu0 = await host.cpuMs();
    fromUs = await host.clockUs();
    const stopSampling = alloc ? await host.sampleAllocations(heapFile) : undefined;
    const r = await drive(target, sink, 'prof', messages);
    promises = (await stopSampling?.()) ?? 0;
    toUs = await host.clockUs();
    cpuPerMessage = ((await host.cpuMs()) - cpu0) / r.done;
    done = r.done;
    const posts = sink.counts.hubPosts - posts0.hubPosts;
    process.stdout.write(`${name}: ${r.line}, ${cpuPerMessage.toFixed(3)} ms server CPU each, ${posts} hub POSTs for ${sink.counts.hubMessages - posts0.hubMessages} messages\n`);
  } finally {
    await generator?.stop();
    await host.stop();
    await sink.close();
  }
  if (alloc) return printAllocations(heapFile, done, promises);
  const file = (await readdir(dir)).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server process wrote no profile');
  const s = summarise(JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile, fromUs, toUs, inclusiveOf, inclusiveOf ? 60 : 25);
  const perMsg = (ms: number) => `${((ms / Math.max(1, done)) * 1000).toFixed(1).padStart(6)} µs/msg`;
  const print = (title: string, rows: [string, number][]) => {
    process.stdout.write(`\n${title}\n`);
    for (const [f, ms] of rows) process.stdout.write(`  ${perMsg(ms)}  ${f}\n`);
  };
  process.stdout.write(`(the measured ${(s.windowMs / 1000).toFixed(1)} s only; ${cpuPerMessage.toFixed(3)} ms CPU per message)\n`);
  print('Top frames by self time:', s.frames);
  print('Self time by source:', s.sources);
  print('Time under our own functions (inclusive):', s.inclusive);
  process.stdout.write(`\nprofile: ${join(dir, file)}\n`);
}

async function printAllocations(file: string, done: number, promises: number): Promise<void> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as { head: HeapProfileNode };
  const s = summariseAllocations(profile.head, sourceOf);
  const perMsg = (bytes: number) => `${(bytes / Math.max(1, done)).toFixed(0).padStart(7)} B/msg`;
  process.stdout.write(`(the measured run only, sampled: ${perMsg(s.total).trim()} allocated in all; ${(promises / Math.max(1, done)).toFixed(1)} promises created a message)\n`);
  for (const [title, rows] of [['Allocated by source:', s.sources], ['Allocated by site:', s.sites]] as const) {
    process.stdout.write(`\n${title}\n`);
    for (const [k, bytes] of rows) process.stdout.write(`  ${perMsg(bytes)}  ${k}\n`);
  }
  process.stdout.write(`\nprofile: ${file}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
