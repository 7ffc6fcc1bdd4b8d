import { expect } from 'chai';
import sinon from 'sinon';
import { MemoryEventStore } from '../../src/webhook/memoryEventStore.js';
import { MIN_DEDUPE_WINDOW_SECONDS } from '../../src/webhook/eventStore.js';
import { RedisEventStore } from '../../src/webhook/redisEventStore.js';

describe('MemoryEventStore dedupe window', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: Date.parse('2025-01-01T00:00:00Z'), toFake: ['Date'] });
  });
  afterEach(() => clock.restore());

  it('[W3] remembers a notificationId for 24 h, then forgets it', async () => {
    const store = new MemoryEventStore();
    expect(await store.record('n-1', '{}', Date.now())).to.equal('recorded');
    clock.tick(MIN_DEDUPE_WINDOW_SECONDS * 1000 - 1);
    expect(await store.record('n-1', '{}', Date.now())).to.equal('duplicate');
    clock.tick(1);
    expect(await store.record('n-1', '{}', Date.now())).to.equal('recorded');
  });

  it('refuses a window shorter than 24 h, in memory and on Redis', () => {
    expect(() => new MemoryEventStore({ dedupeWindowSeconds: 3600 })).to.throw(RangeError);
    const client = {} as ConstructorParameters<typeof RedisEventStore>[0]['client'];
    expect(() => new RedisEventStore({ client, tenant: 't', dedupeWindowSeconds: 60 })).to.throw(RangeError);
    expect(() => new RedisEventStore({ client, tenant: '' })).to.throw(RangeError);
    expect(new MemoryEventStore({ dedupeWindowSeconds: 2 * 86_400 })).to.be.instanceOf(MemoryEventStore);
  });
});
