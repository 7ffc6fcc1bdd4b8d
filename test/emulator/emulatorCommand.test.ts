import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEmulatorArgs } from '../../cli/emulatorCommand.js';
import { waitFor } from '../support/waitFor.js';

const BIN = fileURLToPath(new URL('../../bin/hubbot.js', import.meta.url));

describe('hubbot emulator (command line)', () => {
  it('maps its options onto the emulator: port, plan and every fault knob', async () => {
    const opts = await parseEmulatorArgs([
      '--port', '0', '--plan', 'developer', '--token-ttl', '30', '--seed', '7',
      '--latency', '150', '--latency', '50:GET /channels',
      '--fail', '503:0.25:POST /conversations/messages', '--fail', '429:1',
      '--duplicate-callbacks', '0.1', '--reorder-callbacks', '0.2',
    ]);
    expect(opts).to.deep.include({ port: 0, plan: 'Developer', tokenTtlSeconds: 30 });
    expect(opts.faults).to.deep.equal({
      seed: 7,
      latency: [{ ms: 150, endpoints: ['*'] }, { ms: 50, endpoints: ['GET /channels'] }],
      errors: [{ status: 503, share: 0.25, endpoints: ['POST /conversations/messages'] }, { status: 429, share: 1, endpoints: ['*'] }],
      callbacks: { duplicateShare: 0.1, reorderShare: 0.2 },
    });
    expect((await parseEmulatorArgs([])).port).to.equal(4010);
  });

  it('[F3] --realistic plays every drift, --drift the ones named, and an unknown drift is refused by name', async () => {
    expect((await parseEmulatorArgs(['--realistic'])).realistic).to.equal(true);
    expect((await parseEmulatorArgs(['--drift', 'kbLanguage', '--drift', 'releaseList'])).realistic).to.deep.equal(['kbLanguage', 'releaseList']);
    expect((await parseEmulatorArgs([])).realistic).to.equal(undefined);
    let caught: unknown;
    await parseEmulatorArgs(['--drift', 'kblanguage']).catch((err: unknown) => (caught = err));
    expect(String(caught)).to.match(/unknown drift kblanguage; known: .*kbLanguage/);
  });

  it('refuses a bad option with a message naming it', async () => {
    for (const [args, pattern] of [
      [['--plan', 'Gold'], /--plan/],
      [['--fail', '500:1'], /fault options/],
      [['--port', 'abc'], /--port/],
      [['--nope'], /nope/],
    ] as const) {
      let message = '';
      await parseEmulatorArgs([...args]).catch((err: Error) => (message = err.message));
      expect(message, args.join(' ')).to.match(pattern);
    }
  });

  it('starts from bin/hubbot.js and prints its URL and plan', async () => {
    const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', '--plan', 'Basic'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      while (!out.includes('\n')) {
        const [chunk] = (await Promise.race([once(child.stdout, 'data'), once(child, 'exit').then(() => [''])])) as string[];
        if (chunk === '') throw new Error('the command exited before printing its start-up line');
        out += chunk;
      }
      const m = /^hubbot emulator listening on (http:\/\/127\.0\.0\.1:\d+) \(plan Basic\)$/m.exec(out);
      expect(m, out).to.not.equal(null);
      const info = await (await fetch(`${m![1]}/emulator/info`)).json();
      expect(info.plan.default).to.equal('Basic');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('[S4] signs --webhook deliveries with WEBHOOK_HMAC_SECRET from its environment, so a bot run apart accepts them', async () => {
    const hmacSecret = 'command-line-webhook-hmac-secret-0123456789';
    const received: { headers: IncomingHttpHeaders; raw: string }[] = [];
    const hook = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        received.push({ headers: req.headers, raw });
        res.statusCode = 204;
        res.end();
      });
    });
    hook.listen(0, '127.0.0.1');
    await once(hook, 'listening');
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhook`;
    const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', '--webhook', hookUrl], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WEBHOOK_HMAC_SECRET: hmacSecret },
    });
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      while (!out.includes('knowledge events to:')) {
        const [chunk] = (await Promise.race([once(child.stdout, 'data'), once(child, 'exit').then(() => [''])])) as string[];
        if (chunk === '') throw new Error(`the command exited before printing its targets: ${out}`);
        out += chunk;
      }
      expect(out).to.include('signed with WEBHOOK_HMAC_SECRET').and.not.include(hmacSecret);
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1];
      const raised = await fetch(`${base}/emulator/events/raise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventType: 'article_created', payload: { articleId: 'KB-10001' } }),
      });
      expect(raised.status).to.equal(202);
      await waitFor(() => received.length > 0, 'a delivery at the --webhook target');
      const [a] = received;
      // Checked from the documented scheme, apart from the emulator's code.
      const ts = String(a!.headers['x-webhook-timestamp']);
      expect(a!.headers['x-webhook-signature']).to.equal(`sha256=${createHmac('sha256', hmacSecret).update(`${ts}.${a!.raw}`).digest('hex')}`);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      hook.close();
    }
  });
});
