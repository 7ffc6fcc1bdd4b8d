/**
 * The image of deploy/Dockerfile, built as CI builds it: from the packed package (`npm pack`)
 * and the repository's package-lock.json, on the local base image, with podman. Built once per
 * process and kept between runs under a tag naming the hash of the package, the lock and the
 * Dockerfile, so an unchanged package is not built again.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOCAL_BASE_IMAGE, localBaseImage } from './localBaseImage.js';
import { podman, podmanOk, PODMAN_HOME } from './podman.js';

const exec = promisify(execFile);

/** The repository's root (the package `npm pack` packs). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The image description under test. */
export const DOCKERFILE = join(REPO_ROOT, 'deploy', 'Dockerfile');
/** The versions the image installs, exactly (npm ci). */
export const PACKAGE_LOCK = join(REPO_ROOT, 'package-lock.json');

/** Packs the package (dist/ as built by `npm ci`'s prepare step) into `dir`; resolves to the tarball's path. */
async function packPackage(dir: string): Promise<string> {
  const { stdout } = await exec('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  return join(dir, filename);
}

let building: Promise<string> | undefined;

/** Resolves to the tag of the image built from the current package, building it when needed. */
export function hubbotImage(): Promise<string> {
  building ??= (async () => {
    await mkdir(PODMAN_HOME, { recursive: true });
    // A context of this process's own: two test runs sharing the store never clear each other's.
    const context = await mkdtemp(join(PODMAN_HOME, 'build-context-'));
    try {
      return await buildIn(context);
    } finally {
      await rm(context, { recursive: true, force: true });
    }
  })();
  return building;
}

/** Builds the image from a context folder of its own (tarball, lock, Dockerfile); resolves to its tag. */
async function buildIn(context: string): Promise<string> {
  const tarball = await packPackage(context);
  const dockerfile = await readFile(DOCKERFILE);
  const lock = await readFile(PACKAGE_LOCK);
  const hash = createHash('sha256').update(await readFile(tarball)).update(lock).update(dockerfile).update(LOCAL_BASE_IMAGE).digest('hex').slice(0, 16);
  const tag = `localhost/hubbot:${hash}`;
  if ((await podman(['image', 'exists', tag])).code === 0) return tag;
  await copyFile(DOCKERFILE, join(context, 'Dockerfile'));
  await copyFile(PACKAGE_LOCK, join(context, 'package-lock.json'));
  const base = await localBaseImage();
  // npm's cache of this machine: npm ci then revalidates what it has instead of downloading
  // every tarball again; what gets installed is the lock's either way.
  const npmCache = (await exec('npm', ['config', 'get', 'cache'])).stdout.trim();
  await podmanOk(
    [
      'build',
      '--format', 'docker', // HEALTHCHECK is a Docker image field; the OCI format drops it
      '--network', 'host',
      '--volume', `${npmCache}:/root/.npm`,
      '--build-arg', `BASE_IMAGE=${base}`,
      '--build-arg', `PACKAGE=${tarball.slice(context.length + 1)}`,
      '--tag', tag,
      '--file', join(context, 'Dockerfile'),
      context,
    ],
    { timeoutMs: 20 * 60_000 },
  );
  return tag;
}
