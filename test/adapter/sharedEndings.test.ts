/**
 * S15: once the hub has said a conversation is over, no replica spends budget on it again. Two
 * replicas' outboxes share ended conversations through Redis (sharedEndings.ts): replica A hears
 * the hub's end messages (or gets the 409), replica B holds the conversations' queued replies.
 * The hub is a send function that answers 409 for a batch naming an ended conversation; what
 * is counted: the hub's 409s, the replies dropped, the live replies delivered.
 */
import { expect } from 'chai';
import { PlatformError } from '../../src/errors/platformError.js';
import { Outbox } from '../../src/adapter/outbox/outbox.js';
import { SharedEndings } from '../../src/adapter/outbox/sharedEndings.js';
import { openSharedRedis, type SharedRedis } from '../../src/redis/sharedRedis.js';
import { redisSettingsFrom } from '../../src/redis/redisSettings.js';
import type { HubMessage, MessageBatch } from '../../src/schemas/hubMessages.js';
import { uniqueTenant } from '../storage/redisTestTenant.js';
import { waitFor } from '../support/waitFor.js';

const DEAD = 60;
const reply = (conversationId: string, n: number) => ({ conversationId, type: { value: 'message' }, text: `reply ${n}`, id: `${conversationId}-r${n}` }) as unknown as HubMessage;

/** The hub: ended conversations refuse a whole batch with 409; a gate holds the first POST. */
function hub() {
  const ended = new Set<string>();
  const state = { posts: 0, refused409: 0, delivered: [] as string[] };
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const send = async (batch: MessageBatch): Promise<void> => {
    state.posts++;
    if (state.posts === 1) await gate;
    const conversations = batch.messages.message.map((m) => (m as unknown as { conversationId: string }).conversationId);
    if (conversations.some((c) => ended.has(c))) {
      state.refused409++;
      throw PlatformError.of('409-101', { reason: 'the conversation is completed' });
    }
    state.delivered.push(...conversations);
  };
  return { ended, state, send, open: () => open() };
}

describe('Ended conversations shared by the replicas (S15)', function () {
  this.timeout(60_000);
  const redis: SharedRedis[] = [];
  afterEach(async () => {
    await Promise.all(redis.splice(0).map((r) => r.close()));
  });

  async function replica(h: ReturnType<typeof hub>, tenant: string | undefined, dropped: { n: number }): Promise<Outbox> {
    let endings: SharedEndings | undefined;
    if (tenant) {
      const r = await openSharedRedis(redisSettingsFrom({ REDIS_URL: 'redis://127.0.0.1:6379' })!, { clientName: 'test-shared-endings' });
      redis.push(r);
      endings = new SharedEndings({ client: r, subscriber: r, tenant });
    }
    const outbox: Outbox = new Outbox({ send: (batch) => h.send(batch), onDropped: (_, n) => void (dropped.n += n), onClosed: (id) => endings?.announce(id) });
    await endings?.listen((id) => outbox.markEnded(id, false));
    return outbox;
  }

  /** Wave after wave: B holds replies to dead conversations while A hears their ends. */
  async function attack(shared: boolean) {
    const h = hub();
    const tenant = shared ? uniqueTenant('endings') : undefined;
    const droppedA = { n: 0 };
    const droppedB = { n: 0 };
    const a = await replica(h, tenant, droppedA);
    const b = await replica(h, tenant, droppedB);
    const live: Promise<void>[] = [];
    // The first POST (a live reply) is held by the hub: what follows queues behind it on B.
    live.push(...b.enqueue('live-0', [reply('live-0', 0)]));
    for (const wave of [0, 1]) {
      const dead = Array.from({ length: DEAD / 2 }, (_, i) => `dead-${wave}-${i}`);
      for (const id of dead) for (let n = 0; n < 3; n++) void b.enqueue(id, [reply(id, n)]);
      for (let i = 1; i <= 3; i++) live.push(...b.enqueue(`live-${wave}-${i}`, [reply(`live-${wave}-${i}`, i)]));
      // The hub ends them and its end messages reach replica A.
      for (const id of dead) {
        h.ended.add(id);
        a.markEnded(id);
      }
      if (shared) await waitFor(() => droppedB.n >= (wave + 1) * (DEAD / 2) * 3, `replica B to drop wave ${wave}'s replies`);
    }
    h.open();
    await Promise.all(live);
    await waitFor(() => b.depth === 0, 'replica B to empty its outbox');
    return { ...h.state, droppedB: droppedB.n };
  }

  it('[S15] replies queued on another replica for conversations the hub ended are dropped and counted, never posted; live replies all go', async () => {
    const result = await attack(true);
    expect(result.refused409).to.be.at.most(DEAD); // at most one per dead conversation; here none
    expect(result.refused409).to.equal(0);
    expect(result.droppedB).to.equal(DEAD * 3);
    expect(result.delivered.filter((c) => c.startsWith('dead'))).to.deep.equal([]);
    expect(new Set(result.delivered)).to.have.keys('live-0', 'live-0-1', 'live-0-2', 'live-0-3', 'live-1-1', 'live-1-2', 'live-1-3');
  });

  it('[S15] without the shared endings the same attack costs the hub 409s (what the test above guards against)', async () => {
    const result = await attack(false);
    expect(result.refused409).to.be.greaterThan(0);
  });

  it('[S15] a 409 that one replica gets closes the conversation on the others too', async () => {
    const h = hub();
    const tenant = uniqueTenant('endings');
    const dropped = { n: 0 };
    const a = await replica(h, tenant, { n: 0 });
    const b = await replica(h, tenant, dropped);
    h.open();
    h.ended.add('gone');
    await a.enqueue('gone', [reply('gone', 0)])[0];
    expect(a.isClosed('gone')).to.equal(true);
    await waitFor(() => b.isClosed('gone'), 'replica B to hear of the 409');
    await b.enqueue('gone', [reply('gone', 1)])[0];
    expect(dropped.n).to.equal(1);
    expect(h.state.refused409).to.equal(1);
  });
});
