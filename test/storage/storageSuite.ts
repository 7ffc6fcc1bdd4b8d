/**
 * The one test suite of botbuilder `Storage`, run against botbuilder's MemoryStorage (the
 * reference behaviour), HubMemoryStorage and RedisStorage, so all are held to the same eTag
 * semantics; ours differ in one rule (T9): a write without an eTag is create-if-absent, where
 * botbuilder's MemoryStorage overwrites.
 */
import { expect } from 'chai';
import type { Storage } from 'botbuilder-core';
import { isETagConflict } from '../../src/storage/eTagConflict.js';

export interface StorageFixture {
  storage: Storage;
  cleanup(): Promise<void>;
}

/** What a write without an eTag does: botbuilder's MemoryStorage overwrites; ours create if absent (T9). */
export type FirstWrite = 'overwrite' | 'createIfAbsent';

export function storageSuite(name: string, makeFixture: () => Promise<StorageFixture>, firstWrite: FirstWrite = 'createIfAbsent'): void {
  describe(`Storage contract: ${name}`, () => {
    let fx: StorageFixture;
    let storage: Storage;

    beforeEach(async () => {
      fx = await makeFixture();
      storage = fx.storage;
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it('reading keys that were never written gives an empty result', async () => {
      expect(await storage.read(['missing-1', 'missing-2'])).to.deep.equal({});
      expect(await storage.read([])).to.deep.equal({});
    });

    it('reads back what was written, with an eTag, and only the keys that exist', async () => {
      await storage.write({ a: { n: 1, nested: { list: [1, 'x', null], empty: {} } }, 'b/with:odd{chars}': { s: 'é' } });
      const items = await storage.read(['a', 'b/with:odd{chars}', 'missing']);
      expect(Object.keys(items).sort()).to.deep.equal(['a', 'b/with:odd{chars}']);
      expect(items.a).to.include({ n: 1 });
      expect(items.a.nested).to.deep.equal({ list: [1, 'x', null], empty: {} });
      expect(items['b/with:odd{chars}'].s).to.equal('é');
      expect(items.a.eTag).to.be.a('string').and.not.equal('');
    });

    it('does not change the caller\'s object when writing', async () => {
      const item = { n: 1 };
      await storage.write({ a: item });
      expect(item).to.deep.equal({ n: 1 });
    });

    it('gives a new eTag at every write', async () => {
      await storage.write({ a: { n: 1 } });
      const first = (await storage.read(['a'])).a;
      await storage.write({ a: { ...first, n: 2 } });
      const second = (await storage.read(['a'])).a;
      expect(second.n).to.equal(2);
      expect(second.eTag).to.not.equal(first.eTag);
    });

    it('refuses a write whose eTag differs from the stored one, and keeps the stored item', async () => {
      await storage.write({ a: { n: 1 } });
      const read = (await storage.read(['a'])).a;
      await storage.write({ a: { ...read, n: 2 } });
      let error: unknown;
      try {
        await storage.write({ a: { ...read, n: 3 } });
      } catch (err) {
        error = err;
      }
      expect(error).to.be.instanceOf(Error);
      expect((error as Error).message).to.match(/eTag conflict/);
      expect((await storage.read(['a'])).a.n).to.equal(2);
    });

    it("overwrites whatever is stored when the eTag is '*' (botbuilder's BotState writes so)", async () => {
      await storage.write({ a: { n: 1 } });
      await storage.write({ a: { n: 2, eTag: '*' } });
      expect((await storage.read(['a'])).a.n).to.equal(2);
    });

    if (firstWrite === 'overwrite') {
      it('overwrites whatever is stored when the eTag is absent (botbuilder MemoryStorage)', async () => {
        await storage.write({ a: { n: 1 } });
        await storage.write({ a: { n: 3 } });
        expect((await storage.read(['a'])).a.n).to.equal(3);
      });
    } else {
      it('[T9] a write without an eTag is create-if-absent: refused with an eTag conflict when the item exists', async () => {
        await storage.write({ a: { n: 1 } });
        for (const eTag of [undefined, null, '']) {
          const err = await storage.write({ a: { n: 3, eTag } }).catch((e: unknown) => e);
          expect(isETagConflict(err), `eTag ${String(eTag)}`).to.equal(true);
        }
        expect((await storage.read(['a'])).a.n).to.equal(1);
      });

      it('[T9] of concurrent first writes (no eTag), exactly one wins and the others get an eTag conflict', async () => {
        const writers = Array.from({ length: 10 }, (_, i) => storage.write({ fresh: { writer: i + 1 } }));
        const results = await Promise.allSettled(writers);
        const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i + 1] : []));
        expect(winners).to.have.length(1);
        for (const r of results) if (r.status === 'rejected') expect(isETagConflict(r.reason)).to.equal(true);
        expect((await storage.read(['fresh'])).fresh.writer).to.equal(winners[0]);
      });
    }

    it('writes an item that does not exist yet whatever eTag it carries', async () => {
      await storage.write({ fresh: { n: 1, eTag: 'some-old-etag' } });
      expect((await storage.read(['fresh'])).fresh.n).to.equal(1);
    });

    it('deletes items, and deleting a missing key is not an error', async () => {
      await storage.write({ a: { n: 1 }, b: { n: 2 } });
      await storage.delete(['a', 'never-written']);
      expect(Object.keys(await storage.read(['a', 'b']))).to.deep.equal(['b']);
      await storage.write({ a: { n: 5, eTag: 'stale' } });
      expect((await storage.read(['a'])).a.n).to.equal(5);
    });

    it('of concurrent writers holding the same eTag, exactly one wins', async () => {
      await storage.write({ counter: { value: 0 } });
      const read = (await storage.read(['counter'])).counter;
      const writers = Array.from({ length: 10 }, (_, i) => storage.write({ counter: { ...read, value: i + 1 } }));
      const results = await Promise.allSettled(writers);
      const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i + 1] : []));
      expect(winners).to.have.length(1);
      for (const r of results) if (r.status === 'rejected') expect(String(r.reason?.message)).to.match(/eTag conflict/);
      expect((await storage.read(['counter'])).counter.value).to.equal(winners[0]);
    });

    it('refuses calls without keys or changes, as MemoryStorage does', async () => {
      const none = undefined as unknown as string[];
      let readError: unknown;
      await storage.read(none).catch((err: unknown) => (readError = err));
      expect(readError).to.be.instanceOf(ReferenceError);
      let writeError: unknown;
      await storage.write(undefined as unknown as Record<string, unknown>).catch((err: unknown) => (writeError = err));
      expect(writeError).to.be.instanceOf(ReferenceError);
    });
  });
}
