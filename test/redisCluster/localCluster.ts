/**
 * The Redis Cluster the test files of one run share: six redis-server processes
 * (cli/harness/localRedisCluster.ts) on the first free ports from 17001, started by the first
 * file that asks and stopped when the test process exits. A test that kills nodes starts a cluster of its own on other ports.
 */
import { LocalRedisCluster } from '../../cli/harness/localRedisCluster.js';

export { LocalRedisCluster };

let shared: Promise<LocalRedisCluster> | undefined;

export function sharedCluster(): Promise<LocalRedisCluster> {
  // A cluster of this run's own (the first free range from 17001), unless HUBBOT_KEEP_CLUSTER=1
  // asks to keep one between runs: then the one of ours already running is reused.
  shared ??= LocalRedisCluster.start({ basePort: 17001, exclusive: process.env.HUBBOT_KEEP_CLUSTER !== '1' });
  return shared;
}
