import { expect } from 'chai';
import { EndpointThrottle } from '../../../src/platform/throttle/endpointThrottle.js';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';

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
      // The caller wakes `stallMs` after its slot: the event loop was busy.
      sleep: async (ms) => void (t += ms + stallMs),
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
    stallMs = 0;
    await send();
    await send();
    const gaps = departures.slice(1).map((d, i) => d - departures[i]!);
    expect(late).to.deep.equal([900]);
    for (const gap of gaps) expect(gap).to.be.at.least(ep.intervalMs);
    // The first gap includes the stall; the next ones are one interval from the real departure.
    expect(gaps).to.deep.equal([ep.intervalMs + 900, ep.intervalMs, ep.intervalMs]);
  });

  it('[T8] a wake-up late by less than half the safety margin keeps the reserved slots (no extra store call)', async () => {
    let t = 0;
    const late: number[] = [];
    const throttle = new EndpointThrottle({ store: new MemoryBucketStore({ now: () => t }), tenant: 'departures-2', plan: 'Developer', now: () => t, sleep: async (ms) => void (t += ms + 5), onLateDeparture: (_e, ms) => void late.push(ms) });
    const ep = throttle.endpoint('conversationmgr', 'v3', 'POST', '/conversations/messages');
    for (let i = 0; i < 3; i++) await throttle.acquire(ep);
    expect(late).to.deep.equal([]);
  });
});
