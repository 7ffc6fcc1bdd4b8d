/**
 * A redis-server of the test's own, on a free port, with an append-only file synced on every
 * write, so a test can stop it (even kill it) and start it again with its data, without
 * disturbing the shared Redis on 6379. `available()` is false when redis-server is not on PATH.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { waitFor } from '../support/waitFor.js';

export class ThrowawayRedis {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'hubbot-webhook-redis-'));

  private constructor(readonly port: number) {}

  static available(): boolean {
    return !spawnSync('redis-server', ['--version']).error;
  }

  static async create(): Promise<ThrowawayRedis> {
    const port = await new Promise<number>((resolve, reject) => {
      const s = createServer();
      s.once('error', reject);
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    return new ThrowawayRedis(port);
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.dir, '--logfile', '', '--enable-debug-command', 'local'];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    this.child = child;
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error('throwaway redis-server exited before it answered');
      return this.answers();
    }, { what: 'the throwaway redis-server to answer', timeoutMs: 10_000, intervalMs: 50 });
  }

  /** Whether the server answers a PING now, on a connection of its own. */
  private async answers(): Promise<boolean> {
    const probe = createClient({ url: this.url, socket: { reconnectStrategy: false } });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      await probe.close();
      return true;
    } catch {
      // A client whose connect already failed is closed; destroying it again throws.
      if (probe.isOpen) probe.destroy();
      return false;
    }
  }

  /** Kills the server outright (as a crash would); the append-only file keeps what was written. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async dispose(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
