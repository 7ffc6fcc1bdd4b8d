/**
 * D4: many tenants spread over all masters. Each tenant's keys share its `{tenant}` hash tag,
 * so a tenant lives on one master and tenants spread by the hash of their names. 100 tenants
 * write their state through RedisStorage on the test cluster; every master must then hold some,
 * and the spread is printed (tenants and keys per master).
 */
import { expect } from 'chai';
import { createClient } from 'redis';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { clusterRedis, dropTenant } from './clusterRedis.js';
import { sharedCluster } from './localCluster.js';

const TENANTS = Array.from({ length: 100 }, (_, i) => `d4-tenant-${String(i + 1).padStart(3, '0')}`);

describe('many tenants on a Redis Cluster (D4)', function () {
  this.timeout(60_000);

  after(async () => {
    const redis = await clusterRedis();
    for (const t of TENANTS) await dropTenant(redis, t);
  });

  it('[D4] 100 tenants spread over every master: each master holds the keys of some', async () => {
    const cluster = await sharedCluster();
    const redis = await clusterRedis();
    for (const tenant of TENANTS) await new RedisStorage({ client: redis, tenant }).write({ 'conv/1': { n: 1 }, 'user/1': { n: 2 } });

    const masters = await cluster.masters();
    const rows: Record<string, { slots: string; tenants: number; keys: number }> = {};
    for (const m of masters) {
      const mine = TENANTS.filter((t) => redis.whereIs(tenantKey(t)).master === `127.0.0.1:${m.port}`);
      const node = createClient({ socket: { host: '127.0.0.1', port: m.port } });
      await node.connect();
      let keys = 0;
      try {
        for (const t of mine) keys += (await node.keys(`${tenantKey(t)}:*`)).length;
      } finally {
        node.destroy();
      }
      rows[`127.0.0.1:${m.port}`] = { slots: m.slots.map(([a, b]) => `${a}-${b}`).join(','), tenants: mine.length, keys };
    }
    console.log('\n    D4 spread of %d tenants over %d masters:', TENANTS.length, masters.length);
    console.table(rows);
    expect(masters).to.have.length(3);
    expect(Object.values(rows).reduce((n, r) => n + r.tenants, 0), 'every tenant on exactly one master').to.equal(TENANTS.length);
    for (const [master, r] of Object.entries(rows)) {
      expect(r.tenants, `tenants on ${master}`).to.be.greaterThan(0);
      expect(r.keys, `keys on ${master}: the tenants' state is where the slot says`).to.equal(2 * r.tenants);
    }
  });
});
