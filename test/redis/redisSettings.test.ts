import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { hashSlot, requireOneSlot } from '../../src/redis/hashSlot.js';
import { clusterSettings, describeRedis, redisSettingsFrom } from '../../src/redis/redisSettings.js';

describe('Redis settings: one node or a cluster (D1)', () => {
  it('[D1] REDIS_URL is one node; REDIS_CLUSTER_NODES a cluster; neither is the memory stores', () => {
    expect(redisSettingsFrom({ REDIS_URL: 'redis://10.0.0.1:6379' })).to.deep.equal({ mode: 'single', url: 'redis://10.0.0.1:6379' });
    expect(redisSettingsFrom({})).to.equal(undefined);
    expect(redisSettingsFrom({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, 10.0.0.2:7000' })).to.deep.equal({
      mode: 'cluster',
      nodes: [{ host: '10.0.0.1', port: 7000 }, { host: '10.0.0.2', port: 7000 }],
      tls: false,
      username: undefined,
      password: undefined,
    });
    expect(() => redisSettingsFrom({ REDIS_URL: 'redis://a:1', REDIS_CLUSTER_NODES: 'b:2' })).to.throw(/set one or neither/);
  });

  it('[D1] takes TLS, user and password from rediss:// seeds or from REDIS_TLS / REDIS_USERNAME / REDIS_PASSWORD, for every node', () => {
    const s = clusterSettings('rediss://hubbot:p%40ss@c1.example:6380,rediss://c2.example:6380');
    expect(s).to.deep.include({ mode: 'cluster', tls: true, username: 'hubbot', password: 'p@ss' });
    expect(clusterSettings('c1:6379', { REDIS_TLS: true, REDIS_USERNAME: 'u', REDIS_PASSWORD: 'pw' })).to.deep.include({ tls: true, username: 'u', password: 'pw' });
    expect(() => clusterSettings('redis://a:1,rediss://b:2')).to.throw(/disagree on TLS/);
    expect(() => clusterSettings('redis://u:one@a:1,redis://u:two@b:2')).to.throw(/disagree on the password/);
    expect(redisSettingsFrom({ REDIS_URL: 'redis://h:6379', REDIS_USERNAME: 'u', REDIS_PASSWORD: 'p w' })).to.deep.equal({ mode: 'single', url: 'redis://u:p%20w@h:6379' });
  });

  it('[D1] a wrong seed is named without its password, and describeRedis never shows one', () => {
    expect(() => clusterSettings('redis://u:secret-pw@host:99999')).to.throw(/not a valid URL: redis:\/\/\*\*\*@host:99999/);
    expect(() => clusterSettings('nohostport')).to.throw(/not host:port/);
    expect(() => clusterSettings(' , ')).to.throw(/at least one/);
    expect(describeRedis(clusterSettings('rediss://u:secret-pw@h:1'))).to.equal('cluster rediss://h:1');
    expect(describeRedis({ mode: 'single', url: 'redis://u:secret-pw@h:2' })).to.equal('redis://h:2');
  });

  it('[D1] REDIS_CLUSTER_ADDRESS_MAP sends nodes that announce unreachable addresses elsewhere, and is refused when malformed or without a cluster', () => {
    const s = redisSettingsFrom({ REDIS_CLUSTER_NODES: 'redis-a.example:7000', REDIS_CLUSTER_ADDRESS_MAP: '10.0.0.1:6379=redis-a.example:7000, [fd00::2]:6379=127.0.0.1:17002' });
    expect(s).to.deep.include({ addressMap: { '10.0.0.1:6379': { host: 'redis-a.example', port: 7000 }, 'fd00::2:6379': { host: '127.0.0.1', port: 17002 } } });
    expect(describeRedis(s!)).to.equal('cluster redis://redis-a.example:7000 (2 node addresses mapped)');
    expect(clusterSettings('a:1')).to.not.have.property('addressMap');
    expect(() => clusterSettings('a:1', { REDIS_CLUSTER_ADDRESS_MAP: '10.0.0.1:6379' })).to.throw(/not announced=reachable .*10\.0\.0\.1:6379/);
    expect(() => clusterSettings('a:1', { REDIS_CLUSTER_ADDRESS_MAP: '10.0.0.1:6379=b:99999' })).to.throw(/not announced=reachable/);
    expect(() => clusterSettings('a:1', { REDIS_CLUSTER_ADDRESS_MAP: 'a:1=b:2=c:3' })).to.throw(/not announced=reachable/);
    expect(() => clusterSettings('a:1', { REDIS_CLUSTER_ADDRESS_MAP: ' , ' })).to.throw(/at least one/);
    expect(() => redisSettingsFrom({ REDIS_CLUSTER_ADDRESS_MAP: 'a:1=b:2' })).to.throw(/set REDIS_CLUSTER_NODES too/);
    expect(() => redisSettingsFrom({ REDIS_URL: 'redis://h:1', REDIS_CLUSTER_ADDRESS_MAP: 'a:1=b:2' })).to.throw(/set REDIS_CLUSTER_NODES too/);
  });

  it('[D1] the configuration loader checks the seed list and refuses REDIS_URL with REDIS_CLUSTER_NODES', () => {
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'a:1,b:2', REDIS_TLS: 'true' })).to.deep.include({ REDIS_CLUSTER_NODES: 'a:1,b:2', REDIS_TLS: true });
    let err: ConfigError | undefined;
    try {
      loadConfig({ REDIS_URL: 'redis://a:1', REDIS_CLUSTER_NODES: 'b:2' });
    } catch (e) {
      err = e as ConfigError;
    }
    expect(err?.problems).to.deep.equal(['REDIS_URL and REDIS_CLUSTER_NODES: set one or neither']);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis://u:secret-pw@a:99999' })).to.throw(ConfigError).with.property('message').that.does.not.include('secret-pw');
  });

  it('[D2] computes the hash slot as Redis Cluster does, hash tag first', () => {
    // Values from CLUSTER KEYSLOT on Redis 7.
    expect(hashSlot('foo')).to.equal(12182);
    expect(hashSlot('123456789')).to.equal(12739);
    expect(hashSlot('{user1000}.following')).to.equal(hashSlot('user1000'));
    expect(hashSlot('foo{}{bar}')).to.equal(hashSlot('foo{}{bar}')).and.not.equal(hashSlot('bar'));
    expect(hashSlot('hubbot:{acme}:inbox:q:c1')).to.equal(hashSlot('hubbot:{acme}:state:x'));
  });

  it('[D2] lets a script\'s keys through when they share a slot, by hash tag or by CRC, and refuses others', () => {
    expect(() => requireOneSlot(['hubbot:{acme}:inbox:q:c1', 'hubbot:{acme}:state:x', '{acme}'], 'script')).to.not.throw();
    expect(() => requireOneSlot(['only-one'], 'script')).to.not.throw();
    expect(() => requireOneSlot(['user1000', '{user1000}.following'], 'script')).to.not.throw(); // the same hashed text
    // Other hashed text, yet the same slot (11304): still one node, so let through.
    expect(hashSlot('t18712')).to.equal(hashSlot('acme'));
    expect(() => requireOneSlot(['{acme}:a', '{t18712}:b'], 'script')).to.not.throw();
    expect(() => requireOneSlot(['hubbot:{acme}:a', 'hubbot:{globex}:a'], 'script')).to.throw(RangeError, /different Redis Cluster hash slots/);
    expect(() => requireOneSlot(['{acme}:a', '{acme}:b', 'untagged'], 'script')).to.throw(RangeError, /untagged/);
  });
});
