/**
 * The guided-help dialog's own state item asks for create-if-absent explicitly (T9): a turn
 * that read no dialog writes so, so two first turns of one conversation racing (two replicas,
 * or a deadline beside a customer turn) cannot both win, on our storages and on botbuilder's
 * MemoryStorage alike (where a write without an eTag would overwrite, N1).
 */
import { expect } from 'chai';
import { MemoryStorage, type Storage } from 'botbuilder-core';
import { GuidedHelpStore, type StoredDialog } from '../../dialogs/guidedHelp/guidedHelpStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { isETagConflict } from '../../src/storage/eTagConflict.js';
import { HubMemoryStorage } from '../../src/storage/memoryStorage.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';

const dialog = (step: string): StoredDialog => ({ version: 1, snapshot: { status: 'active', value: step } as never });

function firstWriteRules(name: string, storageOf: () => Storage): void {
  describe(`guided-help store on ${name}`, () => {
    it('[T9] two first writes of one conversation: exactly one wins, the other is an eTag conflict', async () => {
      const store = new GuidedHelpStore(storageOf());
      const results = await Promise.allSettled([store.write('c1', dialog('a')), store.write('c1', dialog('b'))]);
      expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
      const [lost] = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(isETagConflict(lost!.reason), String(lost!.reason)).to.equal(true);
    });

    it('[T9] a write carrying the eTag it read replaces the item; a stale eTag is refused', async () => {
      const store = new GuidedHelpStore(storageOf());
      await store.write('c2', dialog('a'));
      const read = await store.read('c2');
      await store.write('c2', { ...dialog('b'), eTag: read!.eTag });
      expect((await store.read('c2'))!.snapshot).to.deep.include({ value: 'b' });
      const stale = await store.write('c2', { ...dialog('c'), eTag: read!.eTag }).then(() => undefined, (err: unknown) => err);
      expect(isETagConflict(stale)).to.equal(true);
    });
  });
}

firstWriteRules('the hub memory storage', () => new HubMemoryStorage());
firstWriteRules("botbuilder's MemoryStorage", () => new MemoryStorage());

describe('guided-help store on Redis', () => {
  let client: RedisConnection;
  const tenant = uniqueTenant('gh-store');
  before(async () => {
    client = await createRedisConnection({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
  });
  after(async () => {
    await deleteTenantKeys(client, tenant);
    await closeRedisConnection(client);
  });
  firstWriteRules('RedisStorage', () => new RedisStorage({ client, tenant }));
});
