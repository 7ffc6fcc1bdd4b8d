/**
 * Isolation of Redis-backed tests on the shared Redis at 127.0.0.1:6379: each run uses a tenant
 * of its own (the tenant is part of every key), and deletes that tenant's keys afterwards.
 */
import { randomUUID } from 'node:crypto';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
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

/** Deletes every key of the tenant, a batch of the scan at a time (a bench seeds 100,000s). */
export async function deleteTenantKeys(client: RedisConnection, tenant: string): Promise<void> {
  for await (const batch of client.scanIterator({ MATCH: `${tenantKey(tenant)}:*`, COUNT: 2000 })) if (batch.length > 0) await client.unlink(batch);
}

/** A connection and a tenant of its own, set by the mocha hooks `redisTenant` registers. */
export interface RedisTenant {
  client: RedisConnection;
  tenant: string;
}

/**
 * Registers the hooks that give a suite (or, with `each`, every test) a fresh tenant on the
 * shared Redis, then delete its keys and close the connection; read the fields inside tests.
 */
export function redisTenant(label: string, opts: { each?: boolean } = {}): RedisTenant {
  const fixture = {} as RedisTenant;
  const [setUp, tearDown] = opts.each ? [beforeEach, afterEach] : [before, after];
  setUp(async () => {
    fixture.client = await createRedisConnection();
    fixture.tenant = uniqueTenant(label);
  });
  tearDown(async () => {
    await deleteTenantKeys(fixture.client, fixture.tenant);
    await closeRedisConnection(fixture.client);
  });
  return fixture;
}
