/**
 * The driver's handle on botHost.ts: forks it (through tsx, like the other bench children, for
 * the bench's own TypeScript; the package itself it loads from dist/, see shippedBuild.ts), and
 * turns its IPC messages into promises.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostReply, HostRequest, HostUrls } from './botHostProtocol.js';
import { assertDistFresh } from './shippedBuild.js';

type StartRequest = Omit<Extract<HostRequest, { cmd: 'start' }>, 'id' | 'cmd'>;
/** A request before it is numbered (Omit distributed over the union). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface BotHost {
  urls: HostUrls;
  /** CPU time (user + system) the host process has used so far, in ms. */
  cpuMs(): Promise<number>;
  /** The host's monotonic clock in µs (the clock of its --cpu-prof timestamps). */
  clockUs(): Promise<number>;
  /** Samples where the host allocates from now; the function returned stops, writes the .heapprofile and says how many promises were created. */
  sampleAllocations(file: string): Promise<() => Promise<number>>;
  stop(): Promise<void>;
}

export async function startBotHost(start: StartRequest): Promise<BotHost> {
  assertDistFresh();
  const script = join(dirname(fileURLToPath(import.meta.url)), 'botHost.ts');
  const profileDir = process.env.ADAPTER_BENCH_CPU_PROF;
  // restify's http_parser binding warns at start on Node 20; the warning says nothing about the bench.
  // ADAPTER_BENCH_HOST_FLAGS: Node/V8 flags for the host (e.g. `--trace-gc`); every compared
  // server runs in this one process, so a flag applies to all of them alike.
  const hostFlags = (process.env.ADAPTER_BENCH_HOST_FLAGS ?? '').split(/\s+/).filter(Boolean);
  // No --conditions=hubbot-source here (unlike the driver's own tsx): the package's name then
  // resolves to dist/, which the host checks (assertRunsDist).
  const execArgv = ['--import', 'tsx', '--no-deprecation', ...hostFlags, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  const child: ChildProcess = fork(script, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (r: HostReply) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  child.on('message', (reply: HostReply) => {
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error !== undefined) w?.reject(new Error(`bot host: ${reply.error}`));
    else w?.resolve(reply);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`bot host exited (${code})`));
    waiting.clear();
  });
  const ask = (req: Unnumbered<HostRequest>): Promise<HostReply> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.send({ ...req, id } as HostRequest);
    });

  let urls: HostUrls;
  try {
    urls = (await ask({ cmd: 'start', ...start })).urls!;
  } catch (err) {
    child.kill();
    throw err;
  }
  return {
    urls,
    cpuMs: async () => (await ask({ cmd: 'cpu' })).cpuMs!,
    clockUs: async () => (await ask({ cmd: 'cpu' })).atUs!,
    sampleAllocations: async (file: string) => {
      await ask({ cmd: 'alloc-start', file });
      return async () => (await ask({ cmd: 'alloc-stop' })).promises ?? 0;
    },
    stop: async () => {
      await ask({ cmd: 'stop' }).catch(() => undefined);
      const timer = setTimeout(() => child.kill(), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
