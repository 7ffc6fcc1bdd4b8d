/**
 * The driver's handle on openLoopGenerator.ts: forks it once (through tsx, like botHost.ts) and
 * turns its IPC messages into promises, so one warm generator serves every open-loop slice of a
 * run. The IPC round trip happens outside the measured window (the child times its own sends).
 */
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeneratorReply, GeneratorRequest, GeneratorRun, GeneratorRunOptions } from './openLoopGenerator.js';

export interface GeneratorProcess {
  run(opts: GeneratorRunOptions): Promise<GeneratorRun>;
  stop(): Promise<void>;
}

export function startGeneratorProcess(): GeneratorProcess {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'openLoopGenerator.ts');
  const child = fork(script, [], { execArgv: ['--import', 'tsx', '--no-deprecation'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (r: GeneratorReply) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  child.on('message', (reply: GeneratorReply) => {
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error !== undefined) w?.reject(new Error(`open-loop generator: ${reply.error}`));
    else w?.resolve(reply);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`open-loop generator exited (${code})`));
    waiting.clear();
  });
  const ask = (req: { cmd: 'run'; run: GeneratorRunOptions } | { cmd: 'stop' }): Promise<GeneratorReply> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.send({ ...req, id } satisfies GeneratorRequest);
    });
  return {
    run: async (opts) => (await ask({ cmd: 'run', run: opts })).result!,
    stop: async () => {
      if (child.exitCode !== null) return;
      await ask({ cmd: 'stop' }).catch(() => undefined);
      const timer = setTimeout(() => child.kill(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
