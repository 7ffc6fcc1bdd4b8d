/**
 * Two connections to the test Redis (127.0.0.1:6379), as two bot replicas would have, opened
 * before a describe's tests and closed after them: the tests that check a store is shared
 * between replicas write through one and read through the other.
 */
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';

/** Call inside the describe; `use` receives the two connections once they are open (the suites keep them as `a` and `b`). */
export function twoRedisConnections(use: (a: RedisConnection, b: RedisConnection) => void): void {
  let a: RedisConnection;
  let b: RedisConnection;
  before(async () => {
    a = await createRedisConnection();
    b = await createRedisConnection();
    use(a, b);
  });
  after(async () => {
    await closeRedisConnection(a);
    await closeRedisConnection(b);
  });
}
