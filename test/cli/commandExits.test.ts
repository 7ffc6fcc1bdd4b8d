/**
 * The `hubbot` commands as a shell and a scheduler see them (M7), each run as its own process
 * through bin/hubbot.js: exit codes as docs/operations.md's table says, nothing left listening
 * after a configuration error, a closed pipe that stays quiet, JSON only on a piped standard
 * output, one log line on SIGTERM.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { cleanEnv, HUBBOT_BIN, runHubbot } from '../support/runHubbot.js';
import { waitFor } from '../support/waitFor.js';
import { freePort } from '../support/freePort.js';
import { startLocalStack } from '../../cli/localStack.js';
import { EchoBot } from '../../bots/echoBot.js';
import { ConfigError } from '../../src/config/config.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';

const SETUP = fileURLToPath(new URL('../../samples/setup.example.json', import.meta.url));

/** Whether something accepts connections on the port. */
async function listening(port: number): Promise<boolean> {
  const socket = createConnection({ port, host: '127.0.0.1' });
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  socket.destroy();
  return connected;
}

describe('hubbot commands: exit codes, pipes, signals (M7)', function () {
  this.timeout(90_000);
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  after(() => emulator.stop());
  const platform = () => ({
    PLATFORM_BASE_URL: emulator.url,
    PLATFORM_TOKEN_URL: emulator.tokenUrl,
    PLATFORM_CLIENT_ID: emulator.defaultClient.clientId,
    PLATFORM_CLIENT_SECRET: emulator.defaultClient.clientSecret,
  });

  for (const [what, args, env, names] of [
    ['--port abc', ['--port', 'abc'], {}, '--port'],
    ['a short WEBHOOK_HMAC_SECRET', ['--port', '0'], { WEBHOOK_HMAC_SECRET: 'short' }, 'WEBHOOK_HMAC_SECRET'],
    ['BOT_PORT=abc', [], { BOT_PORT: 'abc' }, 'BOT_PORT'],
  ] as const) {
    it(`[M7] start with ${what} exits 2 naming it, and leaves the emulator's port free`, async () => {
      const port = await freePort();
      const o = await runHubbot(['start', '--emulator-port', String(port), ...args], cleanEnv(env));
      expect(o.code, o.stderr).to.equal(2);
      expect(o.stderr.trim().split('\n')).to.have.length(1);
      expect(o.stderr).to.include(names);
      expect(await listening(port)).to.equal(false);
    });
  }

  it('[M7] startLocalStack with a configuration error closes the emulator it started', async () => {
    const port = await freePort();
    const failed = await startLocalStack({ bot: ({ storage }) => new EchoBot(storage), emulator: { port }, env: { WEBHOOK_HMAC_SECRET: 'short' } }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failed).to.be.instanceOf(ConfigError);
    expect(await listening(port)).to.equal(false);
  });

  it('[M7] PLATFORM_BASE_URL without a scheme (localhost:5500) is a configuration error naming it (exit 2)', async () => {
    const o = await runHubbot(['start', '--port', '0'], cleanEnv({ ...platform(), PLATFORM_BASE_URL: 'localhost:5500' }));
    expect(o.code, o.stderr).to.equal(2);
    expect(o.stderr).to.match(/^hubbot start: configuration is invalid: PLATFORM_BASE_URL: an http:\/\/ or https:\/\/ URL/);
  });

  it('[M7] an unknown command, and no command, are usage errors (exit 2); --help is 0', async () => {
    const unknown = await runHubbot(['nope'], cleanEnv());
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.match(/^hubbot: unknown command "nope"/);
    expect((await runHubbot([], cleanEnv())).code).to.equal(2);
    const help = await runHubbot(['--help'], cleanEnv());
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include('Usage: hubbot <command>');
  });

  it('[M7] --resend-secrets is provision\'s alone: named in its help, a usage error (exit 2) on teardown and status', async () => {
    const help = await runHubbot(['provision', '--help'], cleanEnv());
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include('--resend-secrets');
    for (const action of ['teardown', 'status']) {
      const misused = await runHubbot([action, SETUP, '--resend-secrets'], cleanEnv(platform()));
      expect(misused.code, action).to.equal(2);
      expect(misused.stderr).to.match(new RegExp(`^hubbot ${action}: --resend-secrets is for provision only`));
    }
  });

  it('[M7] a closed output pipe is quiet: provision --dry-run | head -1, five times', async () => {
    for (let i = 0; i < 5; i++) {
      const child = spawn('bash', ['-c', `"${process.execPath}" "${HUBBOT_BIN}" provision "${SETUP}" --dry-run | head -1`], {
        env: cleanEnv({ ...platform(), BOT_CLIENT_ID: 'hub-m7', BOT_CLIENT_SECRET: 'a-secret-of-16-chars-or-more' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
      const [code] = (await once(child, 'exit')) as [number];
      expect(code, err).to.equal(0);
      expect(out).to.equal('Dry run: nothing will be created or changed.\n');
      expect(err, `try ${i + 1}`).to.equal('');
    }
  });

  it('[M7] start with a piped stdout writes JSON lines only there (banner and ticks on stderr); SIGTERM logs one line of what was drained', async () => {
    const child = spawn(process.execPath, [HUBBOT_BIN, 'start', '--port', '0', '--emulator-port', '0'], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    try {
      await waitFor(() => err.includes('Stop with Ctrl+C.') || child.exitCode !== null, { what: 'the banner', timeoutMs: 60_000 });
      expect(err).to.match(/^ {2}provision ✓ authentication/m);
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number];
      expect(code, err).to.equal(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const lines = out.trimEnd().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).to.not.throw();
    const stopped = lines.map((l) => JSON.parse(l) as { msg: string; signal?: string; runningConversations?: number; queuedReplies?: number }).filter((l) => l.signal === 'SIGTERM');
    expect(stopped).to.have.length(1);
    expect(stopped[0].msg).to.match(/^stopped on SIGTERM: drained 0 conversation\(s\) with a running turn and 0 queued reply\(ies\)/);
    expect(stopped[0]).to.include({ runningConversations: 0, queuedReplies: 0 });
  });

  it('[M7] transcript of an unknown conversation exits 1 with --json too', async () => {
    const tenant = `m7-${randomUUID()}`;
    for (const json of [[], ['--json']]) {
      const o = await runHubbot(['transcript', 'never-seen', ...json, '--redis-url', 'redis://127.0.0.1:6379', '--tenant', tenant], cleanEnv());
      expect(o.code, o.stderr).to.equal(1);
      expect(o.stdout).to.equal('');
      expect(o.stderr).to.match(/^hubbot transcript: no transcript for conversation "never-seen"/);
    }
  });
});
