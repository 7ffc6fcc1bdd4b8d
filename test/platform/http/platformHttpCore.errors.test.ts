import { expect } from 'chai';
import { PlatformError } from '../../../src/errors/platformError.js';
import { ClientCredentialsTokenProvider } from '../../../src/platform/auth/clientCredentialsTokenProvider.js';
import { createPlatformHttpCore, type PlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import type { RequestSpec } from '../../../src/platform/http/types.js';
import { expectNoSecret } from './expectNoSecret.js';
import { startRecordingServer, type RecordingServer, type Responder } from '../recordingServer.js';

const SECRET = 'client-secret-do-not-leak-7731';
const TOKEN = 'access-token-do-not-leak-9902';

const resume: RequestSpec = {
  method: 'POST',
  service: 'portalmgr',
  path: '/portals/AB-1234/gh/quickpicks/q1',
  template: '/portals/{portalID}/gh/quickpicks/{quickpickID}',
  operation: 'gh.quickpicks.resume',
  query: { $lang: 'fr-FR', ghCustomAdditionalAttributes: 'question.custom.color', skipped: undefined },
  headers: { 'x-platform-activity-id': '42', 'x-ext-integration-id': undefined },
};

describe('PlatformHttpCore: requests, answers and errors', () => {
  let server: RecordingServer;
  let core: PlatformHttpCore;

  beforeEach(async () => {
    server = await startRecordingServer();
    const tokens = new ClientCredentialsTokenProvider({ tokenUrl: `${server.url}/token`, clientId: 'bot', clientSecret: SECRET });
    core = createPlatformHttpCore({
      baseUrl: server.url,
      tenant: 'acme',
      customRates: { name: 'custom', defaultRate: 100_000 },
      tokenProvider: tokens,
      retryDelaysMs: [1, 1, 1],
    });
  });
  afterEach(() => server.close());

  function answerApi(reply: Responder): void {
    server.reply('*', '*', (r) => (r.path === '/token' ? { status: 200, body: { access_token: TOKEN, expires_in: 3600 } } : reply(r)));
  }
  const apiCalls = () => server.requests.filter((r) => r.path !== '/token');

  it('sends query, headers and a JSON body, and parses the JSON answer', async () => {
    answerApi(() => ({ status: 200, body: { casebase: { id: '7' } }, headers: { 'x-platform-activity-id': '42' } }));
    const res = await core.request<{ casebase: { id: string } }>({ ...resume, body: { linkToActivity: true } });
    expect(res.status).to.equal(200);
    expect(res.data.casebase.id).to.equal('7');
    expect(res.headers['x-platform-activity-id']).to.equal('42');
    const [req] = apiCalls();
    expect(req.query.$lang).to.equal('fr-FR');
    expect(req.query.ghCustomAdditionalAttributes).to.equal('question.custom.color');
    expect('skipped' in req.query).to.equal(false);
    expect(req.headers['x-platform-activity-id']).to.equal('42');
    expect(req.headers).to.not.have.property('x-ext-integration-id');
    expect(req.headers['content-type']).to.equal('application/json');
    expect(JSON.parse(req.raw.toString('utf8'))).to.deep.equal({ linkToActivity: true });
  });

  it('answers 202/204 with no body as undefined data', async () => {
    answerApi(() => ({ status: 204 }));
    const res = await core.request({ method: 'DELETE', service: 'conversationmgr', path: '/assets/a1', template: '/assets/{id}' });
    expect(res.status).to.equal(204);
    expect(res.data).to.equal(undefined);
  });

  it('[E3] sends Accept-Language and X-platform-error-message, and passes the error text through', async () => {
    answerApi((r) => ({
      status: 404,
      body: {
        code: '404-101',
        developerMessage: r.headers['accept-language'] === 'fr-FR' ? 'Introuvable : quickpick q1.' : 'Not found: quickpick q1.',
        userMessage: r.headers['x-platform-error-message'] === 'yes' ? 'Ce raccourci n’existe plus.' : undefined,
      },
    }));
    const err = (await core.request({ ...resume, acceptLanguage: 'fr-FR', wantUserMessage: true }).catch((e: unknown) => e)) as PlatformError;
    const [req] = apiCalls();
    expect(req.headers['accept-language']).to.equal('fr-FR');
    expect(req.headers['x-platform-error-message']).to.equal('yes');
    expect(err).to.be.instanceOf(PlatformError);
    expect(err.developerMessage).to.equal('Introuvable : quickpick q1.');
    expect(err.userMessage).to.equal('Ce raccourci n’existe plus.');
  });

  it('[E4] turns an error body into a PlatformError with status, code, developerMessage and details', async () => {
    answerApi(() => ({ status: 400, body: { code: '400-196', developerMessage: 'bad value', details: [{ key: '$lang', value: 'xx' }], extra: 'kept' } }));
    const err = (await core.request(resume).catch((e: unknown) => e)) as PlatformError;
    expect(err).to.be.instanceOf(PlatformError);
    expect(err.status).to.equal(400);
    expect(err.code).to.equal('400-196');
    expect(err.developerMessage).to.equal('bad value');
    expect(err.details).to.deep.equal([{ key: '$lang', value: 'xx' }]);
    expect(apiCalls()).to.have.length(1); // a 400 is final
  });

  it('[E4] turns a non-JSON error answer into a PlatformError too', async () => {
    answerApi(() => ({ status: 500, text: '<html>upstream exploded</html>', headers: { 'content-type': 'text/html' } }));
    const err = (await core.request(resume).catch((e: unknown) => e)) as PlatformError;
    expect(err).to.be.instanceOf(PlatformError);
    expect(err.status).to.equal(500);
    expect(err.code).to.equal('500-000');
  });

  it('[E4] reports a timeout as 504-100 once its retries are spent, and an unreachable platform as 502-102', async () => {
    answerApi(() => ({ status: 200, hang: true }));
    const slow = (await core.request({ ...resume, timeoutMs: 300 }).catch((e: unknown) => e)) as PlatformError;
    expect(slow).to.be.instanceOf(PlatformError);
    expect(slow.code).to.equal('504-100');
    expect(apiCalls()).to.have.length(4); // first try and three retries
    expectNoSecret(slow, [SECRET, TOKEN]);

    const tokens = new ClientCredentialsTokenProvider({ tokenUrl: `${server.url}/token`, clientId: 'bot', clientSecret: SECRET });
    await tokens.getToken();
    const dead = await startRecordingServer();
    await dead.close();
    const offline = createPlatformHttpCore({ baseUrl: dead.url, tenant: 'acme', customRates: { name: 'custom', defaultRate: 100_000 }, tokenProvider: tokens, retryDelaysMs: [1] });
    const err = (await offline.request(resume).catch((e: unknown) => e)) as PlatformError;
    expect(err).to.be.instanceOf(PlatformError);
    expect(err.code).to.equal('502-102');
    expectNoSecret(err, [SECRET, TOKEN]);
  });

  it('never writes the client secret or the token to its logs', async () => {
    const lines: string[] = [];
    const log = (obj: object, msg?: string) => lines.push(`${msg} ${JSON.stringify(obj)}`);
    const logged = createPlatformHttpCore({
      baseUrl: server.url,
      tenant: 'acme',
      customRates: { name: 'custom', defaultRate: 100_000 },
      tokenProvider: new ClientCredentialsTokenProvider({ tokenUrl: `${server.url}/token`, clientId: 'bot', clientSecret: SECRET }),
      retryDelaysMs: [1, 1, 1],
      logger: { debug: log, warn: log },
    });
    const answers = [
      { status: 401, body: { code: '401-104', developerMessage: 'no' } },
      { status: 429, body: { code: '429-001', developerMessage: 'Too many requests.' } },
      { status: 503, text: 'busy' },
      { status: 200, body: { token: TOKEN } },
    ];
    answerApi(() => answers.shift()!);
    await logged.request(resume);
    expect(lines.length).to.be.at.least(4);
    for (const line of lines) expect(line).to.not.contain(SECRET).and.not.contain(TOKEN);
  });

  it('never lets the client secret or the token appear in a thrown error, whatever the failure', async () => {
    const failures: Responder[] = [
      () => ({ status: 400, body: { code: '400-112', developerMessage: 'missing thing' } }),
      () => ({ status: 503, text: 'busy' }),
      () => ({ status: 429, body: { code: '429-001', developerMessage: 'Too many requests.' } }),
      () => ({ status: 401, body: { code: '401-104', developerMessage: 'no' } }),
    ];
    for (const failure of failures) {
      answerApi(failure);
      const err = await core.request(resume).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(PlatformError);
      expectNoSecret(err, [SECRET, TOKEN]);
    }
    // And a refused token request (its request body holds the secret).
    server.reply('*', '*', () => ({ status: 400, body: { error: 'invalid_client' } }));
    const fresh = createPlatformHttpCore({
      baseUrl: server.url,
      tenant: 'acme',
      tokenProvider: new ClientCredentialsTokenProvider({ tokenUrl: `${server.url}/token`, clientId: 'bot', clientSecret: SECRET }),
    });
    const refused = await fresh.request(resume).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(PlatformError);
    expectNoSecret(refused, [SECRET, TOKEN]);
  });
});
