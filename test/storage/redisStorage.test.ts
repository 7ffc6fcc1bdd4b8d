import { expect } from 'chai';
import { MemoryStorage } from 'botbuilder-core';
import { PlatformError } from '../../src/errors/platformError.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { CREATE_IF_ABSENT_ETAG } from '../../src/storage/createIfAbsent.js';
import { isETagConflict } from '../../src/storage/eTagConflict.js';
import { LuaScript } from '../../src/redis/luaScript.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { HubMemoryStorage } from '../../src/storage/memoryStorage.js';
import { deleteTenantKeys, tenantKeys, uniqueTenant } from './redisTestTenant.js';
import { storageContract } from './storageContract.js';

storageContract("botbuilder's MemoryStorage (the reference)", async () => ({ storage: new MemoryStorage(), cleanup: async () => {} }));

storageContract('HubMemoryStorage', async () => ({ storage: new HubMemoryStorage(), cleanup: async () => {} }));

storageContract('RedisStorage', async () => {
  const client = await createRedisConnection();
  const tenant = uniqueTenant('storage');
  return {
    storage: new RedisStorage({ client, tenant }),
    cleanup: async () => {
      await deleteTenantKeys(client, tenant);
      await closeRedisConnection(client);
    },
  };
});

describe('RedisStorage on Redis', () => {
  let client: RedisConnection;
  let other: RedisConnection;
  let tenant: string;

  beforeEach(async () => {
    client = await createRedisConnection();
    other = await createRedisConnection();
    tenant = uniqueTenant('storage');
  });
  afterEach(async () => {
    await deleteTenantKeys(client, tenant);
    await closeRedisConnection(client);
    await closeRedisConnection(other);
  });

  it('keeps items under hubbot:{tenant}:state:<key>', async () => {
    const storage = new RedisStorage({ client, tenant });
    await storage.write({ 'conv/1': { n: 1 } });
    expect(storage.keyOf('conv/1')).to.equal(`hubbot:{${tenant}}:state:conv/1`);
    expect(await tenantKeys(client, tenant)).to.deep.equal([`hubbot:{${tenant}}:state:conv/1`]);
  });

  it('sets the time to live at each write when ttlSeconds is given, and none otherwise', async () => {
    const withTtl = new RedisStorage({ client, tenant, ttlSeconds: 60 });
    await withTtl.write({ a: { n: 1 } });
    const ttl = await client.pTTL(withTtl.keyOf('a'));
    expect(ttl).to.be.greaterThan(0).and.at.most(60_000);
    const withoutTtl = new RedisStorage({ client, tenant });
    await withoutTtl.write({ a: { n: 2, eTag: '*' } });
    expect(await client.pTTL(withoutTtl.keyOf('a'))).to.equal(-1);
    expect(() => new RedisStorage({ client, tenant, ttlSeconds: 0 })).to.throw(RangeError);
  });

  it('raises an eTag conflict as PlatformError 409-102 that isETagConflict recognises', async () => {
    const storage = new RedisStorage({ client, tenant });
    await storage.write({ a: { n: 1 } });
    const err = await storage.write({ a: { n: 2, eTag: 'not-the-stored-one' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(PlatformError);
    expect((err as PlatformError).code).to.equal('409-102');
    expect(isETagConflict(err)).to.equal(true);
    const memoryErr = await new MemoryStorage({ a: JSON.stringify({ eTag: '1' }) }).write({ a: { eTag: '2' } }).catch((e: unknown) => e);
    expect(isETagConflict(memoryErr)).to.equal(true);
    expect(isETagConflict(new Error('something else'))).to.equal(false);
  });

  it('writes a batch all or nothing: one conflicting key leaves every key as it was', async () => {
    const storage = new RedisStorage({ client, tenant });
    await storage.write({ a: { n: 1 }, b: { n: 1 } });
    const { a } = await storage.read(['a']);
    await storage.write({ a: { ...a, n: 2 } });
    await storage.write({ b: { n: 9, eTag: '*' }, a: { ...a, n: 3 }, c: { n: 9 } }).catch(() => undefined);
    const after = await storage.read(['a', 'b', 'c']);
    expect(after.a.n).to.equal(2);
    expect(after.b.n).to.equal(1);
    expect(after).to.not.have.property('c');
  });

  it('of two replicas (two connections) writing with the same eTag, exactly one wins', async () => {
    const one = new RedisStorage({ client, tenant });
    const two = new RedisStorage({ client: other, tenant });
    await one.write({ state: { turn: 0 } });
    const seen1 = (await one.read(['state'])).state;
    const seen2 = (await two.read(['state'])).state;
    expect(seen1.eTag).to.equal(seen2.eTag);
    const results = await Promise.allSettled([one.write({ state: { ...seen1, turn: 1 } }), two.write({ state: { ...seen2, turn: 2 } })]);
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
    const winner = results[0].status === 'fulfilled' ? 1 : 2;
    expect((await two.read(['state'])).state.turn).to.equal(winner);
  });

  it('[T9] of two replicas (two connections) writing the same item first with create-if-absent, exactly one wins', async () => {
    const one = new RedisStorage({ client, tenant });
    const two = new RedisStorage({ client: other, tenant });
    const results = await Promise.allSettled([one.write({ state: { by: 1, eTag: CREATE_IF_ABSENT_ETAG } }), two.write({ state: { by: 2, eTag: CREATE_IF_ABSENT_ETAG } })]);
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(isETagConflict(loser.reason)).to.equal(true);
    expect((await one.read(['state'])).state.by).to.equal(results[0].status === 'fulfilled' ? 1 : 2);
  });

  it('runs a script Redis has not seen yet (NOSCRIPT) by sending it once, then by its hash', async () => {
    const script = new LuaScript(`-- ${tenant}\nreturn ARGV[1]`);
    expect((await client.scriptExists(script.sha1))[0]).to.equal(0);
    expect(await script.run(client, [], ['hello'])).to.equal('hello');
    expect((await client.scriptExists(script.sha1))[0]).to.equal(1);
    expect(await script.run(client, [], ['again'])).to.equal('again');
  });
});
