/**
 * Every replica keeps the revoked token ids in memory (RedisRevocationStore.follow: the index on
 * Redis, then a notice per revocation), so a callback whose revocation check rides the inbox's
 * append is still refused from its headers, before its body is read (S1), once the revocation
 * is known here; the append's check in Redis stays the authority for one not known yet.
 */
import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import pino from 'pino';
import { HubPipeline } from '../../src/adapter/hubPipeline.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { createCallbackAuthenticator } from '../../src/authentication/callbackAuthenticator.js';
import { RedisRevocationStore } from '../../src/authentication/redisRevocationStore.js';
import { createTokenIssuer } from '../../src/authentication/tokenIssuer.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { redisTenant } from '../storage/redisTestTenant.js';
import { waitFor } from '../support/waitFor.js';

const KEY = 'bot-signing-key-0123456789-0123456789';
const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

describe('revoked token ids known to every replica (RedisRevocationStore.follow)', function () {
  this.timeout(15_000);
  const redis = redisTenant('revocation-follow', { each: true });
  const stops: (() => Promise<void>)[] = [];
  const subscribers: RedisConnection[] = [];

  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    for (const s of subscribers.splice(0)) await closeRedisConnection(s);
  });

  /** A store as another replica has it: its own subscriber connection, following. */
  async function replica(): Promise<RedisRevocationStore> {
    const subscriber = await createRedisConnection();
    subscribers.push(subscriber);
    const store = new RedisRevocationStore(redis.client, redis.tenant);
    stops.push(await store.follow(subscriber));
    return store;
  }

  it('[C9] a revocation made through one replica reaches the others by notice, and a replica started later reads it from the index', async () => {
    const follower = await replica();
    const revoker = new RedisRevocationStore(redis.client, redis.tenant);
    expect(follower.knownRevoked('jti-1')).to.equal(false);
    await revoker.revoke('jti-1', inAMinute());
    await waitFor(() => follower.knownRevoked('jti-1'), 'the notice of the revocation');
    expect(revoker.knownRevoked('jti-1'), 'the revoking replica knows at once').to.equal(true);
    const later = await replica();
    expect(later.knownRevoked('jti-1'), 'read from the index at start').to.equal(true);
    expect(later.knownRevoked('jti-other')).to.equal(false);
    // The Redis key the append's check reads is there as before.
    expect(await later.isRevoked('jti-1')).to.equal(true);
  });

  it('[C9] an id whose token has expired is neither kept nor listed (the token is refused by its exp anyway)', async () => {
    const store = new RedisRevocationStore(redis.client, redis.tenant);
    await store.revoke('jti-past', Math.floor(Date.now() / 1000) - 5);
    await store.revoke('jti-soon', Math.floor(Date.now() / 1000) + 2);
    const later = await replica();
    expect(later.knownRevoked('jti-past')).to.equal(false);
    expect(later.knownRevoked('jti-soon')).to.equal(true);
  });

  it('[S1] [C9] with the check left to the append, a revoked token known here is refused from its headers: its 1 MB body is never waited for', async () => {
    const store = await replica();
    const issuer = createTokenIssuer({ signingKey: KEY, issuer: 'hubbot', audience: 'hubbot-callback', tenant: redis.tenant, ttlSeconds: 600 });
    const authenticate = createCallbackAuthenticator({ issuers: [issuer.trust], audience: 'hubbot-callback', tenant: redis.tenant, revocations: store, deferRevocationCheck: true });
    const inbox = new RedisInbox({ client: redis.client, tenant: redis.tenant });
    const pipeline = new HubPipeline({ inbox, sendAtSlot: async () => undefined, authenticate, conversationStarts: { isNew: async () => false, started: async () => undefined }, logger: pino({ level: 'silent' }) });
    const server: Server = createServer((req, res) => void pipeline.process(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    stops.push(async () => {
      await pipeline.stop({ graceMs: 0 });
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    });
    const token = (await issuer.issue('hub-client')).access_token;
    const { jti, exp } = decodeJwt(token);
    await new RedisRevocationStore(redis.client, redis.tenant).revoke(jti!, exp!);
    await waitFor(() => store.knownRevoked(jti!), 'the notice of the revocation');

    const socket = connect({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' });
    socket.on('error', () => undefined);
    socket.write(`POST /callback HTTP/1.1\r\nHost: bot\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"messages":`);
    const [first] = (await once(socket, 'data')) as [Buffer];
    socket.destroy();
    expect(first.toString('latin1')).to.match(/^HTTP\/1\.1 401/).and.contain('401-104');
    expect(await inbox.depth()).to.equal(0);
  });
});
