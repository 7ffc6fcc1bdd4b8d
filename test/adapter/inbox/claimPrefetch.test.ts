// The turn's first reads ride on the claim of its conversation (RedisInbox + RedisStorage, real Redis).
import { expect } from 'chai';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { RedisStorage } from '../../../src/storage/redisStorage.js';
import { isETagConflict } from '../../../src/storage/eTagConflict.js';
import type { RedisScriptClient } from '../../../src/redis/luaScript.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../../storage/redisTestTenant.js';

const item = (id: string) => ({ id, payload: { text: id }, receivedAt: Date.now() });

/**
 * The client, with a count of the scripts it runs (each one a round trip). Each run starts with
 * one EVALSHA; an EVAL follows only when Redis does not have the script yet (NOSCRIPT: a fresh
 * Redis, the first run of that script), so it is not counted as a run of its own.
 */
function counted(client: RedisConnection): { client: RedisScriptClient; scripts: () => number } {
  let n = 0;
  return {
    client: {
      evalSha: (sha, options) => (n++, client.evalSha(sha, options)),
      eval: (script, options) => client.eval(script, options),
    },
    scripts: () => n,
  };
}

describe('RedisInbox: the turn reads its first state with the claim', () => {
  let redis: RedisConnection;
  let tenant: string;
  const keysOf = (conversationId: string) => [`handover/${conversationId}`, `conversation-hub/conversations/${conversationId}/`];

  beforeEach(async () => {
    redis = await createRedisConnection();
    tenant = uniqueTenant('prefetch');
  });

  afterEach(async () => {
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  });

  it('[B4] the claim brings the state: the first read of each key costs no round trip, a second read goes to Redis', async () => {
    const { client, scripts } = counted(redis);
    const storage = new RedisStorage({ client, tenant });
    const inbox = new RedisInbox({ client, tenant, prefetch: storage.claimPrefetch(keysOf) });
    await storage.write({ 'conversation-hub/conversations/c1/': { turns: 3 } });
    await inbox.append('c1', item('m1'));
    const claim = await inbox.claim('w', 30_000);
    expect(claim?.conversationId).to.equal('c1');
    const before = scripts();
    const read = await storage.read(keysOf('c1'));
    expect(scripts(), 'reads served by the claim').to.equal(before);
    expect(read['handover/c1']).to.equal(undefined); // absent, and known to be
    expect(read['conversation-hub/conversations/c1/']).to.include({ turns: 3 });
    expect(read['conversation-hub/conversations/c1/']?.eTag).to.be.a('string');
    await storage.read(keysOf('c1'));
    expect(scripts(), 'a second read is a read').to.equal(before + 1);
    expect((await inbox.complete(claim!)).completed).to.equal(true);
  });

  it('[N1] a value read with the claim and then changed by another replica: the turn\'s write with its eTag is refused', async () => {
    const storage = new RedisStorage({ client: redis, tenant });
    const other = new RedisStorage({ client: redis, tenant });
    const inbox = new RedisInbox({ client: redis, tenant, prefetch: storage.claimPrefetch(keysOf) });
    const key = 'conversation-hub/conversations/c1/';
    await storage.write({ [key]: { turns: 1 } });
    await inbox.append('c1', item('m1'));
    const claim = await inbox.claim('w', 30_000);
    await other.write({ [key]: { turns: 9 } });
    const read = await storage.read([key]);
    expect(read[key]).to.include({ turns: 1 });
    const refused = await storage.write({ [key]: { ...read[key], turns: 2 } }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isETagConflict(refused)).to.equal(true);
    await inbox.release(claim!);
  });

  it('[N1] an item of an earlier version (a hash {e, d}) comes with the claim too, and its eTag still guards the turn\'s write', async () => {
    const { client, scripts } = counted(redis);
    const storage = new RedisStorage({ client, tenant });
    const inbox = new RedisInbox({ client, tenant, prefetch: storage.claimPrefetch(keysOf) });
    const key = 'conversation-hub/conversations/c1/';
    const oldETag = '26dcc5b5-ec80-454d-8fda-78f8ed03d576';
    await redis.hSet(storage.keyOf(key), { e: oldETag, d: JSON.stringify({ turns: 4 }) });
    await inbox.append('c1', item('m1'));
    const claim = await inbox.claim('w', 30_000);
    const before = scripts();
    const read = await storage.read([key]);
    expect(scripts(), 'served by the claim').to.equal(before);
    expect(read[key]).to.deep.equal({ turns: 4, eTag: oldETag });
    const stale = await storage.write({ [key]: { turns: 5, eTag: 'not-the-stored-eTag' } }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isETagConflict(stale)).to.equal(true);
    await storage.write({ [key]: { turns: 5, eTag: oldETag } });
    expect((await storage.read([key]))[key]).to.include({ turns: 5 });
    await inbox.complete(claim!);
  });

  it('[B4] a value read ahead is dropped when written here; the next item kept under the lease brings fresh values; the rest is dropped when the claim ends', async () => {
    const { client, scripts } = counted(redis);
    const storage = new RedisStorage({ client, tenant });
    const inbox = new RedisInbox({ client, tenant, prefetch: storage.claimPrefetch(keysOf) });
    const [handover, state] = keysOf('c1') as [string, string];
    await inbox.append('c1', item('m1'));
    await inbox.append('c1', item('m2'));
    const first = await inbox.claim('w', 30_000);
    await storage.write({ [state]: { turns: 1 } });
    expect((await storage.read([state]))[state], 'the write, not the value read ahead').to.include({ turns: 1 });
    // The next item, kept under the lease, comes with its own reads: the state as just written.
    const { next } = await inbox.complete(first!, { keepLease: true });
    expect(next?.item.id).to.equal('m2');
    let before = scripts();
    expect((await storage.read([state]))[state]).to.include({ turns: 1 });
    expect(scripts(), 'read with the next item').to.equal(before);
    // The handover record was not read in that turn: once the claim ends, a read is a read.
    await inbox.complete(next!);
    before = scripts();
    expect((await storage.read([handover]))[handover]).to.equal(undefined);
    expect(scripts()).to.equal(before + 1);
  });

  it('[D2] refuses at once a key read ahead outside the tenant\'s hash slot, or one that does not name the conversation', () => {
    const storage = new RedisStorage({ client: redis, tenant });
    const elsewhere = new RedisStorage({ client: redis, tenant: `${tenant}-other` });
    expect(() => new RedisInbox({ client: redis, tenant, prefetch: elsewhere.claimPrefetch(keysOf) })).to.throw(RangeError, /hash slot/);
    expect(() => new RedisInbox({ client: redis, tenant, prefetch: storage.claimPrefetch(() => ['fixed']) })).to.throw(RangeError, /name the conversation/);
  });
});
