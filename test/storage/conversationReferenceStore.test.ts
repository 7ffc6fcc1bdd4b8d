import sinon from 'sinon';
import { expect } from 'chai';
import { MemoryStorage, type Storage } from 'botbuilder-core';
import { closeRedisConnection, createRedisConnection } from '../../src/redis/redisConnection.js';
import { ConversationReferenceStore, INDEX_SHARDS, MAX_REMEMBERED_IDS, type StoredReference } from '../../src/storage/conversationReferenceStore.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { idListsOf } from '../../src/storage/idLists.js';
import { deleteTenantKeys, uniqueTenant } from './redisTestTenant.js';
import { clusterRedis, dropTenant } from '../redisCluster/clusterRedis.js';

const ref = (id: string, extra: Partial<StoredReference> = {}): StoredReference => ({
  channelId: 'hub',
  serviceUrl: 'hub://local',
  conversation: { id, isGroup: false, conversationType: 'hub', name: '' },
  bot: { id: 'bot', name: 'bot' },
  ...extra,
});

/** The index's shards as they hold ids: the storage's id lists when it has them, else its items. */
async function indexShards(storage: Storage, namespace: string): Promise<string[][]> {
  const lists = idListsOf(storage);
  if (lists) return lists.readIds(Array.from({ length: INDEX_SHARDS }, (_, n) => `${namespace}/~ids/${n}`));
  const items = await storage.read(Array.from({ length: INDEX_SHARDS }, (_, n) => `${namespace}/~index/${n}`));
  return Object.values(items).map((index) => index.ids as string[]);
}

interface Fixture {
  storage: Storage;
  cleanup(): Promise<void>;
}

function referenceStoreSuite(name: string, makeFixture: () => Promise<Fixture>): void {
  describe(`ConversationReferenceStore on ${name}`, () => {
    let fx: Fixture;
    beforeEach(async () => (fx = await makeFixture()));
    afterEach(async () => fx.cleanup());

    it('saves, gets and replaces a reference by conversation id', async () => {
      const store = new ConversationReferenceStore(fx.storage);
      expect(await store.get('c:1')).to.equal(undefined);
      await store.save(ref('c:1', { locale: 'en-US' }));
      expect(await store.get('c:1')).to.deep.equal(ref('c:1', { locale: 'en-US' }));
      await store.save(ref('c:1', { locale: 'fr-FR' }));
      expect((await store.get('c:1'))?.locale).to.equal('fr-FR');
      expect((await store.list()).map((r) => r.conversation?.id)).to.deep.equal(['c:1']);
    });

    it('[T4] a conversation id with a lone UTF-16 surrogate (a JSON body may carry "\\ud800") is saved and found, never a URIError that fails the turn', async () => {
      const store = new ConversationReferenceStore(fx.storage);
      const id = JSON.parse('"conv-\\udc00"') as string;
      expect(await store.get(id)).to.equal(undefined);
      await store.save(ref(id));
      expect((await store.get(id))?.conversation?.id).to.equal(id);
    });

    it('[S17] conversations whose ids differ only in a lone surrogate (\\ud800, \\udbff, \\udc00) or U+FFFD keep their own references', async () => {
      const store = new ConversationReferenceStore(fx.storage);
      const ids = ['conv-\ud800', 'conv-\udbff', 'conv-\udc00', 'conv-\ufffd'];
      for (const [i, id] of ids.entries()) await store.save(ref(id, { serviceUrl: `hub://${i}` }));
      for (const [i, id] of ids.entries()) expect(await store.get(id)).to.deep.include({ serviceUrl: `hub://${i}`, conversation: ref(id).conversation });
      expect((await store.list()).map((r) => r.conversation?.id).sort()).to.deep.equal([...ids].sort());
    });

    it('lists every conversation saved by several replicas at once, and forgets removed ones', async () => {
      const first = new ConversationReferenceStore(fx.storage);
      await first.save(ref('seed'));
      const replicas = [first, new ConversationReferenceStore(fx.storage), new ConversationReferenceStore(fx.storage)];
      const ids = Array.from({ length: 12 }, (_, i) => `conv/${i}`);
      await Promise.all(ids.map((id, i) => replicas[i % replicas.length].save(ref(id))));
      const listed = (await replicas[1].list()).map((r) => r.conversation?.id);
      expect([...listed].sort()).to.deep.equal(['seed', ...ids].sort());
      await replicas[2].remove('conv/3');
      expect(await first.get('conv/3')).to.equal(undefined);
      expect((await first.list()).map((r) => r.conversation?.id)).to.not.include('conv/3');
    });

    it('drops ids whose reference disappeared from the storage', async () => {
      const store = new ConversationReferenceStore(fx.storage, { namespace: 'refs' });
      await store.save(ref('a'));
      await store.save(ref('b'));
      await fx.storage.delete([`refs/${encodeURIComponent('a')}`]);
      expect((await store.list()).map((r) => r.conversation?.id)).to.deep.equal(['b']);
      expect((await indexShards(fx.storage, 'refs')).flat()).to.deep.equal(['b']);
    });

    it('spreads the ids over index shards, so a new conversation rewrites a small item, not every id ever seen', async () => {
      const store = new ConversationReferenceStore(fx.storage, { namespace: 'refs' });
      for (let i = 0; i < 200; i++) await store.save(ref(`conv-${i}`));
      const sizes = (await indexShards(fx.storage, 'refs')).map((ids) => ids.length);
      expect(sizes.reduce((a, b) => a + b, 0)).to.equal(200);
      expect(Math.max(...sizes)).to.be.below(20);
      expect((await store.list()).map((r) => r.conversation?.id)).to.have.members(Array.from({ length: 200 }, (_, i) => `conv-${i}`));
    });

    it('still lists, and forgets, the conversations of the single index of earlier versions', async () => {
      const older = ref('older');
      await fx.storage.write({ 'refs/older': { reference: older, savedAt: '2026-01-01T00:00:00.000Z' }, 'refs/~index': { ids: ['older'] } });
      const store = new ConversationReferenceStore(fx.storage, { namespace: 'refs' });
      await store.save(ref('newer'));
      expect((await store.list()).map((r) => r.conversation?.id)).to.deep.equal(['older', 'newer']);
      await store.remove('older');
      expect((await store.list()).map((r) => r.conversation?.id)).to.deep.equal(['newer']);
      expect((await fx.storage.read(['refs/~index']))['refs/~index'].ids).to.deep.equal([]);
    });

    it('[T4] tells a new conversation from a started one, and asks the storage once per conversation after that', async () => {
      const store = new ConversationReferenceStore(fx.storage);
      const starts = store.asConversationStarts();
      let reads = 0;
      const read = fx.storage.read.bind(fx.storage);
      fx.storage.read = (keys) => (reads++, read(keys));
      expect(await starts.isNew('c1')).to.equal(true);
      await starts.started('c1', ref('c1'));
      reads = 0;
      for (let i = 0; i < 5; i++) expect(await starts.isNew('c1')).to.equal(false);
      expect(reads).to.equal(0);
      // Started on another replica: this one reads it once, then knows.
      await new ConversationReferenceStore(fx.storage).save(ref('c2'));
      reads = 0;
      for (let i = 0; i < 3; i++) expect(await starts.isNew('c2')).to.equal(false);
      expect(reads).to.equal(1);
      // Removed: new again.
      await store.remove('c1');
      expect(await starts.isNew('c1')).to.equal(true);
    });

    it("[T4] writes a started conversation's reference again once an hour of turns, so a storage lifetime counts from its last turn", async () => {
      const clock = sinon.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date'] });
      try {
        const starts = new ConversationReferenceStore(fx.storage).asConversationStarts();
        await starts.started('c3', ref('c3'));
        const savedAt = async () => ((await fx.storage.read(['conversationReferences/c3']))['conversationReferences/c3'] as { savedAt: string }).savedAt;
        const first = await savedAt();
        clock.tick(3599_000);
        expect(await starts.isNew('c3')).to.equal(false);
        expect(await savedAt()).to.equal(first);
        clock.tick(1_000);
        expect(await starts.isNew('c3')).to.equal(false);
        expect(await savedAt()).to.equal(new Date(Date.UTC(2026, 0, 1, 1)).toISOString());
      } finally {
        clock.restore();
      }
    });

    it('refuses a reference without a conversation id', async () => {
      const store = new ConversationReferenceStore(fx.storage);
      const err = await store.save({ channelId: 'hub' }).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(TypeError);
    });
  });
}

referenceStoreSuite('MemoryStorage', async () => ({ storage: new MemoryStorage(), cleanup: async () => {} }));

describe('on a Redis Cluster (D1)', function () {
  this.timeout(60_000);
  referenceStoreSuite('RedisStorage on a Redis Cluster', async () => {
    const client = await clusterRedis();
    const tenant = uniqueTenant('refs');
    return { storage: new RedisStorage({ client, tenant }), cleanup: () => dropTenant(client, tenant) };
  });
});

referenceStoreSuite('RedisStorage', async () => {
  const client = await createRedisConnection();
  const tenant = uniqueTenant('refs');
  return {
    storage: new RedisStorage({ client, tenant }),
    cleanup: async () => {
      await deleteTenantKeys(client, tenant);
      await closeRedisConnection(client);
    },
  };
});

describe('ConversationReferenceStore in a long-lived process', () => {
  it('remembers at most MAX_REMEMBERED_IDS indexed ids: a forgotten one is looked up in the index again, never listed twice', async function () {
    this.timeout(60_000);
    const storage = new MemoryStorage();
    const store = new ConversationReferenceStore(storage, { namespace: 'refs' });
    for (let i = 0; i <= MAX_REMEMBERED_IDS; i++) await store.save(ref(`c-${i}`));
    let reads = 0;
    const read = storage.read.bind(storage);
    storage.read = (keys) => (reads++, read(keys));
    await store.save(ref(`c-${MAX_REMEMBERED_IDS}`)); // still remembered: the index is not read
    expect(reads).to.equal(0);
    await store.save(ref('c-0')); // the oldest, forgotten: its shard is read, and it is there already
    expect(reads).to.equal(1);
    const ids = (await store.list()).map((r) => r.conversation?.id);
    expect(ids).to.have.length(MAX_REMEMBERED_IDS + 1);
    expect(new Set(ids).size).to.equal(MAX_REMEMBERED_IDS + 1);
  });
});
