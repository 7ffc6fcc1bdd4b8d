/**
 * A real Redis Cluster on loopback, for the tests and `hubbot replicas --local-cluster`, started
 * the way CI starts Redis: six
 * `redis-server --cluster-enabled yes` processes in a temporary directory (three masters, three
 * replicas), joined by `redis-cli --cluster create ... --cluster-replicas 1`. Nothing is
 * persisted (no RDB, no AOF) and memory stays small. `stop()` kills the processes and removes
 * the directory; a process exit kills them too, so a failed run leaves nothing behind.
 *
 * Ports: `basePort .. basePort+5` (and the cluster bus at +10000). A cluster already answering
 * there is reused only if it is ours (its nodes run in a directory named `hubbot-redis-cluster-`),
 * which lets a developer keep one running between runs (HUBBOT_KEEP_CLUSTER=1); anything else on
 * those ports is an error rather than a cluster we would write into.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createClient } from 'redis';

const DIR_PREFIX = 'hubbot-redis-cluster-';
const NODES = 6;

export interface LocalClusterOptions {
  /** First of six ports; default 17001. */
  basePort?: number;
  /** cluster-node-timeout: how long a silent master stays a master; default 1000 ms. */
  nodeTimeoutMs?: number;
  /**
   * A cluster of its own, never one already running (a test that kills nodes): the first free
   * range from basePort on, in steps of 10.
   */
  exclusive?: boolean;
}

export interface ClusterNode {
  port: number;
  /** The node's process, when this cluster started it. */
  child?: ChildProcess;
}

export class LocalRedisCluster {
  private stopped = false;

  private constructor(
    readonly nodes: ClusterNode[],
    private readonly dir: string | undefined,
    private readonly onExit: () => void,
  ) {}

  static available(): boolean {
    return !spawnSync('redis-server', ['--version']).error && !spawnSync('redis-cli', ['--version']).error;
  }

  static async start(opts: LocalClusterOptions = {}): Promise<LocalRedisCluster> {
    let basePort = opts.basePort ?? 17001;
    const range = (base: number) => Array.from({ length: NODES }, (_, i) => base + i);
    if (opts.exclusive) {
      for (let tries = 0; !(await allFree(range(basePort))); tries++) {
        if (tries === 20) throw new Error(`no six free ports (and cluster bus ports) from ${opts.basePort ?? 17001} on`);
        basePort += 10;
      }
    }
    const ports = range(basePort);
    let running = await Promise.all(ports.map((p) => nodeDir(p)));
    // Some nodes of ours answer, others not yet: another process is starting it; give it time.
    for (let i = 0; i < 150 && running.some((d) => d?.includes(DIR_PREFIX)) && running.some((d) => d === undefined); i++) {
      await new Promise((r) => setTimeout(r, 100));
      running = await Promise.all(ports.map((p) => nodeDir(p)));
    }
    if (running.every((d) => d?.includes(DIR_PREFIX))) {
      await waitUntilOk(ports, 15_000);
      return new LocalRedisCluster(ports.map((port) => ({ port })), undefined, () => undefined);
    }
    const busy = ports.filter((_, i) => running[i] !== undefined);
    if (busy.length > 0) throw new Error(`ports ${busy.join(', ')} are taken by a Redis that is not a test cluster of ours`);

    const dir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
    const nodes: ClusterNode[] = ports.map((port) => ({ port, child: startNode(dir, port, opts.nodeTimeoutMs ?? 1000) }));
    // Killed on any exit, even when mocha exits mid-test (it runs with --exit).
    const onExit = (): void => {
      nodes.forEach((n) => n.child?.kill('SIGKILL'));
      if (process.env.HUBBOT_KEEP_CLUSTER !== '1') rmSync(dir, { recursive: true, force: true });
    };
    process.once('exit', onExit);
    const cluster = new LocalRedisCluster(nodes, dir, onExit);
    try {
      await Promise.all(ports.map((p) => waitForPing(p, 10_000)));
      const create = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'], { encoding: 'utf8', timeout: 30_000 });
      if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
      await waitUntilOk(ports, 20_000);
      return cluster;
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  }

  /** Seed list in the REDIS_CLUSTER_NODES form. */
  get seeds(): string {
    return this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  }

  /** Ports of the nodes that are masters now, each with the slot ranges it serves. */
  async masters(): Promise<{ port: number; slots: [number, number][] }[]> {
    const byPort = new Map<number, [number, number][]>();
    const shards = (await withNode(this.liveNode().port, (c) => c.sendCommand(['CLUSTER', 'SLOTS']))) as [number, number, [string, number]][];
    for (const [from, to, [, port]] of shards) byPort.set(Number(port), [...(byPort.get(Number(port)) ?? []), [Number(from), Number(to)]]);
    return [...byPort].map(([port, slots]) => ({ port, slots })).sort((a, b) => a.port - b.port);
  }

  /** The port of the master serving a key. */
  async masterOf(key: string): Promise<number> {
    const slot = Number(await withNode(this.liveNode().port, (c) => c.sendCommand(['CLUSTER', 'KEYSLOT', key])));
    const owner = (await this.masters()).find((m) => m.slots.some(([from, to]) => slot >= from && slot <= to));
    if (!owner) throw new Error(`no master serves slot ${slot}`);
    return owner.port;
  }

  /** Subscribers of a channel over every live node: classic (NUMSUB) and sharded (SHARDNUMSUB), or the kinds asked. */
  async subscribers(channel: string, kinds: readonly ('NUMSUB' | 'SHARDNUMSUB')[] = ['NUMSUB', 'SHARDNUMSUB']): Promise<number> {
    let n = 0;
    for (const node of this.liveNodes()) {
      for (const command of kinds) {
        const reply = (await withNode(node.port, (c) => c.sendCommand(['PUBSUB', command, channel]))) as [string, number];
        n += Number(reply[1]);
      }
    }
    return n;
  }

  /** Kills one node outright (SIGKILL, as a crash); only for a cluster this object started. */
  async kill(port: number): Promise<void> {
    const node = this.nodes.find((n) => n.port === port);
    const child = node?.child;
    if (!node || !child) throw new Error(`node ${port} was not started by this cluster`);
    node.child = undefined;
    if (child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** Waits until every live node says cluster_state:ok (a promoted replica has no replica of its own). */
  async waitUntilServing(timeoutMs = 20_000): Promise<void> {
    await waitUntilOk(this.liveNodes().map((n) => n.port), timeoutMs, false);
  }

  async stop(): Promise<void> {
    if (this.stopped || !this.dir) return;
    this.stopped = true;
    if (process.env.HUBBOT_KEEP_CLUSTER === '1') {
      process.off('exit', this.onExit);
      this.nodes.forEach((n) => n.child?.unref());
      return;
    }
    process.off('exit', this.onExit);
    await Promise.all(this.nodes.filter((n) => n.child).map((n) => this.kill(n.port)));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private liveNodes(): ClusterNode[] {
    return this.dir ? this.nodes.filter((n) => n.child && n.child.exitCode === null) : this.nodes;
  }

  private liveNode(): ClusterNode {
    const node = this.liveNodes()[0];
    if (!node) throw new Error('no node of the cluster is running');
    return node;
  }
}

function startNode(dir: string, port: number, nodeTimeoutMs: number): ChildProcess {
  const args = [
    '--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes',
    '--cluster-config-file', join(dir, `nodes-${port}.conf`), '--cluster-node-timeout', String(nodeTimeoutMs),
    '--save', '', '--appendonly', 'no', '--dir', dir, '--logfile', join(dir, `node-${port}.log`),
    '--maxmemory', '64mb', '--maxmemory-policy', 'noeviction',
  ];
  return spawn('redis-server', args, { stdio: 'ignore' });
}

/** Free to listen on: the port and its cluster bus port (port + 10000). */
async function allFree(ports: number[]): Promise<boolean> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (const p of ports) if (!(await free(p)) || !(await free(p + 10000))) return false;
  return true;
}

async function withNode<T>(port: number, work: (c: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
  const client = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false, connectTimeout: 1000 } });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}

/** The working directory of a Redis answering on the port, or undefined when none answers. */
async function nodeDir(port: number): Promise<string | undefined> {
  try {
    return await withNode(port, async (c) => String(((await c.configGet('dir')) as Record<string, string>).dir ?? ''));
  } catch {
    return undefined;
  }
}

async function waitForPing(port: number, timeoutMs: number): Promise<void> {
  await until(async () => (await withNode(port, (c) => c.ping())) === 'PONG', `redis-server on ${port} to start`, timeoutMs);
}

async function waitUntilOk(ports: number[], timeoutMs: number, withReplicas = true): Promise<void> {
  await until(
    async () => {
      for (const port of ports) {
        const info = await withNode(port, (c) => c.sendCommand(['CLUSTER', 'INFO']));
        if (!String(info).includes('cluster_state:ok')) return false;
        if (!withReplicas) continue;
        const replication = String(await withNode(port, (c) => c.info('replication')));
        if (replication.includes('role:master') && !/slave0:.*state=online/.test(replication)) return false;
      }
      return true;
    },
    `cluster on ${ports.join(',')} to be ok`,
    timeoutMs,
  );
}

/** Polls a condition (errors count as "not yet") until it holds or the time is up. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
