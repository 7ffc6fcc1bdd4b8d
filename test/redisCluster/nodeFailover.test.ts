/**
 * D3 at the connection level, on a cluster of this test's own: a master is killed under the
 * SharedRedis of two "replicas". Commands for its slots fail at once while it is down (no
 * queueing behind a dead node), then go to the promoted replica; a sharded subscription on that
 * master is made again there, so the fan-out keeps reaching the other replica.
 */
import { expect } from 'chai';
import { LocalRedisCluster } from '../../cli/harness/localRedisCluster.js';
import { clusterSettings } from '../../src/redis/redisSettings.js';
import { openSharedRedis, type SharedRedis } from '../../src/redis/sharedRedis.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { waitFor } from '../support/waitFor.js';

describe('SharedRedis through a master failover (D3)', function () {
  this.timeout(120_000);
  let cluster: LocalRedisCluster | undefined;
  const open: SharedRedis[] = [];

  before(async () => {
    cluster = await LocalRedisCluster.start({ basePort: 17201, nodeTimeoutMs: 1000, exclusive: true });
  });
  after(async () => {
    await Promise.all(open.map((r) => r.close()));
    await cluster?.stop();
  });

  it('[D3] fails fast while the master is down, then writes to the promoted replica and hears its sharded channel again', async () => {
    const local = cluster!;
    const [a, b] = await Promise.all([openSharedRedis(clusterSettings(local.seeds)), openSharedRedis(clusterSettings(local.seeds))]);
    open.push(a, b);
    const key = tenantKey('failover-tenant', 'state', 'x');
    const channel = tenantKey('failover-tenant', 'webhook', 'handled');
    await a.set(key, 'before');
    const heard: string[] = [];
    await b.subscribe(channel, (m) => heard.push(m));
    await a.publish(channel, 'before');
    await waitFor(() => heard.includes('before'), 'the message before the kill');

    const victim = await local.masterOf(key);
    await local.kill(victim);
    const started = Date.now();
    const err = await a.set(key, 'while-down').catch((e: Error) => e);
    expect(err, 'a write while the master is down is refused, not queued').to.be.instanceOf(Error);
    const refusedAfterMs = Date.now() - started;

    await waitFor(async () => (await local.masterOf(key).catch(() => victim)) !== victim, { what: 'a replica to be promoted', timeoutMs: 60_000 });
    await waitFor(async () => (await a.set(key, 'after').catch(() => undefined)) === 'OK', { what: 'a write on the promoted replica', timeoutMs: 30_000 });
    // Each client finds the promoted master on its own: b reads once its slot table has it too.
    await waitFor(async () => (await b.get(key).catch(() => undefined)) === 'after', { what: 'the other client to read from the promoted replica', timeoutMs: 30_000 });
    await waitFor(async () => {
      await a.publish(channel, 'after').catch(() => undefined);
      return heard.includes('after');
    }, { what: 'the sharded subscription made again on the new master', timeoutMs: 30_000 });
    console.log(`      a write while the master was down was refused after ${refusedAfterMs} ms`);
  });
});
