import { expect } from 'chai';
import { Writable } from 'node:stream';
import { decodeJwt } from 'jose';
import { createJsonServer, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { registerTokenEndpoint } from '../../src/authentication/tokenEndpoint.js';
import { createTokenIssuer } from '../../src/authentication/tokenIssuer.js';
import { createFailureLimiter } from '../../src/authentication/failureLimiter.js';
import { createLogger } from '../../src/observability/logger.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { oauth2SettingsSchema, encodeTokenPayload } from '../../src/schemas/authentication.js';
import { queryJsonPath } from '../../src/jsonpath/jsonPathSubset.js';

const CLIENT_ID = 'hub-client';
const CLIENT_SECRET = 'a-long-client-secret-0123456789';
const SIGNING_KEY = 'signing-key-0123456789-0123456789-abcdef';

describe('server: built-in OAuth2 client-credentials token endpoint', () => {
  let app: JsonServer;
  let base: string;
  let logLines: string[];

  async function start(limits: { maxFailures?: number } = {}): Promise<void> {
    logLines = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, cb) {
        logLines.push(chunk.toString('utf8'));
        cb();
      },
    });
    app = createJsonServer({ name: 'token-test' });
    registerTokenEndpoint(app, {
      clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }],
      issuer: createTokenIssuer({ signingKey: SIGNING_KEY, issuer: 'hubbot', audience: 'hubbot-callback', tenant: 'acme', ttlSeconds: 600 }),
      limiter: createFailureLimiter({ maxFailures: limits.maxFailures ?? 10, windowMs: 60_000 }),
      logger: createLogger({ destination, level: 'info' }),
    });
    base = await app.listen();
  }

  afterEach(() => app.close());

  const post = (body: string | undefined, headers: Record<string, string> = {}) => fetch(`${base}/oauth2/token`, { method: 'POST', body, headers });

  function expectToken(json: { access_token: string; token_type: string; expires_in: number }): void {
    expect(json.token_type).to.equal('Bearer');
    expect(json.expires_in).to.equal(600);
    const claims = decodeJwt(json.access_token);
    expect(claims).to.include({ iss: 'hubbot', aud: 'hubbot-callback', sub: CLIENT_ID, tenant: 'acme' });
    expect(claims.jti).to.be.a('string');
    expect(claims.exp! - claims.iat!).to.equal(600);
  }

  it('[C9] answers the JSON body the hub sends from its stored payload, token found at $.access_token', async () => {
    await start();
    // The authentication resource as the hub stores it (spec 2.1): payload is a JSON document in a string.
    const settings = oauth2SettingsSchema.parse({
      tokenRequestUrl: `${base}/oauth2/token`,
      method: 'POST',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      payload: encodeTokenPayload({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' }),
      accessTokenPath: '$.access_token',
    });
    const r = await fetch(settings.tokenRequestUrl, {
      method: settings.method,
      headers: Object.fromEntries(settings.headers.map((h) => [h.name, h.value])),
      body: settings.payload,
    });
    expect(r.status).to.equal(200);
    expect(r.headers.get('cache-control')).to.equal('no-store');
    const json = await r.json();
    expectToken(json);
    expect(queryJsonPath(settings.accessTokenPath, json)).to.equal(json.access_token);
  });

  it('accepts a form-urlencoded body', async () => {
    await start();
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    const r = await post(form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(r.status).to.equal(200);
    expectToken(await r.json());
  });

  it('accepts HTTP Basic credentials (form-urlencoded before base64, RFC 6749 2.3.1)', async () => {
    await start();
    const basic = Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64');
    const r = await post('grant_type=client_credentials', { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' });
    expect(r.status).to.equal(200);
    expectToken(await r.json());
  });

  it('accepts a JSON body without a Content-Type (a stored request may omit the header)', async () => {
    await start();
    const r = await post(JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET }));
    expect(r.status).to.equal(200);
  });

  it('[E1] refuses a wrong secret with 401-106 in the 2.3 body, never echoing the secret', async () => {
    await start();
    const wrong = 'wrong-secret-value-ABCDEFGH';
    const r = await post(JSON.stringify({ client_id: CLIENT_ID, client_secret: wrong, grant_type: 'client_credentials' }), { 'content-type': 'application/json' });
    expect(r.status).to.equal(401);
    const text = await r.text();
    const body = JSON.parse(text);
    expect(isErrorBodyFor(401, body)).to.equal(true);
    expect(body.code).to.equal('401-106');
    expect(text).to.not.contain(wrong);
    expect(text).to.not.contain(CLIENT_SECRET);
    const logs = logLines.join('');
    expect(logs).to.contain('invalid client credentials');
    expect(logs).to.not.contain(wrong);
  });

  it('refuses an unknown client id the same way as a wrong secret', async () => {
    await start();
    const r = await post(JSON.stringify({ client_id: 'someone-else', client_secret: CLIENT_SECRET }), { 'content-type': 'application/json' });
    expect(r.status).to.equal(401);
    expect((await r.json()).code).to.equal('401-106');
  });

  it('answers a wrong Basic secret with 401 and a Basic challenge', async () => {
    await start();
    const basic = Buffer.from(`${CLIENT_ID}:nope-nope-nope`).toString('base64');
    const r = await post(undefined, { authorization: `Basic ${basic}` });
    expect(r.status).to.equal(401);
    expect(r.headers.get('www-authenticate')).to.match(/^Basic /);
  });

  it('[E1] answers a missing secret with 400-112 and an unsupported grant type with 400-196', async () => {
    await start();
    const r1 = await post(JSON.stringify({ client_id: CLIENT_ID }), { 'content-type': 'application/json' });
    expect(r1.status).to.equal(400);
    expect(await r1.json()).to.include({ code: '400-112' });
    const r2 = await post(JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, grant_type: 'password' }), { 'content-type': 'application/json' });
    expect(r2.status).to.equal(400);
    expect(await r2.json()).to.include({ code: '400-196' });
    const r3 = await post('{not json', { 'content-type': 'application/json' });
    expect(r3.status).to.equal(400);
    expect(isErrorBodyFor(400, await r3.json())).to.equal(true);
  });

  it('[E2] [S2] rate-limits guessing: past the failure limit a wrong secret is 429-001, the right secret still gets its token', async () => {
    await start({ maxFailures: 3 });
    const guess = (secret: string) => post(JSON.stringify({ client_id: CLIENT_ID, client_secret: secret }), { 'content-type': 'application/json' });
    for (let i = 0; i < 3; i += 1) expect((await guess(`guess-${i}`)).status).to.equal(401);
    const limited = await guess('guess-3');
    expect(limited.status).to.equal(429);
    expect(limited.headers.get('content-type')).to.match(/^application\/json/);
    expect(Number(limited.headers.get('retry-after'))).to.be.within(1, 300);
    expect(await limited.json()).to.deep.equal({ code: '429-001', developerMessage: 'Too many requests.' });
    // Never refused for failures, its own address's included: the hub must always get its token (S2).
    expect((await guess(CLIENT_SECRET)).status).to.equal(200);
  });

  it('rate-limits per remote address across client ids', async () => {
    await start({ maxFailures: 2 });
    for (const id of ['x1', 'x2']) {
      expect((await post(JSON.stringify({ client_id: id, client_secret: 's' }), { 'content-type': 'application/json' })).status).to.equal(401);
    }
    const r = await post(JSON.stringify({ client_id: 'x3', client_secret: 's' }), { 'content-type': 'application/json' });
    expect(r.status).to.equal(429);
  });
});
