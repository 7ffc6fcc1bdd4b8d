/**
 * S17 for the knowledge webhook: notificationIds that differ in one UTF-16 code unit (lone
 * surrogates included) are distinct events in the Redis event store as in the memory one:
 * recorded, claimed with their id exactly, dead-lettered and requeued. Before, the dedupe key
 * hashed the UTF-8 of the id (a lone surrogate became U+FFFD: two events taken for one), and a
 * requeue of a dead letter holding one failed in Lua (cjson refuses the escape).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import type { EventStore } from '../../src/webhook/eventStore.js';
import { MemoryEventStore } from '../../src/webhook/memoryEventStore.js';
import { RedisEventStore } from '../../src/webhook/redisEventStore.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { similarIds } from '../storage/exactIdsProperty.js';

/** What a store answers: record outcomes, the ids claimed, then after dead-lettering the first and requeueing it. */
async function answers(store: EventStore, ids: string[]): Promise<unknown> {
  const outcomes: string[] = [];
  for (const id of ids) outcomes.push(await store.record(id, JSON.stringify({ notificationId: id, text: id }), 1));
  const claimed = await store.claim('c', 100);
  const read = claimed.map((e) => [e.notificationId, (JSON.parse(e.body) as { text: string }).text]).sort();
  const first = claimed.find((e) => e.notificationId === ids[0])!;
  await store.deadLetter('c', first, [{ handler: 'h', attempts: 1, error: 'x' }], 2);
  await store.ack('c', claimed.filter((e) => e !== first).map((e) => e.entryId));
  const letters = (await store.listDeadLetters()).map((d) => d.notificationId);
  const requeued = [await store.requeueDeadLetter(ids[0]!), await store.requeueDeadLetter(`${ids[0]}\ud800`)];
  const again = (await store.claim('c', 100)).map((e) => e.notificationId);
  return { outcomes, read, letters, requeued, again };
}

describe('Exact notificationIds in the event stores (S17)', function () {
  this.timeout(120_000);
  let redis: RedisConnection;
  const tenants: string[] = [];
  before(async () => {
    redis = await createRedisConnection();
  });
  after(async () => {
    for (const t of tenants) await deleteTenantKeys(redis, t);
    await closeRedisConnection(redis);
  });
  const redisStore = () => {
    const tenant = uniqueTenant('exact-events');
    tenants.push(tenant);
    return new RedisEventStore({ client: redis, tenant });
  };

  it('[S17] the three notificationIds of the attack (\\ud800, \\udbff, \\udc00) are three events, none a duplicate, on Redis as in memory', async () => {
    for (const store of [new MemoryEventStore(), redisStore()]) {
      const ids = ['n\ud800', 'n\udbff', 'n\udc00'];
      const outcomes = [];
      for (const id of ids) outcomes.push(await store.record(id, '{}', 1));
      expect(outcomes).to.deep.equal(['recorded', 'recorded', 'recorded']);
      expect((await store.claim('c', 10)).map((e) => e.notificationId)).to.deep.equal(ids);
    }
  });

  it('[S17] the Redis event store records, claims, dead-letters and requeues ids differing in one code unit as the memory store does', async () => {
    await fc.assert(
      fc.asyncProperty(
        similarIds.map((ids) => [...new Set(ids)]),
        async (ids) => {
          expect(await answers(redisStore(), ids)).to.deep.equal(await answers(new MemoryEventStore(), ids));
        },
      ),
      { numRuns: 40 },
    );
  });
});
