import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sinon from 'sinon';
import { deliveryTimings } from '../../../src/emulator/events/deliveryPolicy.js';
import { httpPut } from '../../../src/emulator/events/httpPut.js';
import { deliverEnvelope, type AttemptRecord, type DeliveryOutcome } from '../../../src/emulator/events/webhookDelivery.js';

/**
 * The delivery rules at the platform's own timings (10 s read timeout, 30 s between retries),
 * with sinon's clock standing in for time and a real HTTP target on loopback.
 */
describe('emulator events: webhook delivery at full scale (fake clock)', () => {
  let server: http.Server;
  let url: string;
  let answers: (number | 'hang')[];
  let arrivals: number[];
  let waiters: (() => void)[];
  let clock: sinon.SinonFakeTimers;
  const hung: http.ServerResponse[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      arrivals.push(Date.now());
      const a = answers.shift() ?? 204;
      if (a === 'hang') hung.push(res);
      else {
        res.writeHead(a);
        res.end();
      }
      waiters.shift()?.();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  });
  after(async () => {
    for (const r of hung) r.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    arrivals = [];
    waiters = [];
    clock = sinon.useFakeTimers({ now: 1_700_000_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.restore());

  const nextArrival = () => new Promise<void>((r) => waiters.push(r));

  /** Runs a delivery, driving the fake clock between real arrivals. */
  async function run(script: (number | 'hang')[]): Promise<{ outcome: DeliveryOutcome; attempts: AttemptRecord[] }> {
    answers = [...script];
    arrivals = [];
    const attempts: AttemptRecord[] = [];
    const done = deliverEnvelope(url, '{"notificationId":"n1"}', {
      send: httpPut,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      now: () => Date.now(),
      timings: deliveryTimings(1),
      onAttempt: (a) => attempts.push(a),
    });
    let settled = false;
    void done.finally(() => (settled = true));
    for (const step of script) {
      await nextArrival();
      if (step === 'hang') {
        await clock.tickAsync(9_999);
        expect(attempts.length, 'no timeout before 10 s').to.equal(arrivals.length - 1);
        await clock.tickAsync(1);
      }
      // Let the answer reach the client over the real socket.
      while (attempts.length < arrivals.length) await new Promise((r) => setImmediate(r));
      if (attempts.length < script.length) {
        await clock.tickAsync(29_999);
        expect(arrivals.length, 'no retry before 30 s').to.equal(attempts.length);
        await clock.tickAsync(1);
      }
    }
    while (!settled) await new Promise((r) => setImmediate(r));
    return { outcome: await done, attempts };
  }

  it('[W9] retries a 429, 502 and 503 30 s apart, at most 3 times, then gives up', async () => {
    const { outcome, attempts } = await run([429, 502, 503, 429]);
    expect(outcome).to.equal('exhausted');
    expect(attempts.map((a) => (a.result.kind === 'status' ? a.result.status : a.result.kind))).to.deep.equal([429, 502, 503, 429]);
    expect(arrivals.slice(1).map((t, i) => t - arrivals[i]!)).to.deep.equal([30_000, 30_000, 30_000]);
  });

  it('[W9] treats no answer within 10 s as a read timeout and retries it', async () => {
    const { outcome, attempts } = await run(['hang', 204]);
    expect(outcome).to.equal('delivered');
    expect(attempts[0]!.result).to.deep.equal({ kind: 'timeout' });
    expect(attempts[0]!.durationMs).to.equal(10_000);
    expect(arrivals[1]! - arrivals[0]!).to.equal(40_000);
  });

  it('[W9] ends the delivery on 204, and on any other answer without retrying', async () => {
    expect((await run([204])).outcome).to.equal('delivered');
    const refused = await run([400]);
    expect(refused.outcome).to.equal('ended');
    expect(refused.attempts.length).to.equal(1);
    expect((await run([503, 500])).outcome).to.equal('ended');
  });

  it('[W9] ends the delivery on a refused connection: only 429, 502, 503 and read timeouts are retried', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const attempts: AttemptRecord[] = [];
    const outcome = await deliverEnvelope(`http://127.0.0.1:${port}/webhook`, '{}', {
      send: httpPut,
      now: Date.now,
      sleep: () => Promise.resolve(),
      timings: deliveryTimings(),
      onAttempt: (a) => void attempts.push(a),
    });
    expect(outcome).to.equal('ended');
    expect(attempts.map((a) => a.result.kind)).to.deep.equal(['unreachable']);
  });
});
