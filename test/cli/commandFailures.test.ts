/**
 * Every failure an operator is likely to meet, run through the installed command (bin/hubbot.js):
 * one line on stderr, no stack trace, exit code 1 or 2 (O1).
 */
import { expect } from 'chai';
import { cleanEnv, runHubbot, type HubbotRun } from '../support/runHubbot.js';
import { once } from 'node:events';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';

const SETUP = fileURLToPath(new URL('../../samples/setup.example.json', import.meta.url));

const hubbot = (args: string[], env: Record<string, string>) => runHubbot(args, env);

/** One line, nothing of a stack trace or a source excerpt. */
function expectOneLine(o: HubbotRun, pattern: RegExp): void {
  const lines = o.stderr.trimEnd().split('\n');
  expect(lines, o.stderr).to.have.length(1);
  expect(lines[0]).to.match(pattern);
  expect(o.stderr + o.stdout).to.not.match(/\n\s+at |\^\n|node:internal/);
}

describe('hubbot: failing commands (one line, exit 1 or 2)', function () {
  this.timeout(30_000);
  let dir: string;
  let emulator: RunningEmulator;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hubbot-o1-'));
    emulator = await startEmulator({ port: 0 });
  });
  after(async () => {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('[O1] status without the PLATFORM_* variables names what to set', async () => {
    const o = await hubbot(['status', SETUP], cleanEnv());
    expect(o.code).to.equal(2);
    expectOneLine(o, /^hubbot status: configuration is invalid: PLATFORM_BASE_URL: required/);
  });

  it('[O1] status with a wrong client secret says the credentials were refused (401-106)', async () => {
    const o = await hubbot(
      ['status', SETUP],
      cleanEnv({
        PLATFORM_BASE_URL: emulator.url,
        PLATFORM_TOKEN_URL: emulator.tokenUrl,
        PLATFORM_CLIENT_ID: emulator.defaultClient.clientId,
        PLATFORM_CLIENT_SECRET: 'not-the-secret-at-all',
      }),
    );
    expect(o.code).to.equal(1);
    expectOneLine(o, /^hubbot status: the platform refused the client credentials; check PLATFORM_CLIENT_ID and PLATFORM_CLIENT_SECRET \(401-106 /);
    expect(o.stderr).to.not.include('not-the-secret-at-all');
  });

  it('[O1] status with an unreachable platform ends within seconds', async () => {
    const o = await hubbot(
      ['status', SETUP],
      cleanEnv({ PLATFORM_BASE_URL: 'http://127.0.0.1:9', PLATFORM_TOKEN_URL: 'http://127.0.0.1:9/token', PLATFORM_CLIENT_ID: 'a', PLATFORM_CLIENT_SECRET: 'b' }),
    );
    expect(o.code).to.equal(1);
    expectOneLine(o, /^hubbot status: the platform could not be reached; check PLATFORM_BASE_URL/);
    expect(o.ms).to.be.below(20_000);
  });

  it('[O1] a missing setup file is named, with the reason', async () => {
    const missing = join(dir, 'nope.json');
    const o = await hubbot(['provision', missing], cleanEnv());
    expect(o.code).to.equal(2);
    expectOneLine(o, new RegExp(`^hubbot provision: ${missing.replace(/[.]/g, '\\.')}: cannot be read: no such file \\(ENOENT\\)$`));
  });

  it('[O1] a mistyped key in the setup file is named with the keys allowed there', async () => {
    const file = join(dir, 'typo.json');
    const doc = JSON.parse(JSON.stringify(await import(SETUP, { with: { type: 'json' } }))).default as Record<string, unknown>;
    doc.partcipant = doc.participant;
    delete doc.participant;
    await writeFile(file, JSON.stringify(doc));
    const o = await hubbot(['status', file], cleanEnv());
    expect(o.code).to.equal(2);
    expectOneLine(o, /^hubbot status: .*typo\.json: .*unknown key "partcipant" \(allowed: authentication, clientApplication, participant, /);
    expect(o.stderr).to.match(/participant: missing/);
  });

  it('[O1] start with the emulator\'s port busy points at --emulator-port', async () => {
    const busy: Server = createServer();
    busy.listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const port = (busy.address() as { port: number }).port;
    try {
      const o = await hubbot(['start', '--emulator-port', String(port), '--port', '0'], cleanEnv());
      expect(o.code).to.equal(1);
      expectOneLine(o, new RegExp(`^hubbot start: port ${port} \\(the emulator's\\) is already in use; .*--emulator-port`));
    } finally {
      busy.close();
    }
  });

  it('[O1] a server with several configuration problems names them all at once', async () => {
    const o = await hubbot(['start', '--port', '0'], cleanEnv({ PLATFORM_BASE_URL: emulator.url, PLATFORM_TOKEN_URL: emulator.tokenUrl }));
    expect(o.code).to.equal(2);
    expectOneLine(o, /^hubbot start: configuration is invalid: /);
    for (const name of ['PLATFORM_CLIENT_ID', 'BOT_TOKEN_SIGNING_KEY', 'WEBHOOK_HMAC_SECRET']) expect(o.stderr).to.include(name);
  });

  for (const args of [['transcript', 'conv-1'], ['dead-letters', '--inbox']]) {
    it(`[O1] ${args.join(' ')} with an unreachable Redis ends within its connect timeout`, async () => {
      const o = await hubbot([...args, '--redis-url', 'redis://user:hunter2@127.0.0.1:9', '--tenant', 't'], cleanEnv({ REDIS_CONNECT_TIMEOUT_MS: '500' }));
      expect(o.code).to.equal(1);
      expectOneLine(o, new RegExp(`^hubbot ${args[0]}: Redis at redis://127\\.0\\.0\\.1:9 did not accept a connection within 0\\.5 s .*check REDIS_URL`));
      expect(o.stderr).to.not.include('hunter2');
      expect(o.ms).to.be.below(10_000);
    });
  }

  it('[O1] an unknown option is a usage error', async () => {
    const o = await hubbot(['start', '--nope'], cleanEnv());
    expect(o.code).to.equal(2);
    expectOneLine(o, /^hubbot start: .*--nope/);
  });
});
