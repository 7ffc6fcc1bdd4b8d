/**
 * The package as `npm pack` makes it, packed once per test run and shared by the tests that
 * install it (the consumer project, K1/K6; the production install, M2): packing runs the build,
 * about a minute, so it is not repeated. The tarball's folder is removed when the run ends.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A child's environment without the test runner's loader flags: the package runs on plain node. */
export function plainEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

/** Runs a command to its end and gives its standard output; a failure carries what it printed. */
export async function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = plainEnv()): Promise<string> {
  try {
    const { stdout } = await run(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 });
    return stdout;
  } catch (err) {
    // The compiler and npm say what went wrong on their standard output and error.
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`.slice(0, 8000));
  }
}

let packed: Promise<string> | undefined;

/** The path of the packed tarball; the first call packs, the others wait for it. */
export function packedTarball(): Promise<string> {
  packed ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hubbot-packed-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const out = await sh('npm', ['pack', '--silent', '--pack-destination', dir], PACKAGE_ROOT);
    return join(dir, out.trim().split('\n').pop()!);
  })();
  return packed;
}
