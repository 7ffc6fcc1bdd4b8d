import { expect } from 'chai';
import { parseReplicasArgs } from '../../cli/replicasCommand.js';
import { probeReply } from '../../cli/harness/probeBot.js';
import { Customer } from '../e2e/customerClient.js';
import { runReplicasCommand } from './runReplicasCommand.js';

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
