/**
 * Two bot replicas sharing the test Redis, for the tests of what replicas share (state, inbox,
 * leases): the local stack (emulator and replica A, which the hub calls back) and replica B,
 * which receives no callbacks and only runs turns from the shared inbox. The tenant is new for
 * each describe (or each `startTwoReplicas`, as the bench runs it) and its keys are deleted after it.
 */
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { closeRedisConnection, createRedisConnection } from '../../src/redis/redisConnection.js';
import { startHubBotServer, type HubBotServer, type HubBotServerOptions } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';

export interface TwoReplicas {
  tenant: string;
  /** The emulator and replica A. */
  stack: LocalStack;
  replicaB: HubBotServer;
}

export interface TwoReplicasOptions {
  /** The emulator's and both replicas' usage plan (default Enterprise). */
  plan?: 'Basic' | 'Developer';
}

/**
 * Starts both replicas running `bot`, with a short lease so a stopped one's turns move on
 * quickly; `stop()` stops them and deletes the tenant's keys.
 */
export async function startTwoReplicas(tenantPrefix: string, bot: HubBotServerOptions['bot'], opts: TwoReplicasOptions = {}): Promise<TwoReplicas & { stop(): Promise<void> }> {
  const quiet = createLogger({ level: 'silent' });
  const worker = { leaseMs: 2000, pollIntervalMs: 100 };
  const tenant = uniqueTenant(tenantPrefix);
  const env = { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant, ...(opts.plan ? { PLATFORM_PLAN: opts.plan } : {}) };
  const stack = await startLocalStack({ bot, env, logger: quiet, worker, ...(opts.plan ? { emulator: { plan: opts.plan } } : {}) });
  let replicaB: HubBotServer;
  try {
    // Replica B shares Redis with A but receives no callbacks: the hub's callback URL is A's.
    replicaB = await startHubBotServer({ config: { ...stack.config, BOT_PORT: 0 }, bot, logger: quiet, worker });
  } catch (err) {
    await stack.stop();
    throw err;
  }
  const stop = async () => {
    await replicaB.stop();
    await stack.stop();
    const redis = await createRedisConnection();
    try {
      await deleteTenantKeys(redis, tenant);
    } finally {
      await closeRedisConnection(redis);
    }
  };
  return { tenant, stack, replicaB, stop };
}

/** Call inside the describe: the replicas start before its tests and stop after them. */
export function twoReplicasOnRedis(tenantPrefix: string, bot: HubBotServerOptions['bot'], opts: TwoReplicasOptions = {}): TwoReplicas {
  const rig = {} as TwoReplicas;
  let stop: (() => Promise<void>) | undefined;
  before(async () => {
    const started = await startTwoReplicas(tenantPrefix, bot, opts);
    Object.assign(rig, { tenant: started.tenant, stack: started.stack, replicaB: started.replicaB });
    stop = started.stop;
  });
  after(async () => {
    await stop?.();
  });
  return rig;
}
