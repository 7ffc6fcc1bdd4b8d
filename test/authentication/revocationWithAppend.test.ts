/**
 * The callback token's revocation checked by the Redis inbox's append script (one round trip for
 * both): a revoked token is refused with the same 401 error body as when the check came first,
 * and nothing is recorded. Callbacks with nothing to append, and the memory inbox, keep the check
 * of their own.
 */
import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import pino from 'pino';
import { HubPipeline } from '../../src/adapter/hubPipeline.js';
import type { Inbox } from '../../src/adapter/inbox/inbox.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { createCallbackAuthenticator } from '../../src/authentication/callbackAuthenticator.js';
import { RedisRevocationStore } from '../../src/authentication/redisRevocationStore.js';
import { createTokenIssuer } from '../../src/authentication/tokenIssuer.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { tenantKeys, redisTenant } from '../storage/redisTestTenant.js';

const KEY = 'bot-signing-key-0123456789-0123456789';

function batch(conversationId: string, text: string): string {
  return JSON.stringify({ messages: { message: [{ id: `m-${text}`, sender: { type: 'customer' }, type: { value: 'text' }, content: { text }, conversation: { id: conversationId } }] } });
}

describe('callback token revocation checked with the append', function () {
  this.timeout(10_000);
  const redis = redisTenant('revocation-append', { each: true });
  const refusals: string[] = [];
  /** Checks made on their own (EXISTS), not by the append. */
  let ownChecks = 0;
  let server: Server | undefined;
  let pipeline: HubPipeline | undefined;

  afterEach(async () => {
    refusals.length = 0;
    ownChecks = 0;
    await pipeline?.stop({ graceMs: 0 });
    if (server) {
      server.close();
      await once(server, 'close');
    }
    server = undefined;
    pipeline = undefined;
  });

  /** A pipeline (turns not started) behind a plain server, its callback token checked with revocations on Redis. */
  async function start(inbox: Inbox): Promise<{ url: string; token: () => Promise<string>; revoke: (token: string) => Promise<void> }> {
    const issuer = createTokenIssuer({ signingKey: KEY, issuer: 'hubbot', audience: 'hubbot-callback', tenant: redis.tenant, ttlSeconds: 600 });
    const store = new RedisRevocationStore(redis.client, redis.tenant);
    const revocations = { revoke: store.revoke.bind(store), keyOf: store.keyOf.bind(store), isRevoked: (jti: string) => (ownChecks++, store.isRevoked(jti)) };
    const authenticate = createCallbackAuthenticator({ issuers: [issuer.trust], audience: 'hubbot-callback', tenant: redis.tenant, revocations, deferRevocationCheck: true, onRefused: (reason) => refusals.push(reason) });
    pipeline = new HubPipeline({
      inbox,
      sendAtSlot: async () => undefined,
      authenticate,
      conversationStarts: { isNew: async () => false, started: async () => undefined },
      logger: pino({ level: 'silent' }),
    });
    const p = pipeline;
    server = createServer((req, res) => void p.process(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
      token: async () => (await issuer.issue('hub-client')).access_token,
      revoke: async (token) => {
        const { jti, exp } = decodeJwt(token);
        await store.revoke(jti!, exp!);
      },
    };
  }

  const post = (url: string, token: string, body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });

  async function expectRevokedRefusal(r: Response): Promise<void> {
    expect(r.status).to.equal(401);
    const body = await r.json();
    expect(isErrorBodyFor(401, body)).to.equal(true);
    expect(body.code).to.equal('401-104');
  }

  it('[C9] on the Redis inbox, a revoked token is refused by the append script with the 401 error body, and nothing is appended', async () => {
    const inbox = new RedisInbox({ client: redis.client, tenant: redis.tenant });
    const { url, token, revoke } = await start(inbox);
    const good = await token();
    expect((await post(url, good, batch('conv-a', 'before'))).status).to.equal(200);
    expect(await inbox.depth()).to.equal(1);
    await revoke(good);
    await expectRevokedRefusal(await post(url, good, batch('conv-b', 'after')));
    expect(refusals).to.deep.equal(['revoked']);
    expect(await inbox.depth()).to.equal(1);
    expect((await tenantKeys(redis.client, redis.tenant)).filter((k) => k.includes('conv-b'))).to.deep.equal([]);
    // The token is no longer remembered as good: refused again, and a fresh one is accepted.
    await expectRevokedRefusal(await post(url, good, batch('conv-b', 'again')));
    expect((await post(url, await token(), batch('conv-b', 'fresh'))).status).to.equal(200);
    expect(await inbox.depth()).to.equal(2);
    expect(ownChecks, 'checks made apart from the append').to.equal(0);
  });

  it('[C9] on the Redis inbox, a revoked token with nothing to append is refused with the 401 all the same (no message, an unreadable body)', async () => {
    const inbox = new RedisInbox({ client: redis.client, tenant: redis.tenant });
    const { url, token, revoke } = await start(inbox);
    const revoked = await token();
    await revoke(revoked);
    await expectRevokedRefusal(await post(url, revoked, JSON.stringify({ messages: { message: [] } })));
    await expectRevokedRefusal(await post(url, revoked, '{"messages":'));
    await expectRevokedRefusal(await post(url, revoked, JSON.stringify({ messages: { message: [{ id: 'x', sender: { type: 'customer' } }] } })));
    expect(await inbox.depth()).to.equal(0);
    expect(ownChecks, 'each callback checked on its own').to.equal(3);
  });

  it('[C9] on the memory inbox, the revocation is checked before the body, as before', async () => {
    const inbox = new MemoryInbox();
    const { url, token, revoke } = await start(inbox);
    const revoked = await token();
    await revoke(revoked);
    await expectRevokedRefusal(await post(url, revoked, batch('conv-m', 'after')));
    expect(refusals).to.deep.equal(['revoked']);
    expect(ownChecks).to.equal(1);
    expect(await inbox.depth()).to.equal(0);
  });
});
