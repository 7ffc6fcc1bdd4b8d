import { expect } from 'chai';
import { createClient } from 'redis';
import { LuaScript } from '../../src/redis/luaScript.js';
import { hashSlot } from '../../src/redis/hashSlot.js';
import { clusterSettings } from '../../src/redis/redisSettings.js';
import { openSharedRedis, type SharedRedis } from '../../src/redis/sharedRedis.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { waitFor } from '../support/waitFor.js';
import { uniqueTenant } from '../storage/redisTestTenant.js';
import { sharedCluster, type LocalRedisCluster } from './localCluster.js';

const ECHO_KEYS = new LuaScript(`redis.call('SET', KEYS[1], ARGV[1]) return redis.call('GET', KEYS[#KEYS])`);

/** Tenants whose keys land on each master of the cluster (found by trying names). */
async function tenantsOnEveryMaster(cluster: LocalRedisCluster): Promise<Map<number, string>> {
  const masters = await cluster.masters();
  const found = new Map<number, string>();
  for (let i = 0; found.size < masters.length && i < 1000; i++) {
    const tenant = uniqueTenant(`spread${i}`);
    const slot = hashSlot(tenantKey(tenant));
    const owner = masters.find((m) => m.slots.some(([a, b]) => slot >= a && slot <= b))!;
    if (!found.has(owner.port)) found.set(owner.port, tenant);
  }
  return found;
}

describe('SharedRedis on a Redis Cluster (D1, D2)', function () {
  this.timeout(60_000);
  let cluster: LocalRedisCluster;
  let redis: SharedRedis;
  const opened: SharedRedis[] = [];

  before(async () => {
    cluster = await sharedCluster();
    redis = await openSharedRedis(clusterSettings(cluster.seeds), { clientName: 'test-shared-redis' });
    opened.push(redis);
  });
  after(async () => {
    await Promise.all(opened.map((r) => r.close()));
  });

  it('[D1] connects from one seed, discovers every master, and runs a script on the master of its first key', async () => {
    const fromOneSeed = await openSharedRedis(clusterSettings(`redis://127.0.0.1:${cluster.nodes[3].port}`));
    opened.push(fromOneSeed);
    expect(fromOneSeed.mode).to.equal('cluster');
    for (const [port, tenant] of await tenantsOnEveryMaster(cluster)) {
      const keys = [tenantKey(tenant, 'a'), tenantKey(tenant, 'b', 'c')];
      expect(await ECHO_KEYS.run(fromOneSeed, keys, ['x'])).to.equal(null);
      expect(await ECHO_KEYS.run(fromOneSeed, [keys[0]], ['y'])).to.equal('y');
      expect(fromOneSeed.whereIs(keys[0]).master).to.equal(`127.0.0.1:${port}`);
      expect(await cluster.masterOf(keys[0])).to.equal(port);
      expect(await fromOneSeed.tenantKeys(tenant)).to.deep.equal([keys[0]]);
      expect(await fromOneSeed.del(keys)).to.equal(1);
    }
    expect(await fromOneSeed.ping()).to.equal('PONG');
  });

  it('[D1] an ACL user and password given in one seed URL reach every node discovered; a wrong password is refused without being shown', async () => {
    const user = `hubbot-acl-${Date.now()}`;
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    const onEveryNode = async (command: string[]) => {
      for (const n of cluster.nodes) {
        const c = createClient({ socket: { host: '127.0.0.1', port: n.port } });
        await c.connect();
        try {
          await c.sendCommand(command);
        } finally {
          c.destroy();
        }
      }
    };
    // The ACL docs/security.md recommends, on every node (Redis Cluster does not share ACLs).
    await onEveryNode(['ACL', 'SETUSER', user, 'on', `>${password}`, '~hubbot:*', '&hubbot:*', '+@read', '+@write', '+@scripting', '+@pubsub', '+ping', '+client|setname', '+cluster|slots']);
    try {
      const withAcl = await openSharedRedis(clusterSettings(`redis://${user}:${password}@127.0.0.1:${cluster.nodes[0].port}`), { clientName: 'test-acl' });
      opened.push(withAcl);
      for (const tenant of (await tenantsOnEveryMaster(cluster)).values()) {
        expect(await ECHO_KEYS.run(withAcl, [tenantKey(tenant, 'acl')], ['ok'])).to.equal('ok');
        await withAcl.del([tenantKey(tenant, 'acl')]);
      }
      expect(await withAcl.ping()).to.equal('PONG');
      const refused = await openSharedRedis(clusterSettings(`redis://${user}:wrong-${password}@127.0.0.1:${cluster.nodes[0].port}`)).catch((e: Error) => e);
      expect(refused).to.be.instanceOf(Error);
      expect(String((refused as Error).message)).to.not.include(password);
    } finally {
      await onEveryNode(['ACL', 'DELUSER', user]);
    }
  });

  it('[D2] a script given keys of two hash slots is refused before anything is sent', async () => {
    const [a, b] = [tenantKey('tenant-a', 'x'), tenantKey('tenant-b', 'x')];
    expect(hashSlot(a)).to.not.equal(hashSlot(b));
    let err: Error | undefined;
    await ECHO_KEYS.run(redis, [a, b], ['1']).catch((e: Error) => (err = e));
    expect(err?.message).to.match(/different Redis Cluster hash slots/).and.include(a).and.include(b).and.include('D2');
    expect(await redis.exists(a)).to.equal(0);
  });

  it('[D1] publishes on sharded pub/sub: the channel lives on its own master, and another connection hears it', async () => {
    const listener = await openSharedRedis(clusterSettings(cluster.seeds));
    opened.push(listener);
    const channel = tenantKey(uniqueTenant('pubsub'), 'webhook', 'handled');
    const heard: string[] = [];
    await listener.subscribe(channel, (m) => heard.push(m));
    const owner = createClient({ socket: { host: '127.0.0.1', port: await cluster.masterOf(channel) } });
    await owner.connect();
    try {
      const counts = (await owner.sendCommand(['PUBSUB', 'SHARDNUMSUB', channel])) as [string, number];
      expect(Number(counts[1])).to.equal(1);
    } finally {
      owner.destroy();
    }
    await redis.publish(channel, 'hello');
    await waitFor(() => heard.length === 1, 'the sharded message');
    expect(heard).to.deep.equal(['hello']);
    // Unsubscribed: a listener still subscribed elsewhere hears the next message, this one does not.
    await listener.unsubscribe(channel);
    const witness: string[] = [];
    await redis.subscribe(channel, (m) => witness.push(m));
    await redis.publish(channel, 'after');
    await waitFor(() => witness.length === 1, 'the witness to hear the second message');
    expect(heard).to.deep.equal(['hello']);
    await redis.unsubscribe(channel);
  });
});
