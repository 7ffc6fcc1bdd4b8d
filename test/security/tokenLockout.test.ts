/**
 * The token endpoint under a guessing attack (S2 of docs/platform-contract.md): the right secret
 * always gets its token, whoever failed before and from wherever; failures are counted per
 * address and per client id, across replicas through Redis; unknown ids and wrong secrets look
 * alike. Callers speak from distinct loopback addresses (127.0.0.0/8), so the server tells them
 * apart as it would real callers.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createJsonServer, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { registerTokenEndpoint } from '../../src/authentication/tokenEndpoint.js';
import { createTokenIssuer } from '../../src/authentication/tokenIssuer.js';
import { createFailureLimiter } from '../../src/authentication/failureLimiter.js';
import { createRefusalLog } from '../../src/observability/refusalLog.js';
import { RedisFailureLimiter } from '../../src/authentication/redisFailureLimiter.js';
import { closeRedisConnection, createRedisConnection } from '../../src/redis/redisConnection.js';
import { CLIENT_ID, CLIENT_SECRET, expectRefusal, request, securityConfig, textBatch, type Answer } from './securityKit.js';

const WEBHOOK_SECRET = 'lockout-webhook-secret-0123456789';

function startBot(env: Record<string, string> = {}): Promise<HubBotServer> {
  const config = securityConfig({ WEBHOOK_SHARED_SECRET: WEBHOOK_SECRET, BOT_TOKEN_MAX_FAILURES: '10', ...env });
  return startHubBotServer({ config, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
}

const askToken = (bot: HubBotServer, from: string, clientId: string, secret: string): Promise<Answer> =>
  request(`${bot.url}/oauth2/token`, {
    from,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });

/** The hub's next step with its token: a customer message, which must be taken. */
const deliver = (bot: HubBotServer, token: string): Promise<Answer> =>
  request(`${bot.url}/api/hub/callback`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: textBatch(`c-${randomUUID()}`, 'hello') });

describe('security: the token endpoint cannot be turned against the real hub', () => {
  let bot: HubBotServer;
  beforeEach(async () => {
    bot = await startBot();
  });
  afterEach(() => bot?.stop());

  it('[S2] the hub with the right secret gets a token from the same address as an attacker who has been blocked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await askToken(bot, '127.0.0.2', CLIENT_ID, `guess-${i}`)).status);
    expect(statuses).to.deep.equal([...Array(10).fill(401), ...Array(15).fill(429)]);

    const hub = await askToken(bot, '127.0.0.2', CLIENT_ID, CLIENT_SECRET);
    expect(hub.status, hub.text).to.equal(200);
    expect(hub.body.access_token).to.be.a('string');
    expect((await deliver(bot, hub.body.access_token)).status).to.equal(200);
  });

  it('[S2] wrong secrets for the hub\'s client id from many addresses block that id for wrong secrets only', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) statuses.push((await askToken(bot, `127.0.1.${i}`, CLIENT_ID, `guess-${i}`)).status);
    expect(statuses).to.deep.equal([...Array(10).fill(401), 429]);
    // A fresh address: its wrong secret meets the client id's block; its right secret does not.
    expectRefusal(await askToken(bot, '127.0.1.50', CLIENT_ID, 'yet-another-guess'), 429, '429-001');
    const hub = await askToken(bot, '127.0.1.50', CLIENT_ID, CLIENT_SECRET);
    expect(hub.status, hub.text).to.equal(200);
    expect((await deliver(bot, hub.body.access_token)).status).to.equal(200);
  });

  it('[S2] an unknown client id and a wrong secret for a real one are answered alike, before and past the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const unknown = await askToken(bot, '127.0.2.1', `no-such-client-${i}`, 'x');
      const wrong = await askToken(bot, '127.0.2.2', CLIENT_ID, `wrong-${i}`);
      expect(unknown.status).to.equal(wrong.status);
      expect(unknown.text).to.equal(wrong.text);
      expect(Object.keys(unknown.headers).sort()).to.deep.equal(Object.keys(wrong.headers).sort());
      expectRefusal(unknown, unknown.status, unknown.status === 401 ? '401-106' : '429-001');
      statuses.push(unknown.status);
    }
    expect(statuses).to.deep.equal([...Array(10).fill(401), 429, 429]);
  });

  it('[S2] a blocked caller gets the same 429 whichever client id it tries', async () => {
    for (let i = 0; i < 11; i++) await askToken(bot, '127.0.3.1', `no-such-client-${randomUUID()}`, 'x');
    const real = await askToken(bot, '127.0.3.1', CLIENT_ID, 'wrong');
    const unknown = await askToken(bot, '127.0.3.1', `no-such-client-${randomUUID()}`, 'wrong');
    expectRefusal(real, 429, '429-001');
    expect(unknown.status).to.equal(429);
    expect(unknown.text).to.equal(real.text);
    expect(unknown.headers['retry-after']).to.be.a('string');
    expect(real.headers['retry-after']).to.be.a('string');
  });
});

describe('security: token failures are shared by replicas through Redis', () => {
  let a: HubBotServer;
  let b: HubBotServer;
  before(async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: `lockout-${randomUUID()}` };
    a = await startBot(env);
    b = await startBot(env);
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('[S2] failures on one replica block on the other, and the right secret still gets a token on both', async () => {
    for (let i = 0; i < 10; i++) expect((await askToken(a, '127.0.4.1', `no-such-client-${i}`, 'x')).status).to.equal(401);
    expectRefusal(await askToken(b, '127.0.4.1', 'no-such-client-b', 'x'), 429, '429-001');
    expectRefusal(await askToken(a, '127.0.4.1', CLIENT_ID, 'wrong'), 429, '429-001');
    // Another address is not blocked, on either replica.
    expectRefusal(await askToken(b, '127.0.4.2', CLIENT_ID, 'wrong'), 401, '401-106');
    for (const replica of [a, b]) {
      const hub = await askToken(replica, '127.0.4.1', CLIENT_ID, CLIENT_SECRET);
      expect(hub.status, hub.text).to.equal(200);
      expect((await deliver(replica, hub.body.access_token)).status).to.equal(200);
    }
  });
});

describe('security: the token endpoint with Redis out of reach', () => {
  let app: JsonServer;
  let url: string;
  before(async () => {
    // A connection that was closed: the limiter refuses to wait for it and the endpoint carries on.
    const gone = await createRedisConnection();
    await closeRedisConnection(gone);
    app = createJsonServer({ name: 'lockout-no-redis' });
    registerTokenEndpoint(app, {
      clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }],
      issuer: createTokenIssuer({ signingKey: 'lockout-signing-key-0123456789abcdef', issuer: 'hubbot', audience: 'hubbot-callback', tenant: 'acme', ttlSeconds: 600 }),
      limiter: new RedisFailureLimiter({ client: gone, tenant: `lockout-${randomUUID()}` }),
    });
    url = `${await app.listen(0, '127.0.0.1')}/oauth2/token`;
  });
  after(() => app.close());

  it('[S2] answers a wrong secret 401 and the right secret its token while failures cannot be counted', async () => {
    const ask = (secret: string) => request(url, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: CLIENT_ID, client_secret: secret }) });
    for (let i = 0; i < 12; i++) expectRefusal(await ask(`wrong-${i}`), 401, '401-106');
    expect((await ask(CLIENT_SECRET)).status).to.equal(200);
  });
});

describe('security: token refusal logs', () => {
  let app: JsonServer;
  let url: string;
  const lines: Record<string, unknown>[] = [];
  const refused: string[] = [];

  before(async () => {
    app = createJsonServer({ name: 'lockout' });
    registerTokenEndpoint(app, {
      clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }],
      issuer: createTokenIssuer({ signingKey: 'lockout-signing-key-0123456789abcdef', issuer: 'hubbot', audience: 'hubbot-callback', tenant: 'acme', ttlSeconds: 600 }),
      limiter: createFailureLimiter({ maxFailures: 10 }),
      // Forty callers: each its own address, as a trusted proxy would forward them.
      clientAddress: (req: IncomingMessage) => String(req.headers['x-test-address'] ?? 'unknown'),
      refusalLog: createRefusalLog({ warn: (o) => void lines.push(o as Record<string, unknown>) }, { perWindow: 20, onRefused: (k) => void refused.push(k) }),
    });
    url = `${await app.listen(0, '127.0.0.1')}/oauth2/token`;
  });
  after(() => app.close());

  it('[S5] refusal logs cut attacker-controlled fields and are rate-limited; the full count goes to the metrics', async () => {
    const huge = 'A'.repeat(15_000);
    for (let i = 0; i < 40; i++) {
      await request(url, { headers: { 'content-type': 'application/json', 'x-test-address': `198.18.0.${i}` }, body: JSON.stringify({ client_id: huge, client_secret: 'x' }) });
    }
    expect(refused.length).to.equal(40);
    expect(lines.length).to.be.at.most(20);
    expect(JSON.stringify(lines).length).to.be.lessThan(20 * 400);
    expect(String(lines[0].clientId)).to.match(/^A{64}… \(15000 characters\)$/);
  });
});
