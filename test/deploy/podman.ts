/**
 * Podman as this machine kind runs it: Debian's podman with runc, as root, vfs storage, the
 * host's network, and a containers.conf that names runc and cgroupfs and sets ulimits within the
 * host's own hard limits (crun, and podman's default limits above them, are refused here). Its
 * storage is a folder of its own, so the images the deploy tests build never mix with anything
 * else on the machine and survive between runs (a rebuild of the same package is skipped).
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage } from '../support/ensureDebianPackage.js';

/** Where the deploy tests keep podman's images, containers and settings. */
export const PODMAN_HOME = join(tmpdir(), 'hubbot-deploy-podman');

/** How one podman command ended. */
export interface PodmanRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A soft:hard ulimit pair no higher than this process's own hard limit (runc may not raise it). */
async function ulimitWithinHost(limitName: string, wanted: number): Promise<string> {
  const limits = await readFile('/proc/self/limits', 'utf8');
  const line = limits.split('\n').find((l) => l.startsWith(limitName));
  const hard = line?.trim().split(/\s{2,}/)[2];
  const value = hard === undefined || hard === 'unlimited' ? wanted : Math.min(wanted, Number(hard));
  return `${value}:${value}`;
}

let prepared: Promise<void> | undefined;

/** Installs podman, runc and catatonit when missing and writes the containers.conf (once per process). */
export function preparePodman(): Promise<void> {
  prepared ??= (async () => {
    await ensureDebianPackage('/usr/bin/podman', ['podman', 'runc']);
    await ensureDebianPackage('/usr/sbin/runc', ['runc']);
    // A pod's infra container (podman kube play) is built from catatonit.
    await ensureDebianPackage('/usr/bin/catatonit', ['catatonit']);
    await mkdir(PODMAN_HOME, { recursive: true });
    const nofile = await ulimitWithinHost('Max open files', 65_536);
    const nproc = await ulimitWithinHost('Max processes', 4096);
    await writeFile(
      join(PODMAN_HOME, 'containers.conf'),
      [
        '[containers]',
        `default_ulimits = ["nofile=${nofile}", "nproc=${nproc}"]`,
        'netns = "host"',
        '[engine]',
        'runtime = "runc"',
        'cgroup_manager = "cgroupfs"',
        'events_logger = "file"',
        '',
      ].join('\n'),
    );
  })();
  return prepared;
}

/**
 * Runs `podman <args>` with this machine's settings and resolves when it exits (it never rejects
 * on a non-zero exit: the caller reads `code`). `timeoutMs` bounds a hang: the command is killed.
 */
export async function podman(args: string[], opts: { timeoutMs?: number; input?: string } = {}): Promise<PodmanRun> {
  await preparePodman();
  const storage = ['--root', join(PODMAN_HOME, 'storage'), '--runroot', join(PODMAN_HOME, 'run'), '--storage-driver', 'vfs'];
  const child = spawn('podman', [...storage, ...args], {
    env: { ...process.env, CONTAINERS_CONF: join(PODMAN_HOME, 'containers.conf') },
    stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (opts.input !== undefined) child.stdin!.end(opts.input);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-20_000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 600_000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).finally(() => clearTimeout(timer));
  return { code, stdout, stderr };
}

/** Runs `podman <args>` and returns its standard output; a non-zero exit throws with what it said. */
export async function podmanOk(args: string[], opts: { timeoutMs?: number; input?: string } = {}): Promise<string> {
  const r = await podman(args, opts);
  if (r.code !== 0) throw new Error(`podman ${args.join(' ')} exited with ${r.code}:\n${r.stderr.slice(-4000)}`);
  return r.stdout;
}
