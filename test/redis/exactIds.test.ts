import { expect } from 'chai';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { idFromStored, LUA_EXACT_DECODE, storedId } from '../../src/redis/storedId.js';
import { LuaScript } from '../../src/redis/luaScript.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { RedisTranscriptStore } from '../../src/transcripts/redisTranscriptStore.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { exactIdsProperty, similarIds } from '../storage/exactIdsProperty.js';
import fc from 'fast-check';

describe('storedId (S17)', () => {
  it('[S17] leaves a well-formed id as it is, so keys written before the encoding stay valid', () => {
    for (const id of ['c-1', 'conv:{x}|y', '\ufffd', '😀', 'ünïcode', '4111 1111']) expect(storedId(id)).to.equal(id);
  });

  it('[S17] is one to one and well-formed: distinct ids stay distinct, and idFromStored gives each back', () => {
    fc.assert(
      fc.property(similarIds, (ids) => {
        const stored = ids.map(storedId);
        // Well-formed: no lone surrogate left (isWellFormed is not in this TypeScript lib).
        for (const s of stored) expect(s).not.to.match(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        expect(new Set(stored).size).to.equal(new Set(ids).size);
        expect(stored.map(idFromStored)).to.deep.equal(ids);
        // Byte for byte in UTF-8, as node-redis sends it: distinct there too.
        expect(new Set(stored.map((s) => Buffer.from(s, 'utf8').toString('hex'))).size).to.equal(new Set(ids).size);
      }),
      { numRuns: 2000 },
    );
  });

  it('[S17] commutes with joining well-formed parts, so a script can build a conversation key from the stored id', () => {
    fc.assert(
      fc.property(similarIds, (ids) => {
        for (const id of ids) expect(storedId(`before:${id}:after`)).to.equal(`before:${storedId(id)}:after`);
      }),
    );
  });
});

describe('Exact ids on one Redis node', () => {
  let client: RedisConnection;
  const tenants: string[] = [];
  const tenant = () => {
    const t = uniqueTenant('exact-ids');
    tenants.push(t);
    return t;
  };
  before(async () => {
    client = await createRedisConnection();
  });
  after(async () => {
    for (const t of tenants) await deleteTenantKeys(client, t);
    await closeRedisConnection(client);
  });

  exactIdsProperty('on one Redis node', () => ({
    inbox: async () => new RedisInbox({ client, tenant: tenant() }),
    storage: async () => new RedisStorage({ client, tenant: tenant() }),
    transcripts: async () => new RedisTranscriptStore({ client, tenant: tenant() }),
  }));

  it('[S17] a Lua script reads any string JSON.stringify wrote (lone surrogates, the mark, escaped backslashes) as its stored form', async () => {
    const decodeId = new LuaScript(`${LUA_EXACT_DECODE}\nreturn exactDecode(ARGV[1]).id`);
    const text = fc.string({ unit: fc.oneof(fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\uffff', '\\', 'u', 'd', '8', '😀', '"', '/'), fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u))), maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(text, async (id) => {
        expect(await decodeId.run(client, [], [JSON.stringify({ id, other: id })])).to.equal(storedId(id));
      }),
      { numRuns: 300 },
    );
  });

  it('[S17] a key written by the previous release (a well-formed id) is read under the same name', async () => {
    const t = tenant();
    const storage = new RedisStorage({ client, tenant: t });
    await storage.write({ 'hub/conversations/c-1': { n: 1 } });
    expect(await client.exists(tenantKey(t, 'state', 'hub/conversations/c-1'))).to.equal(1);
  });
});
