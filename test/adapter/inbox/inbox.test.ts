import { expect } from 'chai';
import { MemoryInbox } from '../../../src/adapter/inbox/memoryInbox.js';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../../storage/redisTestTenant.js';
import { inboxSuite } from './inboxSuite.js';

inboxSuite('MemoryInbox', async () => {
  // One process: every "replica" is the same inbox.
  const inbox = new MemoryInbox();
  return { replica: async () => inbox, cleanup: () => inbox.close() };
});

inboxSuite('RedisInbox', async () => {
  const tenant = uniqueTenant('inbox');
  const connections: RedisConnection[] = [];
  const inboxes: RedisInbox[] = [];
  return {
    replica: async () => {
      const client = await createRedisConnection();
      const subscriber = await createRedisConnection();
      connections.push(client, subscriber);
      const inbox = new RedisInbox({ client, subscriber, tenant });
      inboxes.push(inbox);
      return inbox;
    },
    cleanup: async () => {
      await Promise.all(inboxes.map((i) => i.close()));
      await deleteTenantKeys(connections[0], tenant);
      await Promise.all(connections.map((c) => closeRedisConnection(c)));
    },
  };
});

describe('MemoryInbox memory bound', () => {
  it('remembers at most maxRemembered item ids, the oldest forgotten first; pending items are still recognised', async () => {
    const inbox = new MemoryInbox({ maxRemembered: 2 });
    const item = (id: string) => ({ id, payload: { text: id }, receivedAt: Date.now() });
    for (const id of ['m1', 'm2', 'm3']) expect((await inbox.append('c', item(id))).duplicate).to.equal(false);
    // m1 is still pending: recognised by the conversation's own ids.
    expect((await inbox.append('c', item('m1'))).duplicate).to.equal(true);
    for (let i = 0; i < 3; i++) {
      const claim = (await inbox.claim('w', 60_000))!;
      await inbox.complete(claim);
    }
    // Done and beyond the bound: m1 is forgotten, m2 and m3 are still remembered.
    expect((await inbox.append('c', item('m3'))).duplicate).to.equal(true);
    expect((await inbox.append('c', item('m1'))).duplicate).to.equal(false);
    expect(() => new MemoryInbox({ maxRemembered: 0 })).to.throw(RangeError);
  });
});
