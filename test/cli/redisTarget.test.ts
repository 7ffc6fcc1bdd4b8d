// Which Redis a maintenance command (tokens, dead-letters, report) opens: its flag, else the server's own configuration.
import { expect } from 'chai';
import { redisTarget, sharedRedisSettings } from '../../cli/redisTarget.js';

describe('hubbot commands: the Redis they open (D1)', () => {
  const clusterEnv = { REDIS_CLUSTER_NODES: 'redis-a.example:7000', REDIS_CLUSTER_ADDRESS_MAP: '10.0.0.1:6379=redis-a.example:7000', PLATFORM_TENANT: 'acme' };

  it('[D1] reads the server\'s cluster, its address map included', () => {
    const settings = sharedRedisSettings(redisTarget({}, clusterEnv));
    expect(settings).to.deep.include({ mode: 'cluster', addressMap: { '10.0.0.1:6379': { host: 'redis-a.example', port: 7000 } } });
  });

  it('[D1] --redis-url names one node: the configured cluster and its address map give way instead of failing', () => {
    const target = redisTarget({ 'redis-url': 'redis://127.0.0.1:6379' }, clusterEnv);
    expect(target.tenant).to.equal('acme');
    expect(sharedRedisSettings(target)).to.deep.equal({ mode: 'single', url: 'redis://127.0.0.1:6379' });
  });
});
