/**
 * The web tests drive Debian's Chromium : playwright-core brings
 * no browser of its own, and downloading one at test time is not allowed. When
 * /usr/bin/chromium is missing, this installs the Debian package once (apt-get), printing a
 * progress line, so a fresh machine can run the web tests with no manual step.
 */
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Launch flags for a quiet, offline, headless run in a container (no sandbox as root, no GPU). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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

let installing: Promise<string> | undefined;

/** Resolves to the Chromium executable, installing Debian's package first when it is missing. */
export function ensureChromium(): Promise<string> {
  installing ??= (async () => {
    if (await executable(CHROMIUM_PATH)) return CHROMIUM_PATH;
    console.log('    (web tests: /usr/bin/chromium is missing; installing Debian\'s chromium with apt-get, this takes a minute or two)');
    // Another process may hold the dpkg lock (a colleague installing something): wait for it.
    const lock = ['-o', 'DPkg::Lock::Timeout=600'];
    await run('apt-get', [...lock, 'update']);
    await run('apt-get', [...lock, 'install', '-y', 'chromium']);
    if (!(await executable(CHROMIUM_PATH))) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is not there`);
    console.log('    (web tests: chromium installed)');
    return CHROMIUM_PATH;
  })();
  return installing;
}
