/**
 * Two bot replicas sharing the test Redis, for the tests of what replicas share (state, inbox,
 * leases): the local stack (emulator and replica A, which the hub calls back) and replica B,
 * which receives no callbacks and only runs turns from the shared inbox. The tenant is new for
 * each describe and its keys are deleted after it.
 */
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { startHubBotServer, type HubBotServer, type HubBotServerOptions } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';

export interface TwoReplicas {
  tenant: string;
  /** The emulator and replica A. */
  stack: LocalStack;
  replicaB: HubBotServer;
}

/**
 * Call inside the describe; both replicas run `bot`, with a short lease so a stopped one's turns
 * move on quickly. `plan` puts the emulator and both replicas on that usage plan (default Enterprise).
 */
export function twoReplicasOnRedis(tenantPrefix: string, bot: HubBotServerOptions['bot'], opts: { plan?: 'Basic' | 'Developer' } = {}): TwoReplicas {
  const quiet = createLogger({ level: 'silent' });
  const worker = { leaseMs: 2000, pollIntervalMs: 100 };
  const rig = { tenant: uniqueTenant(tenantPrefix) } as TwoReplicas;
  let redis: RedisConnection;
  before(async () => {
    redis = await createRedisConnection();
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: rig.tenant, ...(opts.plan ? { PLATFORM_PLAN: opts.plan } : {}) };
    rig.stack = await startLocalStack({ bot, env, logger: quiet, worker, ...(opts.plan ? { emulator: { plan: opts.plan } } : {}) });
    // Replica B shares Redis with A but receives no callbacks: the hub's callback URL is A's.
    rig.replicaB = await startHubBotServer({ config: { ...rig.stack.config, BOT_PORT: 0 }, bot, logger: quiet, worker });
  });
  after(async () => {
    await rig.replicaB?.stop();
    await rig.stack?.stop();
    await deleteTenantKeys(redis, rig.tenant);
    await closeRedisConnection(redis);
  });
  return rig;
}
