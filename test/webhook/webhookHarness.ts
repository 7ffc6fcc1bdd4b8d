/**
 * A webhook receiver on a real JsonServer on 127.0.0.1 (ephemeral port), on the memory store or
 * on the real Redis under a tenant of its own, plus helpers to PUT events and wait for handlers.
 * Its receiver is open (`auth: 'none'`) unless a test gives `auth`: the tests using it check
 * recording, deduplication and handling; authentication has tests of its own
 * (webhookGuard.test.ts, test/security/webhookAuth.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { createJsonServer, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import type { EventStore } from '../../src/webhook/eventStore.js';
import { MemoryEventStore } from '../../src/webhook/memoryEventStore.js';
import { RedisEventStore, type RedisEventStoreOptions } from '../../src/webhook/redisEventStore.js';
import { registerWebhook, type WebhookOptions, type WebhookReceiver } from '../../src/webhook/registerWebhook.js';
import type { WebhookAuth } from '../../src/webhook/webhookGuard.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import type { SharedRedis } from '../../src/redis/sharedRedis.js';
import { dropTenant, openClusterRedis } from '../redisCluster/clusterRedis.js';

/** 'redis-cluster': the shared test Redis Cluster (D1), through the project's connection factory. */
export type StoreKind = 'memory' | 'redis' | 'redis-cluster';

export interface Harness {
  app: JsonServer;
  base: string;
  url: string;
  receiver: WebhookReceiver;
  store: EventStore;
  redis?: RedisConnection;
  tenant: string;
  close(): Promise<void>;
}

/** Fast handler retries so failing-handler tests take milliseconds. */
export const FAST_RETRY = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

export async function startHarness(
  kind: StoreKind,
  opts: Omit<WebhookOptions, 'auth'> & { auth?: WebhookAuth; tenant?: string; redisStore?: Partial<RedisEventStoreOptions>; register?: (app: JsonServer) => void } = {},
): Promise<Harness> {
  const tenant = opts.tenant ?? uniqueTenant('webhook');
  let redis: RedisConnection | undefined;
  let cluster: SharedRedis | undefined;
  let store: EventStore;
  if (opts.store) store = opts.store;
  else if (kind === 'redis') {
    redis = await createRedisConnection();
    store = new RedisEventStore({ client: redis, tenant, ...opts.redisStore });
  } else if (kind === 'redis-cluster') {
    cluster = await openClusterRedis('test-webhook');
    store = new RedisEventStore({ client: cluster, tenant, ...opts.redisStore });
  } else store = new MemoryEventStore();
  const app = createJsonServer({ name: 'webhook-test' });
  const receiver = registerWebhook(app, { retry: FAST_RETRY, consumer: { pollIntervalMs: 20 }, ...opts, auth: opts.auth ?? 'none', store });
  opts.register?.(app);
  const base = await app.listen();
  let closed = false;
  return {
    app,
    base,
    url: `${base}${receiver.path}`,
    receiver,
    store,
    redis,
    tenant,
    async close() {
      if (closed) return; // afterEach hooks may see a harness an earlier test closed
      closed = true;
      await receiver.stop();
      await app.close();
      if (redis) {
        if (!opts.tenant) await deleteTenantKeys(redis, tenant);
        await closeRedisConnection(redis);
      }
      if (cluster) {
        if (!opts.tenant) await dropTenant(cluster, tenant);
        await cluster.close();
      }
    },
  };
}

export function newId(): string {
  return `n-${randomUUID()}`;
}

export async function put(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const r = await fetch(url, { method: 'PUT', body: text, headers: { 'content-type': 'application/json', ...headers } });
  const raw = await r.text();
  return { status: r.status, body: raw === '' ? undefined : (JSON.parse(raw) as unknown) };
}

/** Counts handler calls per notificationId. */
export class CallCounter {
  readonly counts = new Map<string, number>();
  readonly handler = (event: { notificationId: string }): void => {
    this.counts.set(event.notificationId, (this.counts.get(event.notificationId) ?? 0) + 1);
  };
  total(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c;
    return n;
  }
}
