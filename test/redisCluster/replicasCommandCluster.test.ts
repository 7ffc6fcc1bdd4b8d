import { expect } from 'chai';
import { parseReplicasArgs } from '../../cli/replicasCommand.js';
import { probeReply } from '../../cli/harness/probeBot.js';
import { Customer } from '../e2e/customerClient.js';
import { runReplicasCommand } from '../reliability/runReplicasCommand.js';

describe('hubbot replicas on a Redis Cluster (D1)', function () {
  this.timeout(120_000);

  it('[D1] takes --redis-cluster or REDIS_CLUSTER_NODES, or --local-cluster, and refuses two choices or a bad seed', () => {
    expect(parseReplicasArgs(['--redis-cluster', '10.0.0.1:7000,10.0.0.2:7000'], {})).to.deep.include({ redisClusterNodes: '10.0.0.1:7000,10.0.0.2:7000' });
    expect(parseReplicasArgs([], { REDIS_CLUSTER_NODES: 'a:1' })).to.deep.include({ redisClusterNodes: 'a:1' });
    expect(parseReplicasArgs(['--redis', 'redis://h:1'], { REDIS_CLUSTER_NODES: 'a:1' })).to.not.have.property('redisClusterNodes');
    expect(parseReplicasArgs(['--local-cluster'], {})).to.deep.include({ localCluster: true }).and.not.have.property('redisClusterNodes');
    expect(() => parseReplicasArgs(['--redis', 'redis://h:1', '--local-cluster'], {})).to.throw(/--redis, --local-cluster: choose one/);
    expect(() => parseReplicasArgs(['--redis-cluster', 'redis://u:secret@h:99999'], {})).to.throw(/--redis-cluster: .*\*\*\*@h:99999/).with.property('message').that.does.not.include('secret');
  });

  it('[D1] --local-cluster starts a six-node cluster, runs two replicas on it, serves a conversation, and stops', async () => {
    const { text, emulatorUrl, account, stop, exit } = await runReplicasCommand(['--local-cluster', '--count', '2', '--port', '0', '--emulator-port', '0']);
    expect(text).to.match(/Redis Cluster 127\.0\.0\.1:17001,.*127\.0\.0\.1:17006/);
    const customer = await Customer.start(emulatorUrl, account);
    await customer.say('one');
    await customer.say('two');
    expect((await customer.messages(2)).map((m) => m.content?.text)).to.deep.equal([probeReply('one', 1), probeReply('two', 2)]);
    stop();
    expect(await exit).to.equal(0);
  });
});
