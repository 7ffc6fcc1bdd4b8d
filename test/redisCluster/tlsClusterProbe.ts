/**
 * Run in a child process by tlsCluster.test.ts, with the cluster's seeds in REDIS_CLUSTER_NODES
 * (rediss://) and, when the test trusts the cluster's private CA, NODE_EXTRA_CA_CERTS (Node
 * reads it only at start-up, hence a process of its own). Connects the way the bot server does
 * (redisSettingsFrom, openSharedRedis), then on a tenant of each master: a Lua script, a
 * RedisStorage write and read, and a publish heard by a subscriber. Prints one JSON line.
 */
import { randomUUID } from 'node:crypto';
import { LuaScript } from '../../src/redis/luaScript.js';
import { redisSettingsFrom } from '../../src/redis/redisSettings.js';
import { openSharedRedis } from '../../src/redis/sharedRedis.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';

const ECHO = new LuaScript(`redis.call('SET', KEYS[1], ARGV[1], 'PX', 60000) return redis.call('GET', KEYS[1])`);

async function main(): Promise<void> {
  const settings = redisSettingsFrom({ REDIS_CLUSTER_NODES: process.env.REDIS_CLUSTER_NODES });
  if (!settings) throw new Error('REDIS_CLUSTER_NODES is not set');
  const redis = await openSharedRedis(settings, { clientName: 'tls-probe', connectTimeoutMs: 5000 });
  try {
    const masters = new Set<string>();
    for (let i = 0; i < 200 && masters.size < 3; i++) {
      const tenant = `tls-${i}-${randomUUID()}`;
      const key = tenantKey(tenant, 'probe');
      const master = redis.whereIs(key).master;
      if (masters.has(master)) continue;
      masters.add(master);
      if ((await ECHO.run(redis, [key], ['ok'])) !== 'ok') throw new Error(`script on ${master} answered wrong`);
      const storage = new RedisStorage({ client: redis, tenant, ttlSeconds: 60 });
      await storage.write({ item: { n: i } });
      const read = (await storage.read(['item'])) as Record<string, { n?: number }>;
      if (read.item?.n !== i) throw new Error(`storage on ${master} read back ${JSON.stringify(read)}`);
      await storage.delete(['item']);
    }
    const channel = tenantKey('tls-probe', 'notices');
    let hear: (m: string) => void = () => undefined;
    const heard = new Promise<string>((resolve) => (hear = resolve));
    // Subscribed once the promise resolves: the notice published after it is heard.
    await redis.subscribe(channel, (m) => hear(m));
    await redis.publish(channel, 'hello');
    const message = await Promise.race([heard, new Promise<string>((r) => setTimeout(() => r('(nothing)'), 5000))]);
    process.stdout.write(`${JSON.stringify({ ok: true, masters: [...masters].sort(), message })}\n`);
  } finally {
    await redis.close();
  }
}

main().catch((err: unknown) => {
  process.stdout.write(`${JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) })}\n`);
  process.exitCode = 1;
});
