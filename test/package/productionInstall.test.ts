/**
 * A production install from the package alone (M2), as an image builds it: the packed tarball
 * installed with `npm install --omit=dev` in an empty folder, then `node_modules/.bin/hubbot
 * start` against its emulator answers a customer. No devDependency is installed, the package
 * holds no TypeScript source, and a module-resolution guard (production/loadGuard.mjs) fails the
 * start if anything outside the install folder, any .ts file or a TypeScript runner is loaded.
 * Slow (packs the package, shared with consumerPackage.test.ts): runs alone with
 * `npx mocha test/package/productionInstall.test.ts`.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedTarball, PACKAGE_ROOT, plainEnv, sh } from '../support/packedPackage.js';
import { cleanEnv } from '../support/runHubbot.js';
import { waitFor } from '../support/waitFor.js';

const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const GUARD = fileURLToPath(new URL('./production/loadGuard.mjs', import.meta.url));

/** Every file under `dir`, as paths relative to it. */
function files(dir: string, base = ''): string[] {
  return readdirSync(join(dir, base)).flatMap((name) => {
    const rel = join(base, name);
    return statSync(join(dir, rel)).isDirectory() ? files(dir, rel) : [rel];
  });
}

describe('a production install from the package alone (M2)', function () {
  this.timeout(600_000);
  let dir: string;

  before(async () => {
    const tarball = await packedTarball();
    dir = mkdtempSync(join(tmpdir(), 'hubbot-production-'));
    mkdirSync(join(dir, 'home'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'hubbot-image', private: true, dependencies: { [pkg.name]: `file:${tarball}` } }));
    await sh('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('[M2] installs no devDependency and no TypeScript source', () => {
    const runtime = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]);
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => !runtime.has(name));
    expect(devOnly).to.include.members(['tsx', 'typescript', 'mocha']);
    // Type declarations a production dependency asks for itself (@types/node) hold no code.
    expect(devOnly.filter((name) => !name.startsWith('@types/') && existsSync(join(dir, 'node_modules', name)))).to.deep.equal([]);
    const installed = join(dir, 'node_modules', pkg.name);
    expect(files(installed).filter((f) => /\.(c|m)?ts$/.test(f) && !/\.d\.(c|m)?ts$/.test(f))).to.deep.equal([]);
  });

  it('[M2] node_modules/.bin/hubbot start answers a customer through the emulator, loading nothing from outside the install', async () => {
    const env: Record<string, string | undefined> = { ...cleanEnv(), ...plainEnv(), HOME: join(dir, 'home'), HUBBOT_INSTALL: dir, NODE_OPTIONS: `--import=${GUARD}` };
    for (const k of Object.keys(env)) if (/^(PLATFORM_|REDIS_|BOT_|WEBHOOK_)/.test(k)) delete env[k];
    const child = spawn(join(dir, 'node_modules', '.bin', 'hubbot'), ['start', '--port', '0', '--emulator-port', '0'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    try {
      await waitFor(() => err.includes('Stop with Ctrl+C.') || child.exitCode !== null, { what: 'the banner', timeoutMs: 120_000 });
      expect(child.exitCode, `${out}\n${err}`).to.equal(null);
      expect(err).to.include('npx hubbot status');
      const emulator = /emulator +(http:\/\/127\.0\.0\.1:\d+)/.exec(err)![1];
      const account = /"accountAddress":"([^"]+)"/.exec(err)![1];
      const hub = `${emulator}/emulator/conversations`;
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const conversation = (await (await post(hub, { accountAddress: account })).json()) as { id: string };
      const received = async (since: number) =>
        ((await (await fetch(`${hub}/${conversation.id}/received?since=${since}&waitMs=30000`)).json()) as { events: { message?: { sender: { type: string }; content?: { text?: string } } }[] }).events;
      expect((await received(0))[0]?.message?.sender.type).to.equal('custom_bot');
      expect((await post(`${hub}/${conversation.id}/messages`, { text: 'printer' })).status).to.equal(202);
      const answer = await received(1);
      expect(answer.map((e) => e.message?.sender.type), JSON.stringify(answer)).to.include('custom_bot');
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number];
      expect(code, err).to.equal(0);
      expect(err + out).to.not.include('M2 load guard');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
