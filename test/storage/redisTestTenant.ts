/**
 * Isolation of Redis-backed tests on the shared Redis at 127.0.0.1:6379: each run uses a tenant
 * of its own (the tenant is part of every key), and deletes that tenant's keys afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { RedisConnection } from '../../src/redis/redisConnection.js';
import { tenantKey } from '../../src/redis/tenantKey.js';

export function uniqueTenant(label: string): string {
  return `test-${label}-${randomUUID()}`;
}

/** Every key of the tenant. */
export async function tenantKeys(client: RedisConnection, tenant: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of client.scanIterator({ MATCH: `${tenantKey(tenant)}:*`, COUNT: 500 })) keys.push(...batch);
  return keys;
}

export async function deleteTenantKeys(client: RedisConnection, tenant: string): Promise<void> {
  const keys = await tenantKeys(client, tenant);
  if (keys.length > 0) await client.del(keys);
}
