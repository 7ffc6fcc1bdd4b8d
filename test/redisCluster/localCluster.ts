/**
 * The Redis Cluster the test files share: ports 17001-17006, started by the first file that
 * asks (src/harness/localRedisCluster.ts, six redis-server processes) and stopped when the test
 * process exits. A test that kills nodes starts a cluster of its own on other ports.
 */
import { LocalRedisCluster } from '../../src/harness/localRedisCluster.js';

export { LocalRedisCluster };

let shared: Promise<LocalRedisCluster> | undefined;

export function sharedCluster(): Promise<LocalRedisCluster> {
  shared ??= LocalRedisCluster.start({ basePort: 17001 });
  return shared;
}
