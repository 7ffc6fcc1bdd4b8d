// Redis round trips per steady-state turn on the Redis Cluster the tests start, counted with MONITOR on the master of the tenant's slot.
import { expect } from 'chai';
import { countRoundTrips } from '../../bench/redisRoundTripCount.js';
import { sharedCluster } from './localCluster.js';

/**
 * Every key of a tenant carries its hash tag, so a turn's commands all go to one master and its
 * scripts read their computed keys (the state read with the claim) in that slot: the count is
 * the same as on one node.
 */
const CEILING = 7.5;

describe('Redis round trips per turn on a Redis Cluster (echo bot on the local stack, MONITOR)', function () {
  this.timeout(120_000);

  it('[D1] [D2] on the Redis inbox: the same commands as on one node, each on the master of the tenant\'s slot', async () => {
    const cluster = await sharedCluster();
    const count = await countRoundTrips({ inbox: 'redis', turns: 20, cluster: { seeds: cluster.seeds, masterOf: (key) => cluster.masterOf(key) } });
    const by = (label: string) => count.byCommand.get(label) ?? 0;
    expect(by('evalsha inbox:q'), 'appends per turn').to.equal(1);
    expect(by('evalsha inbox:ready'), 'a claim (with the state read) and a complete per turn').to.equal(2);
    expect(by('evalsha state'), "the turn's state write only").to.equal(1);
    expect(count.perTurn, JSON.stringify([...count.byCommand])).to.be.at.most(CEILING);
  });
});
