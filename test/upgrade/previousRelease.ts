/**
 * The previous release, built from git, for the rolling-upgrade tests (M5): its files at the
 * commit (`git archive`), this checkout's node_modules when the lock file is the same (`npm ci`
 * in its own folder otherwise), and its own `npm run build`. The built release is kept under
 * node_modules/.cache/hubbot-releases/<commit>, so only the first run pays for the build.
 *
 * A clone without the commit (a shallow clone) cannot test the upgrade: that is an error that
 * says so, never a skipped test.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The previous release: main's head when rolling upgrades were first tested (M5).
 * Move it forward (one release back from what ships) when a release is cut.
 */
export const PREVIOUS_RELEASE_COMMIT = 'c9c689a';

/** The checkout these tests run in. */
export const CHECKOUT = resolve(import.meta.dirname, '../..');

export interface BuiltRelease {
  /** The full commit hash. */
  commit: string;
  /** The release's folder: its package.json, its `dist/` and a node_modules. */
  root: string;
}

/** Where a commit's build is kept. */
export function releaseCacheDir(commit: string): string {
  return join(CHECKOUT, 'node_modules', '.cache', 'hubbot-releases', commit);
}

async function git(args: string[]): Promise<string> {
  return (await run('git', args, { cwd: CHECKOUT, maxBuffer: 16 * 1024 * 1024 })).stdout.trim();
}

/** The full hash of `commit`, or an error saying the clone lacks it (and how to get it). */
export async function resolveCommit(commit: string): Promise<string> {
  try {
    return await git(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]);
  } catch {
    const shallow = await git(['rev-parse', '--is-shallow-repository']).catch(() => 'unknown');
    throw new Error(
      `the previous release (commit ${commit}) is not in this clone${shallow === 'true' ? ', which is shallow' : ''}: ` +
        'the rolling-upgrade test builds it from git. Fetch the full history (`git fetch --unshallow`, or clone without --depth) and run again.',
    );
  }
}

/** Runs a command in `cwd`; on failure the error carries its last output. */
function step(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_loglevel: 'error' } });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${output}`))));
  });
}

/** `git archive <commit> | tar -x -C <dir>`. */
function extract(commit: string, dir: string): Promise<void> {
  return new Promise((done, fail) => {
    const archive = spawn('git', ['archive', '--format=tar', commit], { cwd: CHECKOUT, stdio: ['ignore', 'pipe', 'pipe'] });
    const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
    archive.stdout.pipe(tar.stdin);
    let errors = '';
    archive.stderr.on('data', (c: Buffer) => (errors += c.toString('utf8')));
    tar.stderr.on('data', (c: Buffer) => (errors += c.toString('utf8')));
    const codes: (number | null)[] = [];
    const exited = (code: number | null) => {
      codes.push(code);
      if (codes.length < 2) return;
      if (codes.every((c) => c === 0)) done();
      else fail(new Error(`git archive ${commit} | tar -x failed: ${errors.slice(-2000)}`));
    };
    archive.on('exit', exited);
    tar.on('exit', exited);
    archive.on('error', fail);
    tar.on('error', fail);
  });
}

/**
 * `npm ci` of the release's own lock file, from npm's cache first. The registry sometimes drops a
 * download half way (EIDLETIMEOUT, seen in a fresh-clone run): `npm ci` starts over from an empty
 * node_modules, so it is safe to repeat, and it is, twice.
 */
async function installDependencies(work: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], work);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      process.stderr.write(`      (npm ci of the previous release failed, trying again: ${String(err).split('\n')[1] ?? ''})\n`);
    }
  }
}

/**
 * The previous release, built (from the cache when an earlier run built it).
 *
 * @param commit - the release's commit (default PREVIOUS_RELEASE_COMMIT)
 */
export async function previousRelease(commit: string = PREVIOUS_RELEASE_COMMIT): Promise<BuiltRelease> {
  const full = await resolveCommit(commit);
  const root = releaseCacheDir(full);
  const marker = join(root, '.built');
  if (existsSync(marker)) return { commit: full, root };

  const parent = join(CHECKOUT, 'node_modules', '.cache', 'hubbot-releases');
  await mkdir(parent, { recursive: true });
  // Built outside node_modules: tsc takes files under a node_modules folder for a library's and
  // leaves out the JSON they import (the dialogs' texts).
  const work = await mkdtemp(join(tmpdir(), `hubbot-release-${full.slice(0, 12)}-`));
  const staging = await mkdtemp(join(parent, `staging-${full.slice(0, 12)}-`));
  try {
    await extract(full, work);
    const sameLock = await run('git', ['diff', '--quiet', full, '--', 'package-lock.json'], { cwd: CHECKOUT }).then(
      () => true,
      () => false,
    );
    // The same lock file: the same dependencies, so this checkout's are theirs.
    if (sameLock) await symlink(join(CHECKOUT, 'node_modules'), join(work, 'node_modules'), 'dir');
    else await installDependencies(work);
    await step('npm', ['run', 'build'], work);
    await writeFile(join(work, '.built'), `${full}\n`);
    await cp(work, staging, { recursive: true, verbatimSymlinks: true });
    // Another run may have finished first: its build is as good as ours.
    await rename(staging, root).catch(async (err: NodeJS.ErrnoException) => {
      if (!existsSync(marker)) throw err;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
  return { commit: full, root };
}
