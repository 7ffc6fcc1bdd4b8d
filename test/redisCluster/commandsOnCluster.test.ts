/**
 * The operator commands that touch Redis (`hubbot tokens`, `hubbot dead-letters`) read
 * REDIS_CLUSTER_NODES as the server does (D1).
 */
import { expect } from 'chai';
import { run as deadLetters } from '../../cli/deadLettersCommand.js';
import { run as tokens } from '../../cli/tokensCommand.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { RedisRevocationStore } from '../../src/authentication/redisRevocationStore.js';
import { uniqueTenant } from '../storage/redisTestTenant.js';
import { clusterRedis, dropTenant } from './clusterRedis.js';
import { sharedCluster } from './localCluster.js';

describe('operator commands on a Redis Cluster (D1)', function () {
  this.timeout(60_000);
  const tenant = uniqueTenant('commands');
  after(async () => dropTenant(await clusterRedis(), tenant));

  const io = (seeds: string) => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l), env: { REDIS_CLUSTER_NODES: seeds, PLATFORM_TENANT: tenant } } };
  };

  it('[D1] hubbot tokens revoke writes the revocation where every replica on the cluster reads it', async () => {
    const { seeds } = await sharedCluster();
    const run = io(seeds);
    expect(await tokens(['revoke', 'jti-on-cluster'], run.io), run.err.join('\n')).to.equal(0);
    expect(await new RedisRevocationStore(await clusterRedis(), tenant).isRevoked('jti-on-cluster')).to.equal(true);
  });

  it('[D1] hubbot dead-letters --inbox lists and requeues the inbox dead letters kept on the cluster', async () => {
    const { seeds } = await sharedCluster();
    const inbox = new RedisInbox({ client: await clusterRedis(), tenant });
    await inbox.append('conv-1', { id: 'm-dead', payload: { text: 'x' }, receivedAt: Date.now() });
    await inbox.deadLetter((await inbox.claim('w', 5000))!, 'test');
    const list = io(seeds);
    expect(await deadLetters(['list', '--inbox'], list.io), list.err.join('\n')).to.equal(0);
    expect(list.out.join('\n')).to.include('m-dead');
    const requeue = io(seeds);
    expect(await deadLetters(['requeue', '--inbox', 'm-dead'], requeue.io), requeue.err.join('\n')).to.equal(0);
    expect(await inbox.depth()).to.equal(1);
  });
});
