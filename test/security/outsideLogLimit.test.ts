/**
 * S19: every log line an outside party can cause goes through the one refusal log, which writes
 * a bounded number of lines per window and one summary line with the count of the rest. The
 * attack: webhook deliveries aborted in the middle of their body by the hundred ("delivery
 * failed before recording; answering 503" was written 600 times in 10 s).
 */
import net from 'node:net';
import { expect } from 'chai';
import sinon from 'sinon';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { ActivityHandler } from 'botbuilder-core';
import { HubPipeline } from '../../src/adapter/hubPipeline.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { createRefusalLog, SUMMARY_MESSAGE } from '../../src/observability/refusalLog.js';
import { MemoryEventStore } from '../../src/webhook/memoryEventStore.js';
import type { RecordOutcome } from '../../src/webhook/eventStore.js';
import { startHarness, type Harness } from '../webhook/webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

type Line = { obj: Record<string, unknown>; msg: string; level: 'warn' | 'error' };

/** A logger keeping every line, whatever its level. */
function keptLines(): { lines: Line[]; logger: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void; info(): void } } {
  const lines: Line[] = [];
  const keep = (level: Line['level']) => (obj: object, msg: string) => void lines.push({ obj: obj as Record<string, unknown>, msg, level });
  return { lines, logger: { warn: keep('warn'), error: keep('error'), info: () => {} } };
}

/** An event store that cannot record (Redis down): every delivery is answered 503. */
class DownEventStore extends MemoryEventStore {
  override record(): Promise<RecordOutcome> {
    return Promise.reject(new Error('the event store is down'));
  }
}

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

  it('[S19] 600 deliveries that cannot be recorded (the store down) write a bounded number of "not recorded" lines, then one summary with the count', async () => {
    clock = sinon.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { lines, logger } = keptLines();
    let seen = 0;
    const refusalLog = createRefusalLog(logger, { perWindow: 20, windowMs: 10_000, onRefused: () => void seen++ });
    harness = await startHarness('memory', { logger, refusalLog, store: new DownEventStore() });
    const statuses: number[] = [];
    for (let sent = 0; sent < 600; sent += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => fetch(harness!.url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notificationId: `n-${sent + i}` }) })));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(new Set(statuses)).to.deep.equal(new Set([503]));
    expect(seen).to.equal(600);
    expect(lines.filter((l) => l.msg.includes('not recorded'))).to.have.length(20);
    clock.tick(10_000);
    const summaries = lines.filter((l) => l.msg === SUMMARY_MESSAGE);
    expect(summaries).to.have.length(1);
    expect(summaries[0]!.obj).to.deep.include({ suppressed: 580, byKind: { 'webhook-unrecorded': 580 } });
    expect(lines).to.have.length(21);
  });

  describe('turns a customer makes fail', () => {
    let server: Server | undefined;
    let pipeline: HubPipeline | undefined;
    afterEach(async () => {
      await pipeline?.stop({ graceMs: 100 });
      server?.close();
    });

    it('[S19] 600 failed turns write a bounded number of "turn failed" lines at level error, then one summary with the count', async () => {
      const { lines, logger } = keptLines();
      // The pipeline's worker runs on real timers; the limiter's clock is moved by hand.
      let nowMs = 0;
      let failed = 0;
      const outside = createRefusalLog(logger, { perWindow: 20, windowMs: 10_000, now: () => nowMs, onRefused: (kind) => void (kind === 'turn-failed' && failed++) });
      class Failing extends ActivityHandler {
        constructor() {
          super();
          this.onMessage(async () => {
            throw new Error('the bot fails on this message');
          });
        }
      }
      pipeline = new HubPipeline({
        inbox: new MemoryInbox(),
        sendAtSlot: async (take) => void take(),
        authenticate: async () => undefined,
        senderType: 'custom_bot',
        conversationStarts: { isNew: async () => false, started: async () => undefined },
        logger: pino({ level: 'silent' }),
        refusalLog: outside,
        worker: { pollIntervalMs: 20, concurrency: 50 },
      });
      pipeline.start(new Failing());
      const p = pipeline;
      server = createServer((req, res) => void p.process(req, res));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
      for (let batch = 0; batch < 30; batch++) {
        const message = Array.from({ length: 20 }, (_, i) => ({ id: `m-${batch}-${i}`, conversation: { id: `c-${batch}-${i}` }, sender: { type: 'customer' }, type: { value: 'text' }, content: { text: 'hello' } }));
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: { message } }) });
        expect(res.status).to.equal(200);
      }
      await waitFor(() => failed >= 600, 'the 600 turns to fail');
      const turnLines = lines.filter((l) => l.msg === 'turn failed');
      expect(turnLines).to.have.length(20);
      expect(turnLines.every((l) => l.level === 'error' && l.obj.err instanceof Error)).to.equal(true);
      // The next line after the window's end writes its summary first.
      nowMs += 10_000;
      outside('webhook', {}, 'a line of the next window');
      const summaries = lines.filter((l) => l.msg === SUMMARY_MESSAGE);
      expect(summaries).to.have.length(1);
      expect((summaries[0]!.obj.byKind as Record<string, number>)['turn-failed']).to.equal(580);
    });
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
