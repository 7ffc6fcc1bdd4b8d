/**
 * N9: importing the main entry prints no deprecation warning (restify's dependency chain made
 * Node print DEP0111 twice in every bot developer's process). Checked in a child process of
 * its own, with --throw-deprecation (any deprecation would end it with an error) and with its
 * stderr read; making a server (which loads restify) prints none either, and a warning of
 * another kind raised afterwards still shows: only DEP0111, only during restify's load, is hidden.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'chai';
import { ROOT } from './importGraph.js';

/** Runs a module's script in a fresh node (TypeScript through tsx); returns its exit code and stderr. */
function runNode(flags: string[], script: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...flags, '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stderr, stdout }));
  });
}

const MAIN = JSON.stringify(resolve(ROOT, 'src/index.ts'));
const SERVER_ENTRY = JSON.stringify(resolve(ROOT, 'src/entries/server.ts'));

describe('[N9] no deprecation warning from the package', function () {
  this.timeout(60_000);

  it('[N9] importing the main entry prints nothing, even with --throw-deprecation', async () => {
    const run = await runNode(['--throw-deprecation'], `await import(${MAIN}); console.log('loaded');`);
    expect(run.stderr).to.equal('');
    expect(run.stdout.trim()).to.equal('loaded');
    expect(run.code).to.equal(0);
  });

  it('[N9] making a server loads restify without DEP0111; a later warning of another kind still prints', async () => {
    const script = `
      const { createJsonServer } = await import(${SERVER_ENTRY});
      const app = createJsonServer({ name: 'n9' });
      app.server?.close?.();
      process.emitWarning('still told', { code: 'HUBBOT_N9_CHECK' });
      await new Promise((r) => setTimeout(r, 50));
      console.log('made');`;
    const run = await runNode([], script);
    expect(run.stdout.trim()).to.equal('made');
    expect(run.stderr).to.not.contain('DEP0111');
    expect(run.stderr).to.contain('HUBBOT_N9_CHECK');
    expect(run.code).to.equal(0);
  });
});
