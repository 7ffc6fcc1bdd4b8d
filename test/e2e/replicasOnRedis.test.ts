import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../src/local/localStack.js';
import { startHubBotServer, type HubBotServer } from '../../src/runtime/hubBotServer.js';
import { createRedisConnection, closeRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { createLogger } from '../../src/server/logger.js';
import { EchoBot } from '../../bots/echoBot.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { Customer } from './customerClient.js';

const quiet = createLogger({ level: 'silent' });

describe('two bot replicas on one Redis', () => {
  const tenant = uniqueTenant('replicas');
  let stack: LocalStack;
  let replicaB: HubBotServer;
  let redis: RedisConnection;

  before(async () => {
    redis = await createRedisConnection();
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant };
    stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), env, logger: quiet, worker: { leaseMs: 2000, pollIntervalMs: 100 } });
    // Replica B shares Redis with A but receives no callbacks: the hub's callback URL is A's.
    replicaB = await startHubBotServer({ config: { ...stack.config, BOT_PORT: 0 }, bot: (deps) => new EchoBot(deps.storage), logger: quiet, worker: { leaseMs: 2000, pollIntervalMs: 100 } });
  });
  after(async () => {
    await replicaB?.stop();
    await stack?.stop();
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  });

  it('[B4] keeps order and loses nothing when the replica that acked stops before the turn', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('one');
    await customer.messages(1);
    // Replica A keeps acknowledging callbacks but runs no more turns (as if it died after the ack).
    await stack.bot.worker.stop();
    for (const word of ['two', 'three', 'four', 'five']) await customer.say(word);
    const replies = await customer.messages(5, 20_000);
    // Replica B ran them, in order, with the conversation state A had written to Redis.
    expect(replies.map((r) => r.content?.text)).to.deep.equal([
      'You said: one (message 1)',
      'You said: two (message 2)',
      'You said: three (message 3)',
      'You said: four (message 4)',
      'You said: five (message 5)',
    ]);
    expect(await replicaB.inbox.depth()).to.equal(0);
  });
});
