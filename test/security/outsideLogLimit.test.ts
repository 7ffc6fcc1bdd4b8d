/**
 * S19: every log line an outside party can cause goes through the one refusal log, which writes
 * a bounded number of lines per window and one summary line with the count of the rest. The
 * attack: webhook deliveries aborted in the middle of their body by the hundred ("delivery
 * failed before recording; answering 503" was written 600 times in 10 s).
 */
import net from 'node:net';
import { expect } from 'chai';
import sinon from 'sinon';
import { createRefusalLog, SUMMARY_MESSAGE } from '../../src/observability/refusalLog.js';
import { startHarness, type Harness } from '../webhook/webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

/** A delivery that sends its headers and half its body, then closes the connection. */
function abortedDelivery(url: URL): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(`PUT ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"notificationId":"n`, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', () => resolve());
  });
}

describe('One limiter for outside-caused log lines (S19)', function () {
  this.timeout(120_000);
  let harness: Harness | undefined;
  let clock: sinon.SinonFakeTimers | undefined;
  afterEach(async () => {
    clock?.restore();
    clock = undefined;
    await harness?.close();
  });

  it('[S19] 600 webhook deliveries aborted in a burst write a bounded number of lines, then one summary with the count', async () => {
    // Only the clock and the timers the summary uses are faked: the sockets run in real time.
    clock = sinon.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    let seen = 0;
    const logger = { warn: (obj: object, msg: string) => void lines.push({ obj: obj as Record<string, unknown>, msg }), info: () => {}, error: (obj: object, msg: string) => void lines.push({ obj: obj as Record<string, unknown>, msg }) };
    const refusalLog = createRefusalLog(logger, { perWindow: 20, windowMs: 10_000, onRefused: () => void seen++ });
    harness = await startHarness('memory', { logger, refusalLog });
    const url = new URL(harness.url);
    for (let sent = 0; sent < 600; sent += 50) await Promise.all(Array.from({ length: 50 }, () => abortedDelivery(url)));
    await waitFor(() => seen >= 600, 'the 600 aborted deliveries to reach the webhook');

    const aborted = lines.filter((l) => l.msg.includes('delivery failed before recording'));
    expect(aborted).to.have.length(20);
    expect(lines.filter((l) => l.msg === SUMMARY_MESSAGE)).to.have.length(0);
    clock.tick(10_000);
    const summaries = lines.filter((l) => l.msg === SUMMARY_MESSAGE);
    expect(summaries).to.have.length(1);
    expect(summaries[0].obj).to.include({ suppressed: 580 });
    expect(summaries[0].obj.byKind).to.deep.equal({ webhook: 580 });
    expect(lines).to.have.length(21);
    // Nothing more comes once the flood has stopped.
    clock.tick(60_000);
    expect(lines).to.have.length(21);
  });

  it('[S19] the summary counts each kind of line, and a new window writes lines again', () => {
    clock = sinon.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = createRefusalLog({ warn: (obj, msg) => void lines.push({ obj: obj as Record<string, unknown>, msg }) }, { perWindow: 2, windowMs: 1000 });
    for (let i = 0; i < 5; i++) log('callback', { status: 401 }, 'refused');
    for (let i = 0; i < 3; i++) log('webhook', { err: 'Premature close' }, 'aborted');
    expect(lines).to.have.length(2);
    clock.tick(1000);
    expect(lines.at(-1)).to.deep.include({ msg: SUMMARY_MESSAGE });
    expect(lines.at(-1)!.obj).to.deep.include({ suppressed: 6, byKind: { callback: 3, webhook: 3 } });
    log('webhook', { err: 'x' }, 'aborted');
    expect(lines.at(-1)).to.deep.include({ msg: 'aborted' });
  });
});
