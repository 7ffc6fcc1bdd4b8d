/**
 * The behaviour every BucketStore must have, as one describe body run against each store
 * (bucketStores.test.ts). Time is real here (the Redis store reads Redis TIME), so no
 * assertion depends on how fast the machine is: each bound is widened by the time the test
 * measured between its own calls.
 */
import { expect } from 'chai';
import { performance } from 'node:perf_hooks';
import type { BucketStore } from '../../../src/platform/throttle/bucketStore.js';

export interface BucketStoreFixture {
  store: BucketStore;
  /** A fresh bucket key for one test. */
  key(name: string): string;
}

/** Redis answers whole milliseconds, rounded up. */
const ROUNDING = 1;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; elapsed: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, elapsed: performance.now() - t0 };
}

export function bucketStoreSuite(fixture: () => BucketStoreFixture): void {
  it('gives the first call of a bucket its slot at once', async () => {
    const { store, key } = fixture();
    expect(await store.reserve(key('fresh'), 1000)).to.be.at.most(ROUNDING);
  });

  it('[L3] spaces back-to-back reservations one interval apart', async () => {
    const { store, key } = fixture();
    const k = key('spacing');
    const { value: waits, elapsed } = await timed(async () => [await store.reserve(k, 1000), await store.reserve(k, 1000), await store.reserve(k, 1000)]);
    expect(waits[1]).to.be.within(1000 - elapsed - ROUNDING, 1000 + ROUNDING);
    expect(waits[2]).to.be.within(2000 - elapsed - ROUNDING, 2000 + ROUNDING);
  });

  it('[L3] keeps fractional intervals (0.16 req/s is 6250 ms, 0.3 req/s is 3333.3 ms)', async () => {
    const { store, key } = fixture();
    const k = key('fraction');
    const { value: waits, elapsed } = await timed(async () => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++) out.push(await store.reserve(k, 1000 / 0.3));
      return out;
    });
    // Three intervals of 3333.33 ms: 10000 ms, not 3 x 3333 = 9999 nor 3 x 3334 = 10002.
    expect(waits[3]).to.be.within(10000 - elapsed - ROUNDING, 10000 + ROUNDING);
  });

  it('[L2] keeps buckets independent: a busy bucket does not delay another', async () => {
    const { store, key } = fixture();
    const busy = key('busy');
    for (let i = 0; i < 5; i++) await store.reserve(busy, 1000);
    expect(await store.reserve(key('other'), 1000)).to.be.at.most(ROUNDING);
  });

  it('[L6] gives concurrent callers distinct slots, one interval apart', async () => {
    const { store, key } = fixture();
    const k = key('concurrent');
    const { value: waits, elapsed } = await timed(() => Promise.all(Array.from({ length: 25 }, () => store.reserve(k, 200))));
    const sorted = [...waits].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i] - sorted[i - 1]).to.be.within(200 - elapsed - ROUNDING, 200 + elapsed + ROUNDING);
    }
  });

  it('[L5] penalize pushes the next slot out for every caller, and never pulls it in', async () => {
    const { store, key } = fixture();
    const k = key('penalty');
    const { value: waits, elapsed } = await timed(async () => {
      await store.reserve(k, 100);
      await store.penalize(k, 1500);
      const pushed = await store.reserve(k, 100);
      await store.penalize(k, 10); // the bucket is already booked further out than that
      return [pushed, await store.reserve(k, 100)];
    });
    expect(waits[0]).to.be.within(1500 - elapsed - ROUNDING, 1500 + ROUNDING);
    expect(waits[1]).to.be.within(1600 - elapsed - ROUNDING, 1600 + ROUNDING);
  });

  it('[L3] refills once the slot has passed', async () => {
    const { store, key } = fixture();
    const k = key('refill');
    await store.reserve(k, 30);
    await new Promise((r) => setTimeout(r, 60));
    expect(await store.reserve(k, 30)).to.be.at.most(ROUNDING);
  });

  it('[T8] records a departure, and holds the next one until one interval after it', async () => {
    const { store, key } = fixture();
    const k = key('depart');
    const { value: waits, elapsed } = await timed(async () => [await store.depart(k, 1000), await store.depart(k, 1000)]);
    expect(waits[0]).to.equal(0);
    expect(waits[1]).to.be.within(1000 - elapsed - ROUNDING, 1000 + ROUNDING);
    // A refused departure records nothing: asking again does not push the wait further out.
    expect(await store.depart(k, 1000)).to.be.at.most(waits[1]! + ROUNDING);
  });

  it('[T8] lets a departure go at once when the last one is an interval old', async () => {
    const { store, key } = fixture();
    const k = key('depart-later');
    expect(await store.depart(k, 30)).to.equal(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(await store.depart(k, 30)).to.equal(0);
  });

  it('[T8] acquire: a slot that is now is a departure at once; the next slot comes one interval later, its departure recorded at it', async () => {
    const { store, key } = fixture();
    const k = key('acquire');
    // The departure check is in the window: the time until its answer is part of the tolerance.
    const { value: [first, second, check], elapsed } = await timed(async () => [await store.acquire!(k, 1000, 1000), await store.acquire!(k, 1000, 1000), await store.depart(k, 1000)] as const);
    expect(first).to.include({ waitMs: 0, departed: true });
    expect(second.departed).to.equal(true);
    expect(second.waitMs).to.be.within(1000 - elapsed - ROUNDING, 1000 + ROUNDING);
    // The second one's departure is recorded at its slot: a departure check waits for one
    // interval after that slot, two from the first departure.
    expect(check).to.be.within(2000 - elapsed - ROUNDING, 2000 + ROUNDING);
  });

  it('[T8] acquire: a slot no earlier than one gap after the last departure, so its departure check passes', async () => {
    const { store, key } = fixture();
    const k = key('acquire-after-departure');
    // The window starts before the departure: the time its answer takes to come back is part
    // of the gap the store sees between the two, so it belongs in the tolerance.
    const { value: [departed, got], elapsed } = await timed(async () => [await store.depart(k, 1000), await store.acquire!(k, 30, 1000)] as const);
    expect(departed).to.equal(0);
    expect(got.departed).to.equal(true);
    expect(got.waitMs).to.be.within(1000 - elapsed - ROUNDING, 1000 + ROUNDING);
  });

  it('[T8] acquire again late for a slot: leaves now when no slot was handed out since, else gets a slot after those', async () => {
    const { store, key } = fixture();
    const k = key('late');
    await store.acquire!(k, 40, 40); // leaves now
    const mine = await store.acquire!(k, 40, 40); // its slot is about 40 ms away
    await new Promise((r) => setTimeout(r, 60)); // and it wakes about 20 ms late
    const again = await store.acquire!(k, 40, 40, mine.slot);
    expect(again).to.include({ waitMs: 0, departed: true }); // nobody took a slot since: it leaves now
    // A slot handed out after a late caller's: the late one gets a slot after that one.
    const { value: [theirs, late], elapsed } = await timed(async () => {
      const stale = await store.acquire!(k, 40, 40);
      const other = await store.acquire!(k, 40, 40);
      return [other, await store.acquire!(k, 40, 40, stale.slot)] as const;
    });
    expect(late.waitMs).to.be.within(theirs.waitMs + 40 - elapsed - ROUNDING, theirs.waitMs + 40 + ROUNDING);
  });
}
