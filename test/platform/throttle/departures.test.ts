import { expect } from 'chai';
import { EndpointThrottle } from '../../../src/platform/throttle/endpointThrottle.js';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';
import type { BucketStore } from '../../../src/platform/throttle/bucketStore.js';

describe('throttle: departures, not reservations', () => {
  it('[T8] an event-loop stall between reserving and sending does not bring the next call closer than one interval', async () => {
    let t = 0;
    let stallMs = 0;
    const late: number[] = [];
    const throttle = new EndpointThrottle({
      store: new MemoryBucketStore({ now: () => t }),
      tenant: 'departures',
      plan: 'Developer',
      now: () => t,
      // The caller wakes `stallMs` after its slot, once: the event loop was busy.
      sleep: async (ms) => {
        t += ms + stallMs;
        stallMs = 0;
      },
      onLateDeparture: (_ep, ms) => void late.push(ms),
    });
    const ep = throttle.endpoint('conversationmgr', 'v3', 'POST', '/conversations/messages');
    const departures: number[] = [];
    const send = async () => {
      await throttle.acquire(ep);
      departures.push(t);
    };
    await send();
    stallMs = 900;
    await send();
    await send();
    await send();
    const gaps = departures.slice(1).map((d, i) => d - departures[i]!);
    expect(late).to.deep.equal([900]);
    for (const gap of gaps) expect(gap).to.be.at.least(ep.intervalMs);
    // The first gap includes the stall (no slot was handed out meanwhile: it left on waking);
    // the next ones are one interval from that real departure.
    expect(gaps).to.deep.equal([ep.intervalMs + 900, ep.intervalMs, ep.intervalMs]);
  });

  it('[T8] a stall between the store handing a slot out and the caller reading it makes the caller late: it asks the store again before leaving', async () => {
    let t = 0;
    let stallMs = 0;
    const store = new MemoryBucketStore({ now: () => t });
    const asked: (string | undefined)[] = [];
    const stalling: BucketStore = {
      reserve: (k, ms) => store.reserve(k, ms),
      penalize: (k, ms) => store.penalize(k, ms),
      depart: (k, ms) => store.depart(k, ms),
      acquire: async (k, ms, gap, lateFor) => {
        asked.push(lateFor);
        const answer = await store.acquire(k, ms, gap, lateFor);
        t += stallMs; // the answer waits this long for a busy event loop
        stallMs = 0;
        return answer;
      },
    };
    const late: number[] = [];
    const throttle = new EndpointThrottle({ store: stalling, tenant: 'departures-4', plan: 'Developer', now: () => t, sleep: async (ms) => void (t += ms), onLateDeparture: (_e, ms) => void late.push(ms) });
    const ep = throttle.endpoint('conversationmgr', 'v3', 'POST', '/conversations/messages');
    await throttle.acquire(ep); // leaves at once, at t = 0
    stallMs = 900;
    await throttle.acquire(ep);
    expect(late).to.deep.equal([900]);
    expect(asked.length, 'acquired, then asked again with its slot').to.equal(3);
    expect(asked[2]).to.be.a('string');
    // Nobody took a slot meanwhile: it left on asking again, one interval and the stall after the first.
    expect(t).to.equal(ep.intervalMs + 900);
  });

  it('[T8] once the store\'s clock is known, a slow round trip before the store ran is not lateness, while an answer read late still is', async () => {
    let t = 0;
    let before = 0;
    let after = 0;
    const store = new MemoryBucketStore({ now: () => t });
    let asked = 0;
    const delayed: BucketStore = {
      reserve: (k, ms) => store.reserve(k, ms),
      penalize: (k, ms) => store.penalize(k, ms),
      depart: (k, ms) => store.depart(k, ms),
      acquire: async (k, ms, gap, lateFor) => {
        asked++;
        t += before; // the call waits in the connection's queue before the store runs it
        const answer = await store.acquire(k, ms, gap, lateFor);
        t += after; // the answer waits for a busy event loop
        [before, after] = [0, 0];
        return answer;
      },
    };
    const late: number[] = [];
    const throttle = new EndpointThrottle({ store: delayed, tenant: 'departures-5', plan: 'Developer', now: () => t, sleep: async (ms) => void (t += ms), onLateDeparture: (_e, ms) => void late.push(ms) });
    const ep = throttle.endpoint('conversationmgr', 'v3', 'POST', '/conversations/messages');
    for (let i = 0; i < 4; i++) await throttle.acquire(ep); // prompt answers: the store's clock is known
    const margin = ep.intervalMs - 1000 / ep.rate;
    expect(asked).to.equal(4);
    before = 3 * margin;
    await throttle.acquire(ep);
    expect([asked, late.length], 'slow before the store ran: one acquire, not late').to.deep.equal([5, 0]);
    after = 3 * margin;
    await throttle.acquire(ep);
    expect(asked, 'read late: asked again').to.equal(7);
    expect(late).to.have.length(1);
    expect(late[0]).to.be.closeTo(3 * margin, 1);
  });

  it('[T8] a wake-up late by less than half the safety margin keeps the reserved slots (no extra store call)', async () => {
    let t = 0;
    const late: number[] = [];
    const throttle = new EndpointThrottle({ store: new MemoryBucketStore({ now: () => t }), tenant: 'departures-2', plan: 'Developer', now: () => t, sleep: async (ms) => void (t += ms + 5), onLateDeparture: (_e, ms) => void late.push(ms) });
    const ep = throttle.endpoint('conversationmgr', 'v3', 'POST', '/conversations/messages');
    for (let i = 0; i < 3; i++) await throttle.acquire(ep);
    expect(late).to.deep.equal([]);
  });

  it('[T8] a caller that stalls past its slot leaves one interval after the slots handed out meanwhile on another replica, which keep theirs', async () => {
    let t = 0;
    const store = new MemoryBucketStore({ now: () => t }); // one store: the tenant's shared buckets
    const asleep: { who: string; ms: number; wake: () => void }[] = [];
    const replica = (who: string) =>
      new EndpointThrottle({ store, tenant: 'departures-3', plan: 'Developer', now: () => t, sleep: (ms) => new Promise<void>((wake) => asleep.push({ who, ms, wake })) });
    const a = replica('a');
    const b = replica('b');
    const ep = a.endpoint('conversationmgr', 'v3', 'POST', '/conversations/messages');
    const nextSleep = async () => {
      while (asleep.length === 0) await new Promise((r) => setImmediate(r));
      return asleep.shift()!;
    };
    const departures: Record<string, number> = {};
    await a.acquire(ep); // the first call leaves at once, at t = 0
    const pa = a.acquire(ep).then(() => void (departures.a = t));
    const sleepA = await nextSleep();
    const pb = b.acquire(b.endpoint('conversationmgr', 'v3', 'POST', '/conversations/messages')).then(() => void (departures.b = t));
    const sleepB = await nextSleep();
    expect([sleepA.who, sleepB.who]).to.deep.equal(['a', 'b']);
    expect(sleepB.ms - sleepA.ms).to.equal(ep.intervalMs); // b's slot was handed out: one interval after a's
    // a wakes 900 ms past its slot (its event loop was busy): too late to leave, it takes a new slot.
    t = sleepA.ms + 900;
    sleepA.wake();
    const again = await nextSleep();
    expect(again.who).to.equal('a');
    // b wakes on its slot and leaves, without another call to the store.
    t = sleepB.ms;
    sleepB.wake();
    await pb;
    t = sleepA.ms + 900 + again.ms;
    again.wake();
    await pa;
    expect(departures.a! - departures.b!).to.be.at.least(ep.intervalMs - 1).and.at.least(1000 / ep.rate);
  });
});
