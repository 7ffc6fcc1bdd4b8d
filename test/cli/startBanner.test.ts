/**
 * `hubbot start` as an operator sees it (O2): readable log lines, then the banner, with the
 * emulator's credentials and the ready local setup file; no Node warning.
 */
import { expect } from 'chai';
import { cleanEnv, HUBBOT_BIN, runHubbot } from '../support/runHubbot.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { loadSetupFile } from '../../src/provisioning/setupDescription.js';
import { localSetupDescription } from '../../cli/localStack.js';
import { loadConfig } from '../../src/config/config.js';

const LOCAL_SETUP = fileURLToPath(new URL('../../samples/setup.local.json', import.meta.url));

const env = cleanEnv;
const run = (args: string[], extra: Record<string, string>) => runHubbot(args, cleanEnv(extra));

/** Starts `hubbot start` and returns what it printed up to the end of its banner, and a stop. */
async function start(extra: Record<string, string>): Promise<{ out: string; err: () => string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [HUBBOT_BIN, 'start', '--port', '0', '--emulator-port', '0'], { env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  // Standard output is a pipe here, so the banner comes on standard error (M7); `out` is both.
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8');
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  while (!err.includes('Stop with Ctrl+C.')) {
    const [chunk] = (await Promise.race([once(child.stderr, 'data'), once(child, 'exit').then(() => [''])])) as string[];
    if (chunk === '') throw new Error(`hubbot start exited before its banner:\n${out}\n${err}`);
    err += chunk;
  }
  return { out: out + err, err: () => err, stop };
}

describe('hubbot start: logs, banner, local setup', function () {
  this.timeout(60_000);

  it('[O2] LOG_FORMAT=pretty: readable log lines first, then the banner with the emulator\'s credentials; no DEP0111', async () => {
    const s = await start({ LOG_FORMAT: 'pretty' });
    try {
      const bannerAt = s.out.indexOf('hubbot: the guided-help bot is running on the local emulator.');
      expect(bannerAt, s.out).to.be.greaterThan(0);
      const before = s.out.slice(0, bannerAt);
      expect(before).to.match(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(hubbot\): hub bot listening$/m);
      expect(s.out).to.not.match(/^\{"level"/m);
      expect(s.out.slice(bannerAt)).to.not.match(/\] (INFO|WARN)/);
      const exported = /export (PLATFORM_BASE_URL=\S+ PLATFORM_TOKEN_URL=\S+ PLATFORM_CLIENT_ID=\S+ PLATFORM_CLIENT_SECRET=\S+)/.exec(s.out);
      expect(exported, s.out).to.not.equal(null);
      // The status hint names this stack's own setup (its bot listens on a port of its own, M8).
      const hint = /^ {2}node (\S+) status (\S+) {3}\(what this stack provisioned\)$/m.exec(s.out);
      expect(hint, s.out).to.not.equal(null);
      expect(resolve(hint![1])).to.equal(HUBBOT_BIN);

      // The credentials printed work: status of the printed setup file on this very stack.
      const vars = Object.fromEntries(exported![1].split(' ').map((pair) => pair.split('=', 2) as [string, string]));
      const status = await run(['status', hint![2]], vars);
      expect(status.code, status.stderr).to.equal(0);
      for (const step of ['clientApplication', 'participant', 'channel', 'orchestration', 'account']) expect(status.stdout).to.match(new RegExp(`^= ${step}\\s.* equal `, 'm'));
      expect(s.err()).to.not.include('DEP0111');
      expect(status.stderr).to.not.include('DEP0111');
    } finally {
      await s.stop();
    }
  });

  it('[O2] LOG_FORMAT=json: JSON log lines (what a collector reads)', async () => {
    const s = await start({ LOG_FORMAT: 'json' });
    try {
      const line = s.out.split('\n').find((l) => l.startsWith('{'));
      expect(s.err()).to.not.match(/^\{"level"/m);
      expect(JSON.parse(line!)).to.deep.include({ name: 'hubbot', msg: 'hub bot listening' });
    } finally {
      await s.stop();
    }
  });

  it('[O2] samples/setup.local.json is what the local stack provisions for a bot on port 3978', async () => {
    expect(await loadSetupFile(LOCAL_SETUP)).to.deep.equal(localSetupDescription('http://127.0.0.1:3978', loadConfig({})));
  });
});
