/**
 * Tools a test needs from Debian's packages (chromium, podman, promtool): when the executable is
 * missing, the package is installed once with apt-get, printing a progress line, so a fresh
 * machine or CI runs the test with no manual step. Nothing is downloaded but Debian's packages.
 */
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // Output goes to the test log only on failure: apt is chatty.
    const child = spawn(command, args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    child.stderr.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

const installing = new Map<string, Promise<string>>();

/**
 * Resolves to `path` once it is an executable, installing `packages` with apt-get first when it is
 * missing (once per process, however many tests ask).
 *
 * @param path - the executable the test runs, e.g. /usr/bin/podman
 * @param packages - the Debian packages that bring it (and what it needs beside it)
 */
export function ensureDebianPackage(path: string, packages: string[]): Promise<string> {
  let pending = installing.get(path);
  if (!pending) {
    pending = (async () => {
      if (await executable(path)) return path;
      console.log(`    (${path} is missing; installing Debian's ${packages.join(', ')} with apt-get, this takes a minute or two)`);
      // Another process may hold the dpkg lock (a colleague installing something): wait for it.
      const lock = ['-o', 'DPkg::Lock::Timeout=600'];
      await run('apt-get', [...lock, 'update']);
      await run('apt-get', [...lock, 'install', '-y', ...packages]);
      if (!(await executable(path))) throw new Error(`apt-get installed ${packages.join(', ')} but ${path} is not there`);
      console.log(`    (${packages.join(', ')} installed)`);
      return path;
    })();
    installing.set(path, pending);
  }
  return pending;
}
