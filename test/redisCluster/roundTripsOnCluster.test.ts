// Redis round trips per steady-state turn on the Redis Cluster the tests start: commands with MONITOR, writes on the wire, both on the master of the tenant's slot.
import { expect } from 'chai';
import { countRoundTrips } from '../../bench/redisRoundTripCount.js';
import { sharedCluster } from './localCluster.js';

/**
 * Every key of a tenant carries its hash tag, so a turn's commands all go to one master and its
 * scripts read their computed keys (the state read with the claim, which the append makes, and
 * the token's revocation) in that slot: the count is the same as on one node, about 5.1
 * commands in about 3.1 round trips. The wire is watched by a proxy in front of that master,
 * which the cluster client reaches through REDIS_CLUSTER_ADDRESS_MAP (redisWireCounter.ts).
 */
const CEILING = { commands: 6, roundTrips: 4 }; // the margin is the second acquire's, which grows with the machine's load

describe('Redis round trips per turn on a Redis Cluster (echo bot on the local stack, MONITOR)', function () {
  this.timeout(120_000);

  it('[D1] [D2] on the Redis inbox: the same commands and round trips as on one node, each on the master of the tenant\'s slot, reached through the address map', async () => {
    const cluster = await sharedCluster();
    const count = await countRoundTrips({ inbox: 'redis', turns: 20, cluster: { seeds: cluster.seeds, masterOf: (key) => cluster.masterOf(key) } });
    const by = (label: string) => count.byCommand.get(label) ?? 0;
    expect(by('evalsha inbox:q'), 'appends per turn').to.equal(1);
    expect(by('exists revoked-jti'), 'revocation checks apart from the append').to.equal(0);
    expect(by('evalsha inbox:ready'), 'a complete per turn (the append claimed, with the state read)').to.equal(1);
    expect(by('evalsha state'), "the turn's state write only").to.equal(1);
    expect(count.perTurn, JSON.stringify([...count.byCommand])).to.be.at.most(CEILING.commands);
    // On the wire, as on one node: the transcript leaves with the complete, the acquire with the state write.
    expect(count.byRoundTrip.get('evalsha inbox:ready + evalsha transcript:conversation-hub'), 'completes carrying the transcript').to.equal(1);
    expect(count.roundTripsPerTurn, JSON.stringify([...count.byRoundTrip])).to.be.at.most(CEILING.roundTrips);
  });
});
