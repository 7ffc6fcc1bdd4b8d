import { expect } from 'chai';
import { parseReplicasArgs } from '../../cli/replicasCommand.js';
import { probeReply } from '../../cli/harness/probeBot.js';
import { Customer } from '../e2e/customerClient.js';
import { runReplicasCommand } from './runReplicasCommand.js';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../support/waitFor.js';
import { freePort } from '../support/freePort.js';

describe('hubbot replicas (command line)', function () {
  this.timeout(60_000);

  it('maps its options onto the harness and refuses bad ones naming the option', () => {
    const opts = parseReplicasArgs(['--count', '2', '--port', '0', '--emulator-port', '0', '--plan', 'basic', '--lease', '5000', '--redis', 'redis://10.0.0.9:6380'], {});
    expect(opts).to.deep.include({ replicas: 2, proxyPort: 0, redisUrl: 'redis://10.0.0.9:6380', leaseMs: 5000, emulator: { port: 0, plan: 'Basic' } });
    expect(parseReplicasArgs([], { REDIS_URL: 'redis://127.0.0.1:7000' })).to.deep.include({ replicas: 3, proxyPort: 3978, redisUrl: 'redis://127.0.0.1:7000' });
    for (const [args, pattern] of [
      [['--count', '0'], /--count/],
      [['--plan', 'Gold'], /--plan/],
      [['--redis', 'http://x'], /--redis/],
      [['--nope'], /nope/],
    ] as const) {
      expect(() => parseReplicasArgs([...args], {}), args.join(' ')).to.throw(pattern);
    }
  });

  it('starts the replicas, prints where everything is, serves a conversation, and stops cleanly', async () => {
    const { lines, text, emulatorUrl, account, stop, exit } = await runReplicasCommand(['--count', '1', '--port', '0', '--emulator-port', '0']);
    expect(text).to.match(/replica-1 +http:\/\/127\.0\.0\.1:\d+ +pid \d+/);
    const customer = await Customer.start(emulatorUrl, account);
    await customer.say('hi');
    expect((await customer.messages(1)).map((m) => m.content?.text)).to.deep.equal([probeReply('hi', 1)]);
    stop();
    expect(await exit).to.equal(0);
    expect(lines.at(-1)).to.match(/exited|stopping/);
  });
});

describe('hubbot replicas: traces and ports (M7)', function () {
  this.timeout(90_000);
  let collector: Server;
  const posts: string[] = [];
  const saved = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  before(async () => {
    collector = createServer((req, res) => {
      posts.push(req.url ?? '');
      req.resume().on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    }).listen(0, '127.0.0.1');
    await once(collector, 'listening');
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  after(() => {
    if (saved === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved;
    collector.close();
  });

  it('[M7] the replicas listen on the chosen ports and send their traces where OTEL_EXPORTER_OTLP_ENDPOINT says', async () => {
    const port = await freePort();
    expect(parseReplicasArgs(['--replica-port', String(port)], {})).to.deep.include({ replicaPort: port });
    const { text, emulatorUrl, account, stop, exit } = await runReplicasCommand(['--count', '1', '--port', '0', '--emulator-port', '0', '--replica-port', String(port)]);
    try {
      expect(text).to.match(new RegExp(`replica-1 +http://127\\.0\\.0\\.1:${port} +pid \\d+`));
      const customer = await Customer.start(emulatorUrl, account);
      await customer.say('hi');
      await customer.messages(1);
      await waitFor(() => posts.includes('/v1/traces'), { what: 'a trace export from the replica', timeoutMs: 30_000 });
    } finally {
      stop();
      expect(await exit).to.equal(0);
    }
  });
});
