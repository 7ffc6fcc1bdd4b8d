// HubMemoryStorage forgets what is not written for its lifetime, as RedisStorage's items expire.
import { expect } from 'chai';
import sinon from 'sinon';
import { ConversationState, TestAdapter, TurnContext } from 'botbuilder-core';
import { HubMemoryStorage } from '../../src/storage/memoryStorage.js';

const HOUR = 3600_000;

describe('HubMemoryStorage lifetime (ttlSeconds)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date'] })));
  afterEach(() => clock.restore());

  it('forgets an ended or idle conversation after its lifetime and keeps an active one', async () => {
    const storage = new HubMemoryStorage({ ttlSeconds: 24 * 3600 });
    await storage.write({ 'conv/ended': { done: true }, 'conv/idle': { step: 2 }, 'conv/active': { step: 1 } });
    for (let h = 1; h <= 23; h++) {
      clock.tick(HOUR);
      await storage.write({ 'conv/active': { step: h + 1 } }); // a turn every hour
    }
    expect(Object.keys(await storage.read(['conv/ended', 'conv/idle', 'conv/active']))).to.have.members(['conv/ended', 'conv/idle', 'conv/active']);
    clock.tick(HOUR); // 24 h after the first write
    const left = await storage.read(['conv/ended', 'conv/idle', 'conv/active']);
    expect(Object.keys(left)).to.deep.equal(['conv/active']);
    expect(left['conv/active']).to.include({ step: 24 });
    expect(storage.size).to.equal(1);
  });

  it('a read does not extend the lifetime; a write starts it again', async () => {
    const storage = new HubMemoryStorage({ ttlSeconds: 60 });
    await storage.write({ a: { n: 1 }, b: { n: 1 } });
    clock.tick(59_000);
    await storage.read(['a']);
    await storage.write({ b: { n: 2 } });
    clock.tick(1_000);
    expect(await storage.read(['a', 'b'])).to.have.keys(['b']);
    clock.tick(59_000);
    expect(await storage.read(['b'])).to.deep.equal({});
    expect(storage.size).to.equal(0);
  });

  it('keeps everything without a lifetime, as before, and refuses a lifetime that is not positive', async () => {
    const storage = new HubMemoryStorage();
    await storage.write({ a: { n: 1 } });
    clock.tick(365 * 24 * HOUR);
    expect(await storage.read(['a'])).to.have.keys(['a']);
    expect(() => new HubMemoryStorage({ ttlSeconds: 0 })).to.throw(RangeError);
  });

  it("keeps a bot's ConversationState across turns within the lifetime", async () => {
    const storage = new HubMemoryStorage({ ttlSeconds: 3600 });
    const state = new ConversationState(storage);
    const count = state.createProperty<number>('count');
    const adapter = new TestAdapter(async (context: TurnContext) => {
      await count.set(context, (await count.get(context, 0)) + 1);
      await state.saveChanges(context);
      await context.sendActivity(String(await count.get(context, 0)));
    });
    await adapter.send('one').assertReply('1');
    clock.tick(3599_000);
    await adapter.send('two').assertReply('2');
    clock.tick(3600_000);
    await adapter.send('three').assertReply('1');
  });
});
