/**
 * A Node.js base image made on this machine, since no registry image can be pulled here: this
 * machine's node (the one running the tests, Node 20 LTS) with the shared libraries ldd lists,
 * its npm and npm settings (registry, CA file), a shell and /usr/bin/env for npm's scripts, tar
 * and gzip (the build stage unpacks the packed package with `tar -xzf`, as node:20-bookworm-slim
 * can), and a passwd naming root and the unprivileged user 1000 the Dockerfile runs as. It stands
 * in for node:20-bookworm-slim as the Dockerfile's BASE_IMAGE.
 */
import { execFile } from 'node:child_process';
import { chmod, copyFile, cp, mkdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { podman, podmanOk, PODMAN_HOME } from './podman.js';

const exec = promisify(execFile);

/**
 * What the base holds, as a number to raise whenever writeRootFs adds to it: a store that kept a
 * base of an earlier content (the one without tar) then makes a new one instead of reusing it.
 */
const BASE_CONTENT = 2;

/** The base's tag: one per Node version and content, so a machine whose node changed makes a new one. */
export const LOCAL_BASE_IMAGE = `localhost/hubbot-node-base:${process.version.replace(/^v/, '')}-c${BASE_CONTENT}`;

/** The files a binary loads, as ldd lists them (the kernel's vdso has no file). */
async function sharedLibraries(binary: string): Promise<string[]> {
  const { stdout } = await exec('ldd', [binary]);
  return [...stdout.matchAll(/(\/\S+\.so[^\s]*)/g)].map((m) => m[1]);
}

async function copyInto(root: string, file: string): Promise<void> {
  const target = join(root, file);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(await realpath(file), target);
  await chmod(target, 0o755);
}

/** Writes the base's root file system into `root`. */
async function writeRootFs(root: string): Promise<void> {
  const node = await realpath(process.execPath);
  const shell = await realpath('/bin/sh');
  const env = await realpath('/usr/bin/env');
  await copyInto(root, node);
  if (node !== '/usr/bin/node') await copyInto(root, '/usr/bin/node').catch(() => symlink(node, join(root, 'usr/bin/node')));
  await mkdir(join(root, 'bin'), { recursive: true });
  await copyFile(shell, join(root, 'bin/sh'));
  await chmod(join(root, 'bin/sh'), 0o755);
  await copyInto(root, env);
  // GNU tar runs `gzip -d` for -z, found on PATH: both where this machine has them (a bin on PATH).
  const tools = await Promise.all(['/bin/tar', '/bin/gzip'].map((tool) => realpath(tool)));
  for (const tool of tools) await copyInto(root, tool);
  const binaries = [node, shell, env, ...tools];
  for (const lib of new Set((await Promise.all(binaries.map(sharedLibraries))).flat())) await copyInto(root, lib);
  // npm and its global settings (registry, CA file), exactly as this machine's.
  const npmRoot = (await exec('npm', ['root', '-g'])).stdout.trim();
  await mkdir(join(root, 'usr/lib/node_modules'), { recursive: true });
  await cp(join(npmRoot, 'npm'), join(root, 'usr/lib/node_modules/npm'), { recursive: true });
  await symlink('../lib/node_modules/npm/bin/npm-cli.js', join(root, 'usr/bin/npm'));
  const globalConfig = (await exec('npm', ['config', 'get', 'globalconfig'])).stdout.trim();
  await copyInto(root, globalConfig).catch(() => undefined);
  await copyInto(root, '/etc/ssl/certs/ca-certificates.crt').catch(() => undefined);
  await mkdir(join(root, 'etc'), { recursive: true });
  await writeFile(join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000:node:/home/node:/bin/sh\n');
  await writeFile(join(root, 'etc/group'), 'root:x:0:\nnode:x:1000:\n');
  for (const dir of ['root', 'home/node', 'tmp']) await mkdir(join(root, dir), { recursive: true });
  await chmod(join(root, 'tmp'), 0o1777);
}

let making: Promise<string> | undefined;

/** Resolves to the local base image's tag, importing it into podman first when it is not there. */
export function localBaseImage(): Promise<string> {
  making ??= (async () => {
    if ((await podman(['image', 'exists', LOCAL_BASE_IMAGE])).code === 0) return LOCAL_BASE_IMAGE;
    const root = join(PODMAN_HOME, 'base-rootfs');
    await rm(root, { recursive: true, force: true });
    await writeRootFs(root);
    const tarball = join(PODMAN_HOME, 'base-rootfs.tar');
    await exec('tar', ['-C', root, '-cf', tarball, '.']);
    await podmanOk(['import', '--change', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', tarball, LOCAL_BASE_IMAGE]);
    await rm(root, { recursive: true, force: true });
    await rm(tarball, { force: true });
    return LOCAL_BASE_IMAGE;
  })();
  return making;
}
