/**
 * Fuzzing the bot's inbound surfaces over real HTTP, on the server a contact center runs
 * (startHubBotServer): the hub callback, the built-in token endpoint, the knowledge webhook
 * (WEBHOOK_SHARED_SECRET set), the operations routes and unknown paths, and raw bytes that are
 * not HTTP. Properties: fuzzProperties.ts. Sizes: fuzzBudget.ts (FUZZ_RUNS).
 */
import fc from 'fast-check';
import { expect } from 'chai';
import { loadConfig, type Config } from '../../src/config/config.js';
import { createJsonServer, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createFailureLimiter } from '../../src/authentication/failureLimiter.js';
import { createLogger } from '../../src/observability/logger.js';
import { tokenEndpointOptionsFromConfig, tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { registerTokenEndpoint } from '../../src/authentication/tokenEndpoint.js';
import { createTokenIssuer } from '../../src/authentication/tokenIssuer.js';
import { timeoutFor } from './fuzzBudget.js';
import { bodyArb, headerValue, oddHeaders, pathSegment } from './fuzzBodies.js';
import { targetOf, type FuzzRequest, type FuzzTarget } from './fuzzHttp.js';
import { aliveAt, fuzzSurface, requestOf } from './fuzzProperties.js';
import { fuzzRawSurface } from './fuzzRaw.js';
import { ALL_SENDERS, DEAD_URL, messageBatch, tokenRequestFields, webhookEnvelope } from './validShapes.js';
import { waitFor } from '../support/waitFor.js';

const CLIENT_ID = 'hub-fuzz';
const CLIENT_SECRET = 'fuzz-client-secret-0123456789';
const SIGNING_KEY = 'fuzz-signing-key-0123456789-abcdefghijklmnop';
const WEBHOOK_SECRET = 'fuzz-webhook-secret-0123456789';

function fuzzConfig(): Config {
  return loadConfig({
    BOT_PORT: '0',
    BOT_CLIENT_ID: CLIENT_ID,
    BOT_CLIENT_SECRET: CLIENT_SECRET,
    BOT_TOKEN_SIGNING_KEY: SIGNING_KEY,
    PLATFORM_TENANT: 'fuzz',
    // Nothing listens there: a reply the fuzzed messages provoke fails at once, offline.
    PLATFORM_BASE_URL: DEAD_URL,
    PLATFORM_TOKEN_URL: DEAD_URL,
    PLATFORM_CLIENT_ID: 'x',
    PLATFORM_CLIENT_SECRET: 'y',
    WEBHOOK_SHARED_SECRET: WEBHOOK_SECRET,
    LOG_LEVEL: 'silent',
  });
}

/** Bearer tokens: valid ones mostly, and every kind the callback must refuse. */
async function callbackTokens(cfg: Config): Promise<{ valid: string; refused: string[] }> {
  const own = tokenIssuerFromConfig(cfg)!;
  const base = { signingKey: SIGNING_KEY, issuer: cfg.BOT_TOKEN_ISSUER, audience: cfg.BOT_TOKEN_AUDIENCE, tenant: cfg.PLATFORM_TENANT, ttlSeconds: 60 };
  const expired = await createTokenIssuer({ ...base, now: () => Date.now() - 3_600_000 }).issue(CLIENT_ID);
  const otherTenant = await createTokenIssuer({ ...base, tenant: 'another-tenant' }).issue(CLIENT_ID);
  const otherKey = await createTokenIssuer({ ...base, signingKey: `${SIGNING_KEY}-but-not-ours` }).issue(CLIENT_ID);
  const valid = (await own.issue(CLIENT_ID)).access_token;
  return { valid, refused: [expired.access_token, otherTenant.access_token, otherKey.access_token, `${valid}x`, valid.split('.').slice(0, 2).join('.')] };
}

describe('fuzz: the bot server', function () {
  let cfg: Config;
  let bot: HubBotServer;
  let target: FuzzTarget;
  let tokens: { valid: string; refused: string[] };
  let alive: () => Promise<void>;
  const conversations = Array.from({ length: 12 }, (_, i) => `conv-${i}`);

  before(async () => {
    cfg = fuzzConfig();
    tokens = await callbackTokens(cfg);
    bot = await startHubBotServer({
      config: cfg,
      logger: createLogger({ level: 'silent' }),
      bot: () => ({ run: async () => undefined }),
      worker: { pollIntervalMs: 50 },
    });
    target = targetOf(bot.url);
    alive = aliveAt(target, '/healthz');
  });

  after(async () => {
    target?.agent.destroy();
    await bot?.stop();
  });

  it('[E1] the hub callback: any body under any token answers 200 or a 2.3 refusal, never a 5xx', async function () {
    this.timeout(timeoutFor('bot callback'));
    const authorization = fc.oneof(
      { weight: 8, arbitrary: fc.constant(`Bearer ${tokens.valid}`) },
      { weight: 3, arbitrary: fc.constantFrom(...tokens.refused).map((t) => `Bearer ${t}`) },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom('', 'Bearer', 'Bearer ', 'bearer  x.y.z', `Basic ${Buffer.from('a:b').toString('base64')}`), headerValue(60).map((v) => `Bearer ${v}`)) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
    const request = fc.tuple(bodyArb(messageBatch(ALL_SENDERS, () => conversations), { limitBytes: cfg.BODY_LIMIT_BYTES }), oddHeaders, authorization).map(([body, headers, auth]) =>
      requestOf('POST', cfg.BOT_CALLBACK_PATH, body, auth === undefined ? headers : { ...headers, authorization: auth }),
    );
    const stats = await fuzzSurface({
      name: 'bot callback',
      target,
      request,
      alive,
      secretsOf: (r) => [tokens.valid, ...tokens.refused].filter((t) => r.headers.authorization?.includes(t)),
      check: (r, a) => {
        const auth = r.headers.authorization ?? '';
        if (a.status === 200 && auth !== `Bearer ${tokens.valid}`) throw new Error(`[C9] a callback was accepted with ${auth.slice(0, 40)}`);
      },
    });
    expect(stats.statuses.get(200) ?? 0, 'some fuzzed callbacks were accepted').to.be.greaterThan(0);
    expect(stats.statuses.get(401) ?? 0, 'some fuzzed callbacks were refused for their token').to.be.greaterThan(0);
    // Whatever was accepted is handled: the queue drains and nothing is parked as unprocessable.
    await waitFor(async () => (await bot.inbox.depth()) === 0, { what: 'the inbox to drain', timeoutMs: 30_000 });
    expect((await bot.inbox.deadLetters()).map((d) => d.reason)).to.deep.equal([]);
  });

  it('[E1] the token endpoint: JSON, form and Basic requests answer a token or a 2.3 refusal, and a token only for the right secret', async function () {
    this.timeout(timeoutFor('bot token endpoint'));
    // Its own server with a limiter that never trips, so guessing does not turn every answer into 429.
    const app: JsonServer = createJsonServer({ name: 'fuzz-token' });
    registerTokenEndpoint(app, tokenEndpointOptionsFromConfig(cfg, { limiter: createFailureLimiter({ maxFailures: Number.MAX_SAFE_INTEGER }) })!);
    const own = targetOf(await app.listen());
    try {
      const fields = tokenRequestFields(CLIENT_ID, CLIENT_SECRET);
      const asJson = fc.tuple(bodyArb(fields, { limitBytes: 16 * 1024 }), oddHeaders).map(([b, h]) => requestOf('POST', '/oauth2/token', b, h));
      const asForm = fc.tuple(fields, oddHeaders, fc.boolean()).map(([f, h, chunked]) => requestOf('POST', '/oauth2/token', { body: Buffer.from(new URLSearchParams(f).toString()), contentType: 'application/x-www-form-urlencoded', chunked }, h));
      const asBasic = fc.tuple(fields, oddHeaders, fc.constantFrom('', 'grant_type=client_credentials', '{"client_id":"x"}', '{"client_secret":"y"}')).map(([f, h, body]) =>
        requestOf('POST', '/oauth2/token', { body: Buffer.from(body), contentType: body.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded', chunked: false }, {
          ...h,
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(f.client_id)}:${encodeURIComponent(f.client_secret)}`).toString('base64')}`,
        }),
      );
      const rightSecretIn = (r: FuzzRequest) => (r.body?.toString('utf8') ?? '').includes(CLIENT_SECRET) || Buffer.from((r.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8').includes(CLIENT_SECRET);
      const stats = await fuzzSurface({
        name: 'bot token endpoint',
        target: own,
        request: fc.oneof(asJson, asForm, asBasic),
        alive: async () => {
          // The endpoint alone has no liveness route: a good request must still get a token.
          const ok = await fetch(`${own.base}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET }) });
          if (ok.status !== 200) throw new Error(`the token endpoint stopped issuing tokens: ${ok.status}`);
        },
        secretsOf: () => [CLIENT_SECRET, SIGNING_KEY],
        check: (r, a) => {
          if (a.status === 200 && !rightSecretIn(r)) throw new Error(`a token was issued without the right secret: ${r.body?.toString('utf8').slice(0, 200)}`);
          if (a.status === 200 && !/"access_token"/.test(a.text)) throw new Error('a 200 without access_token');
        },
      });
      expect(stats.statuses.get(200) ?? 0).to.be.greaterThan(0);
      expect(stats.statuses.get(401) ?? 0).to.be.greaterThan(0);
    } finally {
      own.agent.destroy();
      await app.close();
    }
  });

  it('[E1] the knowledge webhook: any delivery answers 204 or a 2.3 refusal; 503 is the only 5xx (W7)', async function () {
    this.timeout(timeoutFor('bot webhook'));
    const secret = fc.oneof({ weight: 8, arbitrary: fc.constant<string | undefined>(WEBHOOK_SECRET) }, { weight: 1, arbitrary: fc.constantFrom(undefined, '', 'wrong', `${WEBHOOK_SECRET} `, WEBHOOK_SECRET.slice(0, -1)) });
    const request = fc.tuple(bodyArb(webhookEnvelope, { limitBytes: cfg.BODY_LIMIT_BYTES }), oddHeaders, secret).map(([b, h, s]) => requestOf('PUT', cfg.BOT_WEBHOOK_PATH, b, s === undefined ? h : { ...h, 'x-webhook-secret': s }));
    const stats = await fuzzSurface({
      name: 'bot webhook',
      target,
      request,
      alive,
      allowed5xx: [503],
      secretsOf: () => [WEBHOOK_SECRET],
      check: (r, a) => {
        if (a.status === 204 && r.headers['x-webhook-secret'] !== WEBHOOK_SECRET) throw new Error('a delivery was accepted without the shared secret');
      },
    });
    expect(stats.statuses.get(204) ?? 0).to.be.greaterThan(0);
  });

  it('[E1] any method on any path with odd headers answers a route or a 2.3 refusal', async function () {
    this.timeout(timeoutFor('bot routes and headers'));
    const paths = fc.oneof(
      fc.constantFrom('/healthz', '/readyz', '/metrics', cfg.BOT_CALLBACK_PATH, '/oauth2/token', cfg.BOT_WEBHOOK_PATH, '/', '//', '/healthz/', '/HEALTHZ', '/healthz?x=%zz'),
      fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`),
    );
    const request = fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND'), paths, bodyArb(fc.jsonValue({ maxDepth: 2 })), oddHeaders).map(([m, p, b, h]) =>
      requestOf(m, p, m === 'GET' || m === 'HEAD' ? { chunked: false } : b, h),
    );
    await fuzzSurface({ name: 'bot routes and headers', target, request, alive, allowed5xx: [] });
  });

  it('[E1] bytes that are not valid HTTP are refused with a 2.3 error body, and the server stays up', async function () {
    this.timeout(timeoutFor('bot raw HTTP'));
    await fuzzRawSurface('bot raw HTTP', bot.url, ['/healthz', cfg.BOT_CALLBACK_PATH, '/oauth2/token', cfg.BOT_WEBHOOK_PATH], alive);
  });
});
