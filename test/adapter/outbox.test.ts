import { expect } from 'chai';
import { Outbox } from '../../src/adapter/outbox/outbox.js';
import { PlatformError } from '../../src/errors/platformError.js';
import type { HubMessage, MessageBatch } from '../../src/schemas/hubMessages.js';
import { isDeadLetterNow, ReplyNotDeliveredError } from '../../src/adapter/turnErrors.js';

const m = (conversation: string, type: string, text = ''): HubMessage => ({
  sender: { type: 'custom_bot' },
  type: { value: type },
  content: { text },
  conversation: { id: conversation },
});

/** A send function standing for the hub: records batches, can fail the first N calls, can hold calls until released. */
function hub(opts: { failFirst?: number; error?: () => unknown } = {}) {
  const batches: MessageBatch[] = [];
  let calls = 0;
  const gates: (() => void)[] = [];
  let holding = false;
  return {
    batches,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      gates.splice(0).forEach((g) => g());
    },
    send: async (batch: MessageBatch) => {
      calls++;
      if (holding) await new Promise<void>((r) => gates.push(r));
      if (calls <= (opts.failFirst ?? 0)) throw opts.error ? opts.error() : PlatformError.of('503-100', { reason: 'test' });
      batches.push(structuredClone(batch));
    },
    textsOf(conversation: string) {
      return batches.flatMap((b) => b.messages.message).filter((x) => x.conversation?.id === conversation).map((x) => x.content?.text);
    },
  };
}

/** An outbox whose conversations the hub has already shown to exist, so they share batches (S6). */
function liveOutbox(opts: ConstructorParameters<typeof Outbox>[0], live: string[]): Outbox {
  const outbox = new Outbox(opts);
  for (const id of live) outbox.markLive(id);
  return outbox;
}

describe('outbox', () => {
  it('[B4] keeps per-conversation order and batches several conversations in one POST', async () => {
    const h = hub();
    h.hold();
    const outbox = liveOutbox({ send: h.send, concurrency: 1 }, ['a', 'b']);
    const first = outbox.enqueue('a', [m('a', 'text', 'a0')]);
    for (let i = 1; i < 5; i++) outbox.enqueue('a', [m('a', 'text', `a${i}`)]);
    for (let i = 0; i < 5; i++) outbox.enqueue('b', [m('b', 'text', `b${i}`)]);
    h.release();
    await Promise.all(first);
    await Promise.all([outbox.flushed('a'), outbox.flushed('b')]);
    expect(h.textsOf('a')).to.deep.equal(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect(h.textsOf('b')).to.deep.equal(['b0', 'b1', 'b2', 'b3', 'b4']);
    // The first POST went alone; everything queued while it was in flight left in one more.
    expect(h.batches.length).to.equal(2);
  });

  it('shares a batch fairly: a chatty conversation does not crowd out the others', async () => {
    const h = hub();
    h.hold();
    const outbox = liveOutbox({ send: h.send, concurrency: 1, maxBatch: 4 }, ['warmup', 'chatty', 'quiet1', 'quiet2']);
    outbox.enqueue('warmup', [m('warmup', 'text', 'w')]);
    for (let i = 0; i < 20; i++) outbox.enqueue('chatty', [m('chatty', 'text', `c${i}`)]);
    outbox.enqueue('quiet1', [m('quiet1', 'text', 'q1')]);
    outbox.enqueue('quiet2', [m('quiet2', 'text', 'q2')]);
    h.release();
    await Promise.all(['warmup', 'chatty', 'quiet1', 'quiet2'].map((c) => outbox.flushed(c)));
    const second = h.batches[1].messages.message.map((x) => x.conversation?.id);
    expect(second).to.include('quiet1').and.include('quiet2');
  });

  it('drops a queued typing.start (and its typing.end) when the reply is already queued', async () => {
    const h = hub();
    h.hold();
    const outbox = new Outbox({ send: h.send, concurrency: 1 });
    outbox.enqueue('x', [m('x', 'text', 'first')]);
    const dropped = outbox.enqueue('c', [m('c', 'typing.start'), m('c', 'typing.end'), m('c', 'text', 'answer')]);
    h.release();
    await Promise.all(dropped);
    const types = h.batches.flatMap((b) => b.messages.message).filter((x) => x.conversation?.id === 'c').map((x) => x.type.value);
    expect(types).to.deep.equal(['text']);
  });

  it('[B4] retries a retryable failure and keeps order through the retry', async () => {
    const h = hub({ failFirst: 2 });
    const outbox = new Outbox({ send: h.send, concurrency: 2, sleep: async () => {} });
    const sent = outbox.enqueue('a', [m('a', 'text', '1'), m('a', 'text', '2')]);
    outbox.enqueue('a', [m('a', 'text', '3')]);
    await Promise.all(sent);
    await outbox.flushed('a');
    expect(h.textsOf('a')).to.deep.equal(['1', '2', '3']);
  });

  it('[T3] one conversation\'s backoff never delays another\'s replies: the send slot is free while it waits', async () => {
    const timers: (() => void)[] = [];
    const sent: string[] = [];
    let aFailures = 0;
    const send = async (batch: MessageBatch) => {
      if (batch.messages.message.some((x) => x.conversation?.id === 'a') && aFailures < 2) {
        aFailures++;
        throw PlatformError.of('503-100', { reason: 'busy' });
      }
      sent.push(...batch.messages.message.map((x) => x.content?.text ?? ''));
    };
    // A backoff that ends only when the test says so: anything sent meanwhile did not wait for it.
    const outbox = new Outbox({ send, concurrency: 1, sleep: () => new Promise<void>((r) => timers.push(r)) });
    const a = outbox.enqueue('a', [m('a', 'text', 'a1')]);
    while (timers.length === 0) await new Promise((r) => setImmediate(r));
    await Promise.all(outbox.enqueue('b', [m('b', 'text', 'b1')]));
    expect(sent).to.deep.equal(['b1']);
    timers.shift()!();
    while (timers.length === 0) await new Promise((r) => setImmediate(r));
    await Promise.all(outbox.enqueue('c', [m('c', 'text', 'c1')]));
    expect(sent).to.deep.equal(['b1', 'c1']);
    timers.shift()!();
    await Promise.all(a);
    expect(sent).to.deep.equal(['b1', 'c1', 'a1']);
  });

  it('[T1] reports a message refused for good with its reason and rejects it to be parked (ReplyNotDeliveredError); others still go', async () => {
    const failures: string[] = [];
    const reasons: unknown[] = [];
    const h = hub({ failFirst: 1, error: () => PlatformError.of('400-101', { reason: 'bad' }) });
    h.hold();
    const outbox = new Outbox({ send: h.send, concurrency: 1, sleep: async () => {}, onFailure: (c, _m, err) => (failures.push(c), reasons.push(err)) });
    const doomed = outbox.enqueue('bad', [m('bad', 'text', 'x')]);
    h.release();
    let caught: unknown;
    await doomed[0].catch((e) => (caught = e));
    expect(caught).to.be.instanceOf(ReplyNotDeliveredError);
    expect(isDeadLetterNow(caught)).to.equal(true);
    expect((caught as Error).message).to.match(/400-101/);
    expect(failures).to.deep.equal(['bad']);
    expect((reasons[0] as PlatformError).code).to.equal('400-101');
    await Promise.all(outbox.enqueue('good', [m('good', 'text', 'fine')]));
    expect(h.textsOf('good')).to.deep.equal(['fine']);
  });
});

describe('outbox isolation', () => {
  it('a refused batch of several conversations is retried per conversation; only the faulty one fails', async () => {
    const failures: string[] = [];
    const batches: string[][] = [];
    const send = async (batch: MessageBatch) => {
      const ids = batch.messages.message.map((x) => x.conversation!.id!);
      batches.push(ids);
      if (ids.includes('bad')) throw PlatformError.of('400-101', { reason: 'bad message' });
    };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let first = true;
    const outbox = liveOutbox(
      {
        send: async (b) => {
          if (first) {
            first = false;
            await gate;
          }
          return send(b);
        },
        concurrency: 1,
        onFailure: (c) => failures.push(c),
      },
      ['warm', 'bad', 'good'],
    );
    outbox.enqueue('warm', [m('warm', 'text', 'w')]);
    const bad = outbox.enqueue('bad', [m('bad', 'text', 'x')]);
    const good = outbox.enqueue('good', [m('good', 'text', 'y')]);
    release();
    await Promise.all(good);
    await bad[0].catch(() => undefined);
    expect(failures).to.deep.equal(['bad']);
    expect(batches.some((b) => b.includes('bad') && b.includes('good')), 'they did share a batch').to.equal(true);
    expect(batches.some((b) => b.length === 1 && b[0] === 'good')).to.equal(true);
  });
});

describe('outbox fairness over many batches', () => {
  it('serves every backlogged conversation before any is served twice, whatever the batch size', async () => {
    const batches: string[][] = [];
    const outbox = liveOutbox(
      {
        send: async (b) => {
          batches.push(b.messages.message.map((x) => x.conversation!.id!));
        },
        concurrency: 1,
        maxBatch: 5,
      },
      Array.from({ length: 30 }, (_, c) => `c${c}`),
    );
    // 30 conversations with 3 replies each, all queued before the first send settles.
    const all: Promise<void>[] = [];
    for (let c = 0; c < 30; c++) all.push(...outbox.enqueue(`c${c}`, [m(`c${c}`, 'text', '1'), m(`c${c}`, 'text', '2'), m(`c${c}`, 'text', '3')]));
    await Promise.all(all);
    // The first POST left at once with c0's three replies alone. After it, the other 29
    // conversations are all served within the next 6 batches of 5, before any of them twice.
    expect(batches[0]).to.deep.equal(['c0', 'c0', 'c0']);
    const nextRound = batches.slice(1, 7).flat();
    expect(new Set(nextRound.slice(0, 29)).size).to.equal(29);
    expect(batches.flat().length).to.equal(90);
  });
});
