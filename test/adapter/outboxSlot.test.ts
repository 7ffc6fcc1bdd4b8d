/**
 * The outbox takes a POST's batch when the POST's rate slot is granted (sendAtSlot), so a reply
 * queued while the POST waits for its slot leaves in it, not one interval later; and where each
 * reply's time went (queue, POST, backoff) is reported. First with a send standing for the
 * core's slot wait, then over the real HTTP core and throttle, with fake time.
 */
import { expect } from 'chai';
import sinon from 'sinon';
import { Outbox, type SendAtSlot } from '../../src/adapter/outbox/outbox.js';
import type { ReplyTiming } from '../../src/adapter/outbox/replyTiming.js';
import { PlatformError } from '../../src/errors/platformError.js';
import { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import type { HubMessage, MessageBatch } from '../../src/schemas/hubMessages.js';
import { fakeTimeCore } from '../platform/http/fakeTime.js';
import { waitFor } from '../support/waitFor.js';
import type { RecordedRequest } from '../platform/recordingServer.js';

let seq = 0;
const reply = (conversation: string, text: string): HubMessage => ({
  id: `s${++seq}`,
  sender: { type: 'custom_bot' },
  type: { value: 'text' },
  content: { text },
  conversation: { id: conversation },
});
const textsOf = (b: MessageBatch) => b.messages.message.map((x) => x.content?.text);

/** A send whose rate slot the test grants: each POST waits in `slots` until `grant()`, then takes its batch. */
function slotted(fail?: (batch: MessageBatch) => unknown) {
  const slots: (() => void)[] = [];
  const posts: MessageBatch[] = [];
  const send: SendAtSlot = async (take) => {
    await new Promise<void>((granted) => slots.push(granted));
    const batch = take();
    posts.push(structuredClone(batch));
    const err = fail?.(batch);
    if (err) throw err;
  };
  return { slots, posts, send, grant: () => slots.shift()?.() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('outbox: the batch is taken when the rate slot is granted', () => {
  it('[L3] a reply queued while a POST waits for its slot leaves in that POST', async () => {
    const h = slotted();
    const outbox = new Outbox({ sendAtSlot: h.send });
    for (const id of ['a', 'b', 'c']) outbox.markLive(id);
    const first = outbox.enqueue('a', [reply('a', 'a1')]);
    await tick();
    // The POST is waiting for its slot: replies of this moment join it.
    const later = [...outbox.enqueue('b', [reply('b', 'b1')]), ...outbox.enqueue('c', [reply('c', 'c1')]), ...outbox.enqueue('a', [reply('a', 'a2')])];
    expect(h.slots, 'one POST waits for a slot, not one per reply').to.have.length(1);
    h.grant();
    await Promise.all([...first, ...later]);
    // One POST for all, a's two replies in their order (B4).
    expect(h.posts.map(textsOf)).to.deep.equal([['a1', 'b1', 'c1', 'a2']]);
    const next = outbox.enqueue('b', [reply('b', 'b2')]);
    await tick();
    h.grant();
    await Promise.all(next);
    expect(h.posts.map(textsOf)).to.deep.equal([['a1', 'b1', 'c1', 'a2'], ['b2']]);
  });

  it('[L3] with several POSTs allowed, one at a time waits for a slot: no slot is spent on an empty POST', async () => {
    const h = slotted();
    const outbox = new Outbox({ sendAtSlot: h.send, concurrency: 3 });
    for (const id of ['a', 'b']) outbox.markLive(id);
    const all = [...outbox.enqueue('a', [reply('a', 'a1')]), ...outbox.enqueue('b', [reply('b', 'b1')])];
    await tick();
    expect(h.slots).to.have.length(1);
    h.grant();
    await Promise.all(all);
    await tick();
    expect(h.posts.map(textsOf)).to.deep.equal([['a1', 'b1']]);
    expect(h.slots, 'nothing queued: no POST waits').to.have.length(0);
  });

  it('[T3] a backoff frees the slot: the next POST carries the others, and the held batch goes after its backoff', async () => {
    let refusals = 0;
    const h = slotted((b) => (textsOf(b).includes('a1') && refusals++ === 0 ? PlatformError.of('503-100', { reason: 'busy' }) : undefined));
    const waits: (() => void)[] = [];
    const outbox = new Outbox({ sendAtSlot: h.send, sleep: () => new Promise<void>((r) => waits.push(r)) });
    for (const id of ['a', 'b']) outbox.markLive(id);
    const a = outbox.enqueue('a', [reply('a', 'a1')]);
    await tick();
    h.grant();
    await waitFor(() => waits.length === 1, "a's backoff");
    const b = outbox.enqueue('b', [reply('b', 'b1')]);
    await tick();
    h.grant();
    await Promise.all(b);
    expect(h.posts.map(textsOf)).to.deep.equal([['a1'], ['b1']]);
    waits[0]();
    await tick();
    h.grant();
    await Promise.all(a);
    expect(h.posts.map(textsOf)).to.deep.equal([['a1'], ['b1'], ['a1']]);
  });

  it('[S6] taken at the slot, solos and batches still alternate: an unknown conversation goes alone, the live ones together', async () => {
    const h = slotted();
    const outbox = new Outbox({ sendAtSlot: h.send });
    for (const id of ['a', 'b']) outbox.markLive(id);
    const all = [...outbox.enqueue('stranger', [reply('stranger', 's1')]), ...outbox.enqueue('a', [reply('a', 'a1')]), ...outbox.enqueue('other', [reply('other', 'o1')])];
    await tick();
    all.push(...outbox.enqueue('b', [reply('b', 'b1')]));
    for (let i = 0; i < 3; i++) {
      h.grant();
      await waitFor(() => h.posts.length === i + 1 && (i === 2 || h.slots.length === 1), `POST ${i + 1}`);
    }
    await Promise.all(all);
    expect(h.posts.map(textsOf)).to.deep.equal([['a1', 'b1'], ['s1'], ['o1']]);
  });

  it('[T1] a POST that fails before its slot (no token) fails the batch it would have carried, with its reason', async () => {
    const failures: unknown[] = [];
    const outbox = new Outbox({
      sendAtSlot: async () => {
        throw new TypeError('token provider misconfigured');
      },
      onFailure: (_c, _m, err) => failures.push(err),
    });
    const err = await outbox.enqueue('a', [reply('a', 'x')])[0].catch((e: unknown) => e);
    expect((err as Error).message).to.match(/token provider misconfigured/);
    expect(failures).to.have.length(1);
    expect(outbox.depth).to.equal(0);
  });

  it('reports where each delivered reply spent its time: queue (slot wait included), POST, backoff', async () => {
    const clock = sinon.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      let refusals = 0;
      const timings: ReplyTiming[] = [];
      const outbox = new Outbox({
        sendAtSlot: async (take) => {
          clock.tick(300); // the slot wait
          take();
          clock.tick(50); // the round trip
          if (refusals++ === 0) throw PlatformError.of('503-100', { reason: 'busy' });
        },
        sleep: async (ms) => void clock.tick(ms),
        onDelivered: (t) => timings.push({ ...t }),
      });
      await Promise.all(outbox.enqueue('a', [reply('a', 'x')]));
      expect(timings).to.deep.equal([{ queueMs: 600, postMs: 100, backoffMs: 1000 }]);
    } finally {
      clock.restore();
    }
  });
});

describe('outbox over the real HTTP core: the batch leaves at its slot', () => {
  // 1 POST a second: the second POST waits about a second for its slot.
  const rig = fakeTimeCore({ customRates: { name: 'custom', defaultRate: 1 } });
  const conversationsOf = (r: RecordedRequest) => (r.body as MessageBatch).messages.message.map((x) => x.conversation?.id);

  it('[L3] [T8] replies queued during the throttle wait go in that POST, which still departs one interval after the last', async () => {
    const { server, clock, sleeps } = rig;
    server.reply('POST', '*', { status: 202, body: {} });
    const client = new ConversationManagerClient(rig.core());
    const outbox = new Outbox({ sendAtSlot: async (take, call) => void (await client.sendMessages(take, { backoff: 'caller', signal: call.signal })) });
    for (const id of ['A', 'B', 'C']) outbox.markLive(id);
    await Promise.all(outbox.enqueue('A', [reply('A', 'first')]));
    const a = outbox.enqueue('A', [reply('A', 'second')]);
    await waitFor(() => sleeps.length === 1, 'the throttle wait of the second POST');
    await clock.tickAsync(400);
    const bc = [...outbox.enqueue('B', [reply('B', 'b')]), ...outbox.enqueue('C', [reply('C', 'c')])];
    await clock.tickAsync(sleeps[0].ms - 400);
    await Promise.all([...a, ...bc]);
    expect(server.requests.map(conversationsOf)).to.deep.equal([['A'], ['A', 'B', 'C']]);
    expect(server.requests[1].at - server.requests[0].at).to.be.at.least(1000);
  });
});
