/**
 * The harness's handle on one replica process (replicaMain.ts): starts it, waits until it
 * listens, hears what it reports (turns, knowledge events, memory), and stops or kills it.
 * The process's own output is kept (the last lines) for a failing test to show, or passed
 * through to the terminal. Events: `report` (a ReplicaReport), `exit` (code, signal).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MemoryUsage, ReplicaCommand, ReplicaReport } from './replicaMessages.js';

export interface ReplicaProcessOptions {
  /** A name for messages and logs, e.g. `replica-2`. */
  name: string;
  env: Record<string, string | undefined>;
  /** `inherit`: the replica's output goes to this terminal; `buffer` (default): kept in `output()`. */
  logs?: 'inherit' | 'buffer';
  /** How long the replica may take to listen; default 60 s (a cold tsx start on a busy machine). */
  startTimeoutMs?: number;
  /**
   * The entry to run instead of this release's replicaMain: another release's (a rolling-upgrade
   * test runs the previous release's built `dist/cli/harness/replicaMain.js`).
   */
  entry?: ReplicaEntry;
}

/** A replica entry file and the Node options it needs (a loader for TypeScript). */
export interface ReplicaEntry {
  file: string;
  execArgv: string[];
}

const KEPT_LINES = 300;

/** The entry file next to this one: TypeScript run through tsx from the sources, or the compiled JS. */
export function thisReleaseEntry(): ReplicaEntry {
  const self = import.meta.url;
  if (self.endsWith('.ts')) {
    // tsx's loader, found from here (the caller's working directory may be anywhere).
    const tsx = pathToFileURL(createRequire(self).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./replicaMain.js', self)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./replicaMain.js', self)), execArgv: [] };
}

export class ReplicaProcess extends EventEmitter {
  readonly name: string;
  url = '';
  pid = 0;
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private readonly exit: Promise<number | null>;
  private nextRequest = 1;
  private exited = false;

  private constructor(opts: ReplicaProcessOptions) {
    super();
    this.setMaxListeners(0);
    this.name = opts.name;
    const { file, execArgv } = opts.entry ?? thisReleaseEntry();
    // --expose-gc: `memory({ gc: true })` measures the live heap (soak runs).
    this.child = spawn(process.execPath, ['--expose-gc', ...execArgv, file], {
      env: opts.env as NodeJS.ProcessEnv,
      stdio: opts.logs === 'inherit' ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => this.keep(chunk));
    }
    this.child.on('message', (m: ReplicaReport) => this.emit('report', m));
    this.exit = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        this.exited = true;
        resolve(code);
        this.emit('exit', code, signal);
      }),
    );
  }

  /** Starts a replica and resolves once it listens; rejects (with its last output) if it fails. */
  static async start(opts: ReplicaProcessOptions): Promise<ReplicaProcess> {
    const r = new ReplicaProcess(opts);
    const ms = opts.startTimeoutMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      const ready = await Promise.race([
        new Promise<ReplicaReport>((resolve) => {
          const on = (m: ReplicaReport) => {
            if (m.type !== 'ready' && m.type !== 'failed') return;
            r.off('report', on);
            resolve(m);
          };
          r.on('report', on);
        }),
        r.exit.then((code): ReplicaReport => ({ type: 'failed', message: `exited with code ${code}` })),
        new Promise<ReplicaReport>((resolve) => (timer = setTimeout(() => resolve({ type: 'failed', message: `not listening after ${ms} ms` }), ms))),
      ]);
      if (ready.type !== 'ready') throw new Error(`${r.name} did not start: ${ready.type === 'failed' ? ready.message : ready.type}\n${r.output()}`);
      r.url = ready.url;
      r.pid = ready.pid;
      return r;
    } catch (err) {
      await r.kill();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** The replica's last lines of output. */
  output(): string {
    return this.lines.join('\n');
  }

  /** Its memory now (RSS and V8 heap in use); with `gc`, right after a full garbage collection. */
  async memory(opts: { gc?: boolean; timeoutMs?: number } = {}): Promise<MemoryUsage> {
    const requestId = this.nextRequest++;
    const answer = this.nextReport((m) => m.type === 'memory' && m.requestId === requestId, opts.timeoutMs ?? 5000);
    this.send({ type: 'memory', requestId, gc: opts.gc });
    const m = await answer;
    return (m as Extract<ReplicaReport, { type: 'memory' }>).usage;
  }

  /** Stops its turns; it still acknowledges callbacks (and records them in the shared inbox). */
  async pauseWorker(timeoutMs = 10_000): Promise<void> {
    const paused = this.nextReport((m) => m.type === 'workerPaused', timeoutMs);
    this.send({ type: 'pauseWorker' });
    await paused;
  }

  /** Kills it at once (SIGKILL: no clean-up, as a crash); resolves once it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.exited) return;
    this.child.kill(signal);
    await this.exit;
  }

  /** Asks it to stop cleanly (turns under way finish); kills it if it has not gone after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.exited) return;
    this.send({ type: 'stop' });
    const gone = await Promise.race([this.exit.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), graceMs).unref())]);
    if (!gone) await this.kill();
  }

  private send(command: ReplicaCommand): void {
    if (!this.exited && this.child.connected) this.child.send(command);
  }

  private nextReport(match: (m: ReplicaReport) => boolean, timeoutMs: number): Promise<ReplicaReport> {
    return new Promise((resolve, reject) => {
      const on = (m: ReplicaReport) => {
        if (!match(m)) return;
        done();
        resolve(m);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${this.name} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.off('report', on);
      };
      this.on('report', on);
    });
  }

  private keep(chunk: string): void {
    for (const line of chunk.split('\n')) if (line !== '') this.lines.push(line);
    if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
  }
}
