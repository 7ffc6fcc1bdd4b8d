/**
 * The deploy guide and the README's quick start are tests (M1): every shell block runs as a
 * reader pastes it (test/guide/shellGuide.ts), in order, in a fresh shell with a temporary HOME,
 * against the emulator in realistic mode, and ends with a customer answered. Then each wrong
 * credential or URL, one at a time, is named as its variable, with the documented exit code.
 * Slow (a few CLI starts on tsx): run alone with `npx mocha test/guide/deployGuide.test.ts`.
 */
import { expect } from 'chai';
import { mkdtemp, mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HUBBOT_BIN } from '../support/runHubbot.js';
import { freePort } from '../support/freePort.js';
import { GuideSession, shellBlocks, type BlockRun } from './shellGuide.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GUIDE = join(ROOT, 'docs/deploy-to-a-hub.md');
const README = join(ROOT, 'README.md');

/** The bot's answer in what `received` printed: a message from the custom bot. */
function expectAnswered(run: BlockRun, context = ''): void {
  // curl prints no newline after a body: what `received` printed is the last JSON document.
  const received = JSON.parse(run.output.slice(run.output.lastIndexOf('{"events"')).trim()) as { events: { kind: string; message?: { sender: { type: string } } }[] };
  expect(received.events.some((e) => e.kind === 'message' && e.message?.sender.type === 'custom_bot'), run.output).to.equal(true, context);
}

describe('the deploy guide and the quick start, run as written (M1)', function () {
  this.timeout(600_000);
  let dir: string;
  let session: GuideSession;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hubbot-guide-'));
    await mkdir(join(dir, 'home'));
    // A folder where the package is installed, as `npx hubbot` finds it: its bin in node_modules/.bin.
    await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
    await symlink(HUBBOT_BIN, join(dir, 'node_modules/.bin/hubbot'));
    session = new GuideSession(dir, { 4010: await freePort(), 3978: await freePort() }, process.env.PATH ?? '/usr/bin:/bin');
  });
  after(async () => {
    await session?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('[M1] every shell block of docs/deploy-to-a-hub.md runs in order and a customer is answered', async () => {
    const blocks = shellBlocks(GUIDE);
    expect(blocks.filter((b) => b.readyAt)).to.have.length(2);
    let last: BlockRun | undefined;
    for (const block of blocks) {
      last = await session.run(block);
      const failed = block.readyAt ? last.exitCode !== null : last.exitCode !== 0;
      expect(failed, `${last.code}\n${last.output}\n${session.backgroundOutput()}`).to.equal(false);
      if (block.code.includes('/received?')) expectAnswered(last, session.backgroundOutput().slice(-6000));
    }
    expect(session.env).to.include.keys('PLATFORM_BASE_URL', 'BOT_CLIENT_ID', 'BOT_TOKEN_SIGNING_KEY', 'WEBHOOK_HMAC_SECRET');
  });

  const wrong: [string, string | undefined, RegExp, number][] = [
    ['PLATFORM_CLIENT_SECRET', 'not-the-secret', /PLATFORM_CLIENT_SECRET/, 1],
    ['PLATFORM_CLIENT_ID', 'not-a-client', /PLATFORM_CLIENT_ID/, 1],
    ['PLATFORM_BASE_URL', 'http://127.0.0.1:9', /PLATFORM_BASE_URL/, 1],
    ['PLATFORM_BASE_URL', 'localhost:5500', /PLATFORM_BASE_URL: an http/, 2],
    ['PLATFORM_TOKEN_URL', 'http://127.0.0.1:9/oauth2/token', /PLATFORM_TOKEN_URL/, 1],
    ['PLATFORM_TOKEN_URL', 'token-url', /PLATFORM_TOKEN_URL: an http/, 2],
    ['BOT_CLIENT_SECRET', 'short', /BOT_CLIENT_SECRET: at least 16/, 2],
    ['BOT_CLIENT_ID', undefined, /BOT_CLIENT_ID/, 2],
  ];
  for (const [name, value, names, exitCode] of wrong) {
    it(`[M1] provision with ${value === undefined ? `no ${name}` : `${name}=${value}`} names ${name} (exit ${exitCode})`, async () => {
      const env = { ...session.env };
      if (value === undefined) delete env[name];
      else env[name] = value;
      const saved = { ...session.env };
      Object.assign(session.env, env);
      if (value === undefined) delete session.env[name];
      try {
        const run = await session.run({ code: 'npx hubbot provision setup.json --dry-run' });
        expect(run.exitCode, run.output).to.equal(exitCode);
        expect(run.output).to.match(names);
        if (value && name.includes('SECRET')) expect(run.output).to.not.include(value);
      } finally {
        for (const k of Object.keys(session.env)) delete session.env[k];
        Object.assign(session.env, saved);
      }
    });
  }

  it('[M1] the README quick start: npm start in the background, then its shell block, and the customer is answered', async () => {
    const quick = new GuideSession(ROOT, { 4010: await freePort(), 3978: await freePort() }, process.env.PATH ?? '/usr/bin:/bin');
    quick.env.HOME = join(dir, 'home');
    try {
      const started = await quick.run({ code: 'npm start -- --port 3978 --emulator-port 4010', readyAt: 'Stop with Ctrl+C.' });
      expect(started.exitCode, started.output).to.equal(null);
      const blocks = shellBlocks(README, { from: '## Quick start', to: '## Your first bot' });
      expect(blocks).to.have.length.greaterThan(0);
      let last: BlockRun | undefined;
      for (const block of blocks) {
        last = await quick.run(block);
        expect(last.exitCode, `${last.code}\n${last.output}`).to.equal(0);
      }
      expectAnswered(last!);
    } finally {
      await quick.stop();
    }
  });
});
