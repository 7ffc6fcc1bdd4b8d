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
