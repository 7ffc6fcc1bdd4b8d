/**
 * The conversation reference index on Redis as id lists (idLists.ts): one script per change,
 * the shards of earlier versions still read during a rolling upgrade, the state lifetime kept.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ConversationReferenceStore, indexShardOf, type StoredReference } from '../../src/storage/conversationReferenceStore.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { redisTenant } from './redisTestTenant.js';

const ref = (id: string): StoredReference => ({
  channelId: 'hub',
  serviceUrl: 'hub://local',
  conversation: { id, isGroup: false, conversationType: 'hub', name: '' },
  bot: { id: 'bot', name: 'bot' },
});

describe('ConversationReferenceStore on RedisStorage: the index as id lists', () => {
  const redis = redisTenant('idlists', { each: true });
  const storageOf = (ttlSeconds?: number) => new RedisStorage({ client: redis.client, tenant: redis.tenant, ttlSeconds });
  const listKey = (id: string) => `refs/~ids/${indexShardOf(id)}`;

  it('a new conversation adds its id in one script: the index is neither read into the process nor written back', async () => {
    const storage = storageOf();
    const crowd = Array.from({ length: 2_000 }, (_, i) => `crowd-${i}`).filter((id) => indexShardOf(id) === indexShardOf('newcomer'));
    await storage.addIds(listKey('newcomer'), crowd);
    const calls: string[] = [];
    for (const name of ['read', 'write', 'readIds', 'addIds'] as const) {
      const own = storage[name].bind(storage) as (...a: unknown[]) => Promise<never>;
      (storage as unknown as Record<string, unknown>)[name] = (...a: unknown[]) => (calls.push(name), own(...a));
    }
    await new ConversationReferenceStore(storage, { namespace: 'refs' }).save(ref('newcomer'));
    expect(calls).to.deep.equal(['write', 'addIds']);
    const [ids] = await storage.readIds([listKey('newcomer')]);
    expect(ids).to.deep.equal([...crowd, 'newcomer']);
  });

  it('still lists, and forgets, the conversations in the index items of earlier versions (a rolling upgrade loses no id)', async () => {
    const storage = storageOf();
    const shard = `refs/~index/${indexShardOf('older')}`;
    await storage.write({
      'refs/older': { reference: ref('older'), savedAt: '2026-01-01T00:00:00.000Z' },
      'refs/oldest': { reference: ref('oldest'), savedAt: '2025-12-01T00:00:00.000Z' },
      [shard]: { ids: ['older'] },
      'refs/~index': { ids: ['oldest'] },
    });
    const store = new ConversationReferenceStore(storage, { namespace: 'refs' });
    await store.save(ref('newer'));
    await store.save(ref('older')); // a turn of an old conversation: its id goes to the list too, listed once
    // Listed by when saved: 'oldest' first; the two saved just now may share a millisecond.
    const listed = (await store.list()).map((r) => r.conversation?.id);
    expect(listed[0]).to.equal('oldest');
    expect([...listed].sort()).to.deep.equal(['newer', 'older', 'oldest']);
    await store.remove('older');
    await store.remove('oldest');
    expect((await store.list()).map((r) => r.conversation?.id)).to.deep.equal(['newer']);
    const items = await storage.read([shard, 'refs/~index']);
    expect(items[shard].ids).to.deep.equal([]);
    expect(items['refs/~index'].ids).to.deep.equal([]);
    expect((await storage.readIds([listKey('older')]))[0]).to.not.include('older');
  });

  it('an id list lives the state lifetime after its last change, as items do, and is deleted when emptied', async () => {
    const storage = storageOf(100);
    const store = new ConversationReferenceStore(storage, { namespace: 'refs' });
    await store.save(ref('alive'));
    const key = storage.keyOf(listKey('alive'));
    expect(await redis.client.pTTL(key)).to.be.within(90_000, 100_000);
    await redis.client.pExpire(key, 5_000);
    await storage.addIds(listKey('alive'), ['alive']); // already there: nothing added, the lifetime starts again
    expect(await redis.client.pTTL(key)).to.be.within(90_000, 100_000);
    await store.remove('alive');
    expect(await redis.client.exists(key)).to.equal(0);
  });

  it('drops from the lists the ids whose reference expired', async () => {
    const storage = storageOf();
    const store = new ConversationReferenceStore(storage, { namespace: 'refs' });
    await store.save(ref('kept'));
    await store.save(ref('expired'));
    await storage.delete(['refs/expired']);
    expect((await store.list()).map((r) => r.conversation?.id)).to.deep.equal(['kept']);
    expect((await storage.readIds([listKey('expired')]))[0]).to.not.include('expired');
  });

  it('keeps ids with quotes, newlines, backslashes and a lone surrogate apart, an id never matching part of another', async () => {
    const storage = storageOf();
    const ids = ['a', 'ab', 'b a', 'a"b', 'a\nb', 'a\\nb', '\ud800x', 'a\n'];
    await storage.addIds('refs/~ids/x', ids);
    await storage.addIds('refs/~ids/x', ['a', 'a\nb']); // already there
    expect((await storage.readIds(['refs/~ids/x']))[0]).to.deep.equal(ids);
    await storage.removeIds('refs/~ids/x', ['a', 'a\nb', 'missing']);
    expect((await storage.readIds(['refs/~ids/x', 'refs/~ids/none']))).to.deep.equal([['ab', 'b a', 'a"b', 'a\\nb', '\ud800x', 'a\n'], []]);
  });

  it('keeps a lowercase UUID in 23 characters and gives it back exactly; other spellings as they are', async () => {
    const storage = storageOf();
    const uuid = randomUUID();
    const ids = [uuid, uuid.toUpperCase(), `{${uuid}}`, uuid.replaceAll('-', '')];
    await storage.addIds('refs/~ids/u', ids);
    expect((await storage.readIds(['refs/~ids/u']))[0]).to.deep.equal(ids);
    const stored = (await redis.client.get(storage.keyOf('refs/~ids/u')))!.split('\n');
    expect(stored[1]).to.have.length(23);
    await storage.removeIds('refs/~ids/u', [uuid]);
    expect((await storage.readIds(['refs/~ids/u']))[0]).to.deep.equal(ids.slice(1));
  });

  it('replicas adding ids to one list at once lose none of them', async () => {
    const [one, two] = [new ConversationReferenceStore(storageOf(), { namespace: 'refs' }), new ConversationReferenceStore(storageOf(), { namespace: 'refs' })];
    const ids = Array.from({ length: 400 }, (_, i) => `c-${i}`);
    await Promise.all(ids.map((id, i) => (i % 2 ? one : two).save(ref(id))));
    expect((await one.list()).map((r) => r.conversation?.id)).to.have.members(ids);
  });
});
