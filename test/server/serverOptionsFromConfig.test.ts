import { expect } from 'chai';
import { serverConfigProblems } from '../../src/server/serverConfigProblems.js';
import sinon from 'sinon';
import { loadConfig } from '../../src/config/config.js';
import { createJsonServer, sendJson, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { queryJsonPath } from '../../src/jsonpath/jsonPathSubset.js';
import { encodeTokenPayload } from '../../src/schemas/authentication.js';
import { createCallbackAuthenticator } from '../../src/authentication/callbackAuthenticator.js';
import { callbackAuthenticatorOptionsFromConfig, tokenEndpointOptionsFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { registerTokenEndpoint } from '../../src/authentication/tokenEndpoint.js';

const ENV = {
  PLATFORM_TENANT: 'acme',
  BOT_CLIENT_ID: 'hub-client',
  BOT_CLIENT_SECRET: 'client-secret-0123456789abcdef',
  BOT_TOKEN_SIGNING_KEY: 'signing-key-0123456789abcdef-0123456789',
  BOT_TOKEN_TTL_SECONDS: '300',
  CALLBACK_CLOCK_SKEW_SECONDS: '10',
};

describe('server: token endpoint and callback authentication from configuration', () => {
  let app: JsonServer;
  let base: string;
  let clock: sinon.SinonFakeTimers;

  before(async () => {
    const cfg = loadConfig(ENV);
    app = createJsonServer({ name: 'bot' });
    registerTokenEndpoint(app, tokenEndpointOptionsFromConfig(cfg)!);
    const authenticate = createCallbackAuthenticator(callbackAuthenticatorOptionsFromConfig(cfg)!);
    app.route('post', '/api/hub/callback', async ({ req, res }) => {
      await authenticate(req);
      sendJson(res, 200, { ok: true });
    });
    base = await app.listen();
  });
  after(() => app.close());
  beforeEach(() => {
    // Only Date is faked: sockets and their timers stay real.
    clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
  });
  afterEach(() => clock.restore());

  /** What the hub does with its stored authentication resource (spec 2.1, 5.4). */
  async function hubFetchesToken(): Promise<string> {
    const r = await fetch(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: encodeTokenPayload({ client_id: ENV.BOT_CLIENT_ID, client_secret: ENV.BOT_CLIENT_SECRET, grant_type: 'client_credentials' }),
    });
    expect(r.status).to.equal(200);
    return queryJsonPath('$.access_token', await r.json()) as string;
  }

  const callback = (token: string) => fetch(`${base}/api/hub/callback`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: '{}' });

  it('[C9] a token from the endpoint is reused until the callback answers 401, then a new one is fetched', async () => {
    const first = await hubFetchesToken();
    expect((await callback(first)).status).to.equal(200);
    clock.tick(200_000);
    expect((await callback(first)).status).to.equal(200);
    clock.tick(120_000); // 320 s: past the 300 s lifetime and the 10 s skew
    const refused = await callback(first);
    expect(refused.status).to.equal(401);
    expect((await refused.json()).code).to.equal('401-105');
    const second = await hubFetchesToken();
    expect(second).to.not.equal(first);
    expect((await callback(second)).status).to.equal(200);
  });

  it('enables nothing that is not configured', () => {
    const cfg = loadConfig({});
    expect(tokenEndpointOptionsFromConfig(cfg)).to.equal(undefined);
    expect(callbackAuthenticatorOptionsFromConfig(cfg)).to.equal(undefined);
  });

  it('trusts an external JWKS issuer when CALLBACK_ISSUER and CALLBACK_JWKS_URL are set', () => {
    const opts = callbackAuthenticatorOptionsFromConfig(loadConfig({ ...ENV, CALLBACK_ISSUER: 'https://idp.test/', CALLBACK_JWKS_URL: 'https://idp.test/jwks' }))!;
    expect(opts.issuers.map((i) => i.issuer)).to.deep.equal(['hubbot', 'https://idp.test/']);
    expect(opts.clockToleranceSeconds).to.equal(10);
  });

  it('refuses configurations that cannot work', () => {
    // The signing key is the server's need, not provisioning's (M1): loadConfig takes it, the server refuses it.
    const withoutKey = loadConfig({ BOT_CLIENT_ID: 'x', BOT_CLIENT_SECRET: 'client-secret-0123456789' });
    expect(serverConfigProblems(withoutKey, { listen: false, platformCredentials: false }).join('\n')).to.match(/BOT_TOKEN_SIGNING_KEY/);
    expect(() => loadConfig({ CALLBACK_JWKS_URL: 'https://idp.test/jwks' })).to.throw(/CALLBACK_ISSUER/);
  });
});
