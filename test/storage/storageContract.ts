/**
 * botbuilder's Storage contract (N1 of docs/platform-contract.md) as one suite, run unchanged
 * against botbuilder's MemoryStorage (the reference: whatever passes there is the contract) and
 * against our HubMemoryStorage and RedisStorage, on one Redis node and on a Redis Cluster.
 * Nothing here is ours only: the explicit create-if-absent (T9) is checked here too, because the
 * eTag it uses works on MemoryStorage as well.
 */
import { expect } from 'chai';
import type { Storage } from 'botbuilder-core';
import { CREATE_IF_ABSENT_ETAG } from '../../src/storage/createIfAbsent.js';
import { isETagConflict } from '../../src/storage/eTagConflict.js';

export interface StorageUnderTest {
  storage: Storage;
  cleanup(): Promise<void>;
}

/** What a promise settles to: the error it rejected with, or undefined. */
const failureOf = (work: () => Promise<unknown>): Promise<unknown> =>
  Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (err: unknown) => err,
    );

export function storageContract(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`botbuilder Storage contract on ${name}`, () => {
    let under: StorageUnderTest;
    let storage: Storage;

    beforeEach(async () => {
      under = await open();
      storage = under.storage;
    });
    afterEach(async () => {
      await under.cleanup();
    });

    it('[N1] keys never written read as nothing, and an empty key list reads as an empty object', async () => {
      expect(await storage.read(['nobody', 'nothing'])).to.deep.equal({});
      expect(await storage.read([])).to.deep.equal({});
    });

    it('[N1] an item reads back as written, with a non-empty eTag, and only stored keys come back', async () => {
      const odd = 'key/with:odd{chars} é';
      await storage.write({ one: { count: 1, deep: { list: [1, 'two', null], none: {} } }, [odd]: { word: 'café' } });
      const items = await storage.read(['one', odd, 'absent']);
      expect(Object.keys(items).sort()).to.deep.equal([odd, 'one'].sort());
      expect(items.one.count).to.equal(1);
      expect(items.one.deep).to.deep.equal({ list: [1, 'two', null], none: {} });
      expect(items[odd].word).to.equal('café');
      expect(items.one.eTag).to.be.a('string').and.not.equal('');
    });

    it('[N1] writing leaves the caller\'s object as it was', async () => {
      const item = { count: 1 };
      await storage.write({ one: item });
      expect(item).to.deep.equal({ count: 1 });
    });

    it('[N1] a write without an eTag overwrites what is stored, however often', async () => {
      await storage.write({ one: { count: 1 } });
      await storage.write({ one: { count: 2 } });
      await storage.write({ one: { count: 3, eTag: '' } });
      await storage.write({ one: { count: 4, eTag: null } });
      expect((await storage.read(['one'])).one.count).to.equal(4);
    });

    it("[N1] a write with the eTag '*' overwrites what is stored", async () => {
      await storage.write({ one: { count: 1 } });
      const stale = (await storage.read(['one'])).one;
      await storage.write({ one: { ...stale, count: 2 } });
      await storage.write({ one: { count: 3, eTag: '*' } });
      expect((await storage.read(['one'])).one.count).to.equal(3);
    });

    it('[N1] every write gives the item a new eTag, and the eTag read allows the next write', async () => {
      await storage.write({ one: { count: 1 } });
      const first = (await storage.read(['one'])).one;
      await storage.write({ one: { ...first, count: 2 } });
      const second = (await storage.read(['one'])).one;
      expect(second.count).to.equal(2);
      expect(second.eTag).to.not.equal(first.eTag);
    });

    it('[N1] a stale eTag is refused with a conflict and the stored item stays', async () => {
      await storage.write({ one: { count: 1 } });
      const read = (await storage.read(['one'])).one;
      await storage.write({ one: { ...read, count: 2 } });
      const err = await failureOf(() => storage.write({ one: { ...read, count: 3 } }));
      expect(err).to.be.instanceOf(Error);
      expect(isETagConflict(err), String(err)).to.equal(true);
      expect((await storage.read(['one'])).one.count).to.equal(2);
    });

    it('[N1] of writers holding the same eTag, exactly one wins and the others get a conflict', async () => {
      await storage.write({ counter: { value: 0 } });
      const read = (await storage.read(['counter'])).counter;
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => storage.write({ counter: { ...read, value: i + 1 } })));
      const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i + 1] : []));
      expect(winners).to.have.length(1);
      for (const r of results) if (r.status === 'rejected') expect(isETagConflict(r.reason)).to.equal(true);
      expect((await storage.read(['counter'])).counter.value).to.equal(winners[0]);
    });

    it('[N1] an item that is not stored is written whatever eTag it carries', async () => {
      await storage.write({ fresh: { count: 1, eTag: 'an-eTag-from-long-ago' } });
      expect((await storage.read(['fresh'])).fresh.count).to.equal(1);
    });

    it('[N1] deleting removes the items, deleting a missing key is fine, and a deleted key takes any eTag again', async () => {
      await storage.write({ one: { count: 1 }, two: { count: 2 } });
      await storage.delete(['one', 'never-written']);
      await storage.delete([]);
      expect(Object.keys(await storage.read(['one', 'two']))).to.deep.equal(['two']);
      await storage.write({ one: { count: 5, eTag: 'stale' } });
      expect((await storage.read(['one'])).one.count).to.equal(5);
    });

    it('[N1] reading or writing without the keys argument fails at once', async () => {
      const missing = undefined as unknown as string[];
      const readErr = await failureOf(() => storage.read(missing));
      expect(readErr).to.be.instanceOf(ReferenceError);
      const writeErr = await failureOf(() => storage.write(undefined as unknown as Record<string, unknown>));
      expect(writeErr).to.be.instanceOf(ReferenceError);
    });

    it('[T9] create-if-absent asked for explicitly: written when nothing is stored, a conflict when something is', async () => {
      await storage.write({ fresh: { by: 'first', eTag: CREATE_IF_ABSENT_ETAG } });
      const err = await failureOf(() => storage.write({ fresh: { by: 'second', eTag: CREATE_IF_ABSENT_ETAG } }));
      expect(isETagConflict(err), String(err)).to.equal(true);
      expect((await storage.read(['fresh'])).fresh.by).to.equal('first');
    });

    it('[T9] of first writes racing with create-if-absent, exactly one wins', async () => {
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => storage.write({ race: { writer: i + 1, eTag: CREATE_IF_ABSENT_ETAG } })));
      const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i + 1] : []));
      expect(winners).to.have.length(1);
      for (const r of results) if (r.status === 'rejected') expect(isETagConflict(r.reason)).to.equal(true);
      expect((await storage.read(['race'])).race.writer).to.equal(winners[0]);
    });
  });
}
