/**
 * Guided-help conversations left idle as the scale bench measures them: each customer says
 * hello, picks the first topic, and is left with the dialog's first question asked. Shared by
 * the scale module and bench/idleMemory.ts, so both measure the same state.
 */
import { randomUUID } from 'node:crypto';
import { startLocalStack, type LocalStack } from '../cli/localStack.js';
import { createReadyGuidedHelpBot } from '../bots/guidedHelpReadyBot.js';
import { createLogger } from '../src/observability/logger.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../src/redis/redisConnection.js';
import { Customer, exchange } from '../test/e2e/customerClient.js';
import { deleteTenantKeys } from '../test/storage/redisTestTenant.js';

/**
 * Runs `work` with the guided-help bot's local stack on Redis, in a tenant of its own (named
 * after `label`) whose keys are deleted after, and a connection to that Redis.
 */
export async function withGuidedHelpOnRedis<T>(label: string, work: (stack: LocalStack, redis: RedisConnection, tenant: string) => Promise<T>): Promise<T> {
  const tenant = `bench-${label}-${randomUUID().slice(0, 8)}`;
  const redis = await createRedisConnection();
  try {
    const stack = await startLocalStack({
      bot: createReadyGuidedHelpBot,
      env: { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant },
      logger: createLogger({ level: 'silent' }),
    });
    try {
      return await work(stack, redis, tenant);
    } finally {
      await stack.stop();
    }
  } finally {
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  }
}

/** Opens `count` conversations on `stack` and leaves each waiting on a question; `progress` every 25. */
export async function leaveIdleConversations(stack: LocalStack, count: number, progress?: (opened: number) => void): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let c = 0; c < count; c++) {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await exchange(customer, 'hello', (m) => m.type.value === 'richMessage.quickreply');
    await exchange(customer, 'Home internet', (m) => m.type.value === 'richMessage.listpicker');
    customers.push(customer);
    if ((c + 1) % 25 === 0) progress?.(c + 1);
  }
  return customers;
}
