/**
 * S17 for the knowledge webhook: notificationIds that differ in one UTF-16 code unit (lone
 * surrogates included) are distinct events in the Redis event store as in the memory one:
 * recorded, claimed with their id exactly, dead-lettered and requeued. Before, the dedupe key
 * hashed the UTF-8 of the id (a lone surrogate became U+FFFD: two events taken for one), and a
 * requeue of a dead letter holding one failed in Lua (cjson refuses the escape). On one Redis
 * node and on a Redis Cluster, as every store of S17.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import type { EventStore } from '../../src/webhook/eventStore.js';
import { MemoryEventStore } from '../../src/webhook/memoryEventStore.js';
import { RedisEventStore, type RedisEventStoreOptions } from '../../src/webhook/redisEventStore.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { similarIds } from '../storage/exactIdsProperty.js';
import type { SharedRedis } from '../../src/redis/sharedRedis.js';
import { clusterRedis, dropTenant } from '../redisCluster/clusterRedis.js';

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

/** A place the Redis event store runs (one node or a Cluster): its client, its tenants' cleanup. */
interface Target {
  name: string;
  open(): Promise<{ client: RedisEventStoreOptions['client']; drop(tenant: string): Promise<void>; close(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'one Redis node',
    open: async () => {
      const redis: RedisConnection = await createRedisConnection();
      return { client: redis, drop: (t) => deleteTenantKeys(redis, t), close: () => closeRedisConnection(redis) };
    },
  },
  {
    name: 'a Redis Cluster',
    open: async () => {
      const redis: SharedRedis = await clusterRedis();
      // The cluster's connection is shared by the whole run and closed at its end.
      return { client: redis, drop: (t) => dropTenant(redis, t), close: async () => undefined };
    },
  },
];

for (const target of targets) {
  describe(`Exact notificationIds in the event stores, on ${target.name} (S17)`, function () {
    this.timeout(120_000);
    let redis: Awaited<ReturnType<Target['open']>>;
    const tenants: string[] = [];
    before(async () => {
      redis = await target.open();
    });
    after(async () => {
      for (const t of tenants) await redis.drop(t);
      await redis.close();
    });
    const redisStore = () => {
      const tenant = uniqueTenant('exact-events');
      tenants.push(tenant);
      return new RedisEventStore({ client: redis.client, tenant });
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
}
