import { expect } from 'chai';
import { run as tokens } from '../../cli/tokensCommand.js';
import { createTokenIssuer } from '../../src/authentication/tokenIssuer.js';
import { RedisRevocationStore } from '../../src/authentication/redisRevocationStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { decodeJwt } from 'jose';

describe('hubbot tokens revoke', () => {
  let client: RedisConnection;
  const tenant = uniqueTenant('tokens-revoke');
  before(async () => {
    client = await createRedisConnection({ url: 'redis://127.0.0.1:6379', clientName: 'test-tokens' });
  });
  after(async () => {
    await deleteTenantKeys(client, tenant);
    await closeRedisConnection(client);
  });

  it('[S3] revokes a token (or a bare jti) for every replica sharing the Redis', async () => {
    const issuer = createTokenIssuer({ signingKey: 'tokens-revoke-signing-key-0123456789', issuer: 'hubbot', audience: 'hubbot-callback', tenant, ttlSeconds: 600 });
    const token = (await issuer.issue('hub')).access_token;
    const { jti } = decodeJwt(token);
    const lines: string[] = [];
    const errors: string[] = [];
    const io = { out: (l: string) => void lines.push(l), err: (l: string) => void errors.push(l), env: { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant } };
    expect(await tokens(['revoke', token, 'bare-jti-1'], io)).to.equal(0);
    expect(lines[0]).to.match(new RegExp(`^revoked  ${jti}  until `));
    const replica = new RedisRevocationStore(client, tenant);
    expect(await replica.isRevoked(jti!)).to.equal(true);
    expect(await replica.isRevoked('bare-jti-1')).to.equal(true);
    expect(await replica.isRevoked('another')).to.equal(false);
    expect(await tokens(['revoke'], io)).to.equal(2);
  });
});
