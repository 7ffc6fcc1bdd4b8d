/**
 * Connections to the shared test cluster (localCluster.ts) through the project's own factory,
 * for the suites that run on the cluster: one SharedRedis shared by a test file, or a new one
 * per "replica".
 */
import { clusterSettings } from '../../src/redis/redisSettings.js';
import { openSharedRedis, type SharedRedis } from '../../src/redis/sharedRedis.js';
import { sharedCluster } from './localCluster.js';

let shared: Promise<SharedRedis> | undefined;

/** A connection of its own to the shared cluster (close it). */
export async function openClusterRedis(clientName = 'test-cluster'): Promise<SharedRedis> {
  return openSharedRedis(clusterSettings((await sharedCluster()).seeds), { clientName });
}

/** One connection for the whole test process (never closed: mocha exits with the process). */
export function clusterRedis(): Promise<SharedRedis> {
  shared ??= openClusterRedis('test-cluster-shared');
  return shared;
}

/** Deletes every key of the tenant (they all live on one master). */
export async function dropTenant(redis: SharedRedis, tenant: string): Promise<void> {
  const keys = await redis.tenantKeys(tenant);
  if (keys.length > 0) await redis.del(keys);
}
