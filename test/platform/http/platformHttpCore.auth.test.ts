import { expect } from 'chai';
import { PlatformError } from '../../../src/errors/platformError.js';
import { callbackTokenProvider } from '../../../src/platform/auth/callbackTokenProvider.js';
import { ClientCredentialsTokenProvider } from '../../../src/platform/auth/clientCredentialsTokenProvider.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { createPlatformHttpCore, type PlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import { startRecordingServer, type RecordedRequest, type RecordingServer, type Responder } from '../recordingServer.js';

const UNAUTHORIZED = { status: 401, body: { code: '401-104', developerMessage: 'The authorization header is invalid or missing.' } };

describe('PlatformHttpCore: bearer tokens', () => {
  let server: RecordingServer;
  let tokens: ClientCredentialsTokenProvider;
  let core: PlatformHttpCore;
  let issued: number;

  beforeEach(async () => {
    issued = 0;
    server = await startRecordingServer();
    tokens = new ClientCredentialsTokenProvider({ tokenUrl: `${server.url}/token`, clientId: 'bot', clientSecret: 'bot-secret-value' });
    core = createPlatformHttpCore({ baseUrl: server.url, tenant: 'acme', customRates: { name: 'custom', defaultRate: 100_000 }, tokenProvider: tokens });
  });
  afterEach(() => server.close());

  const api = (r: RecordedRequest) => !r.path.endsWith('/token');
  const bearerOf = (r: RecordedRequest) => r.headers.authorization;
  const tokenRequests = () => server.requests.filter((r) => r.path.endsWith('/token'));

  /** Token endpoint issuing tok-1, tok-2, ...; API answering `apiReply`. */
  function serve(apiReply: (r: RecordedRequest) => ReturnType<Responder>): void {
    server.reply('*', '*', (r) => (r.path === '/token' ? { status: 200, body: { access_token: `tok-${++issued}`, expires_in: 3600 } } : apiReply(r)));
  }

  it('[C8] sends Authorization: Bearer <token> on every call, whatever the method and service', async () => {
    serve(() => ({ status: 200, body: { ok: true } }));
    await core.request({ method: 'GET', service: 'conversationmgr', path: '/accounts', template: '/accounts' });
    await core.request({ method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', body: { messages: { message: [] } } });
    await core.request({ method: 'DELETE', service: 'conversationmgr', path: '/assets/a1', template: '/assets/{id}' });
    await core.request({ method: 'PUT', service: 'portalmgr', path: '/portals/AB-1234/gh/search', template: '/portals/{portalID}/gh/search', body: {} });
    // A caller's own Authorization header must not replace the token.
    await core.request({ method: 'GET', service: 'eventmgr', path: '/x', template: '/x', headers: { Authorization: 'Bearer forged' } });
    const calls = server.requests.filter(api);
    expect(calls).to.have.length(5);
    for (const r of calls) expect(bearerOf(r)).to.equal('Bearer tok-1');
    expect(tokenRequests()).to.have.length(1);
  });

  it('[C8] 200 concurrent calls that all get 401 make exactly one token request and one retry each', async () => {
    // Hold every 401 until all 200 first attempts have arrived, so each of them really used tok-1.
    let release!: () => void;
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    let firstAttempts = 0;
    serve(async (r) => {
      if (bearerOf(r) === 'Bearer tok-1') {
        if (++firstAttempts === 200) release();
        await allArrived;
        return UNAUTHORIZED;
      }
      return { status: 200, body: { ok: true } };
    });
    await tokens.getToken(); // tok-1 cached, as in a running bot
    const before = tokenRequests().length;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => core.request({ method: 'GET', service: 'conversationmgr', path: `/accounts/${i}`, template: '/accounts/{id}' })),
    );
    expect(results.every((r) => r.status === 200)).to.equal(true);
    expect(tokenRequests().length - before).to.equal(1);
    const calls = server.requests.filter(api);
    expect(calls.filter((r) => bearerOf(r) === 'Bearer tok-1')).to.have.length(200);
    expect(calls.filter((r) => bearerOf(r) === 'Bearer tok-2')).to.have.length(200);
  });

  it('[C8] tells its observer of each refresh after a 401 and of each failure to get a token, with the token endpoint\'s status (operators count both)', async () => {
    const seen: string[] = [];
    const observed = createPlatformHttpCore({
      baseUrl: server.url,
      tenant: 'acme',
      customRates: { name: 'custom', defaultRate: 100_000 },
      tokenProvider: tokens,
      observer: { onTokenRefresh: () => void seen.push('refresh'), onTokenFailure: (status) => void seen.push(`failure ${status}`) },
    });
    serve((r) => (bearerOf(r) === 'Bearer tok-1' ? UNAUTHORIZED : { status: 200, body: { ok: true } }));
    await observed.request({ method: 'GET', service: 'conversationmgr', path: '/accounts', template: '/accounts' });
    expect(seen).to.deep.equal(['refresh']);
    // A wrong secret: the token endpoint refuses, the call fails, the failure is told once.
    tokens.invalidate('tok-2');
    server.reply('*', '*', (r) => (r.path === '/token' ? { status: 401, body: { code: '401-100', developerMessage: 'bad client credentials' } } : { status: 200, body: {} }));
    const err = await observed.request({ method: 'GET', service: 'conversationmgr', path: '/accounts', template: '/accounts' }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(PlatformError);
    expect(seen).to.deep.equal(['refresh', 'failure 401']);
  });

  it('[C8] retries a 401 once only, then reports the 401 as a PlatformError', async () => {
    serve(() => UNAUTHORIZED);
    const err = await core.request({ method: 'GET', service: 'conversationmgr', path: '/accounts', template: '/accounts' }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(PlatformError);
    expect((err as PlatformError).status).to.equal(401);
    expect((err as PlatformError).code).to.equal('401-104');
    expect(server.requests.filter(api).map(bearerOf)).to.deep.equal(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('[A2] uses the per-call token provider of a portal call instead of the default one', async () => {
    serve(() => ({ status: 200, body: {} }));
    const user = new StaticTokenProvider('user-token-abc');
    await core.request({ method: 'POST', service: 'portalmgr', path: '/portals/AB-1234/gh/quickpicks/q1', template: '/portals/{portalID}/gh/quickpicks/{quickpickID}', tokenProvider: user });
    expect(server.requests.filter(api).map(bearerOf)).to.deep.equal(['Bearer user-token-abc']);
    expect(tokenRequests()).to.have.length(0);
  });

  it('[A2] refreshes a per-call provider on 401 by asking its callback again, leaving the default provider alone', async () => {
    let asked = 0;
    const onBehalf = callbackTokenProvider(async () => `obo-${++asked}`);
    serve((r) => (bearerOf(r) === 'Bearer obo-1' ? UNAUTHORIZED : { status: 200, body: {} }));
    const res = await core.request({ method: 'GET', service: 'portalmgr', path: '/portals/AB-1234/gh/profiles', template: '/portals/{portalID}/gh/profiles', tokenProvider: onBehalf });
    expect(res.status).to.equal(200);
    expect(server.requests.filter(api).map(bearerOf)).to.deep.equal(['Bearer obo-1', 'Bearer obo-2']);
    expect(tokenRequests()).to.have.length(0);
  });
});
