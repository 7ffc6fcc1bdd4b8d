import { expect } from 'chai';
import { ClientCredentialsTokenProvider, type ClientCredentialsOptions } from '../../../src/platform/auth/clientCredentialsTokenProvider.js';
import { PlatformError } from '../../../src/errors/platformError.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { expectNoSecret } from '../http/expectNoSecret.js';
import { waitFor } from '../../support/waitFor.js';

const SECRET = 'cs-very-secret-value-42';

describe('ClientCredentialsTokenProvider', () => {
  let server: RecordingServer;
  let issued = 0;
  let now = 1_000_000;

  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    issued = 0;
    now = 1_000_000;
    server.reply('*', '*', () => ({ status: 200, body: { access_token: `tok-${++issued}`, token_type: 'Bearer', expires_in: 3600 } }));
  });

  function provider(extra: Partial<ClientCredentialsOptions> = {}): ClientCredentialsTokenProvider {
    return new ClientCredentialsTokenProvider({
      tokenUrl: `${server.url}/oauth2/token`,
      clientId: 'bot client',
      clientSecret: SECRET,
      scopes: ['app.conversation.conversationmgr.manage', 'app.conversation.conversationmgr.interaction.manage'],
      now: () => now,
      ...extra,
    });
  }

  it('[A1] asks the configured token endpoint with a form-encoded client_credentials grant', async () => {
    const token = await provider().getToken();
    expect(token).to.equal('tok-1');
    const [req] = server.requests;
    expect(req.method).to.equal('POST');
    expect(req.path).to.equal('/oauth2/token');
    expect(req.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(req.raw.toString('utf8'));
    expect(form.get('grant_type')).to.equal('client_credentials');
    expect(form.get('client_id')).to.equal('bot client');
    expect(form.get('client_secret')).to.equal(SECRET);
    expect(form.get('scope')).to.equal('app.conversation.conversationmgr.manage app.conversation.conversationmgr.interaction.manage');
    expect(req.headers.authorization).to.equal(undefined);
  });

  it('[A1] sends the credentials as HTTP Basic when asked, and not in the body', async () => {
    await provider({ clientAuth: 'basic', scopes: [] }).getToken();
    const [req] = server.requests;
    const form = new URLSearchParams(req.raw.toString('utf8'));
    expect(form.get('grant_type')).to.equal('client_credentials');
    expect(form.has('client_secret')).to.equal(false);
    expect(form.has('scope')).to.equal(false);
    const decoded = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64').toString();
    expect(decoded).to.equal(`bot+client:${SECRET}`);
  });

  it('caches the token until shortly before it expires, then refreshes in the background', async () => {
    const p = provider({ refreshAheadMs: 60_000 });
    expect(await p.getToken()).to.equal('tok-1');
    now += 3_500_000; // 100 s before expiry: outside the refresh-ahead window
    expect(await p.getToken()).to.equal('tok-1');
    expect(server.requests).to.have.length(1);
    now += 50_000; // 50 s before expiry: refresh ahead, but the caller still gets the valid token
    expect(await p.getToken()).to.equal('tok-1');
    await waitFor(() => server.requests.length === 2, 'the refresh request');
    await waitFor(async () => (await p.getToken()) === 'tok-2', 'the refreshed token');
    expect(server.requests).to.have.length(2);
  });

  it('[C8] shares one token request between concurrent callers once the token has expired', async () => {
    const p = provider();
    await p.getToken();
    now += 3_600_001;
    const tokens = await Promise.all(Array.from({ length: 100 }, () => p.getToken()));
    expect(new Set(tokens)).to.deep.equal(new Set(['tok-2']));
    expect(server.requests).to.have.length(2);
  });

  it('[C8] on invalidate drops the token only if it is still the one that failed', async () => {
    const p = provider();
    const first = await p.getToken();
    p.invalidate('some-older-token');
    expect(await p.getToken()).to.equal(first);
    p.invalidate(first);
    expect(await p.getToken()).to.equal('tok-2');
    p.invalidate(first); // a late 401 for the old token must not throw away the new one
    expect(await p.getToken()).to.equal('tok-2');
    expect(server.requests).to.have.length(2);
  });

  it('[E4] reports a refused token request as a PlatformError that carries neither secret nor body text', async () => {
    server.reply('*', '*', () => ({ status: 401, body: { error: 'invalid_client', error_description: `client secret ${SECRET} is wrong` } }));
    const err = await provider().getToken().catch((e: unknown) => e);
    expect(err).to.be.instanceOf(PlatformError);
    const perr = err as PlatformError;
    expect(perr.status).to.equal(401);
    expect(perr.code).to.equal('401-106');
    expect(perr.details).to.deep.include({ key: 'error', value: 'invalid_client' });
    expectNoSecret(perr, [SECRET]);
  });

  it('[E4] keeps a 2.3 error body of the token endpoint, and reports a 200 without access_token', async () => {
    server.reply('*', '*', () => ({ status: 503, body: { code: '503-100', developerMessage: 'down for maintenance' } }));
    const down = (await provider().getToken().catch((e: unknown) => e)) as PlatformError;
    expect(down).to.be.instanceOf(PlatformError);
    expect([down.status, down.code, down.developerMessage]).to.deep.equal([503, '503-100', 'down for maintenance']);
    server.reply('*', '*', () => ({ status: 200, body: { token_type: 'Bearer' } }));
    const empty = (await provider().getToken().catch((e: unknown) => e)) as PlatformError;
    expect(empty).to.be.instanceOf(PlatformError);
    expect(empty.code).to.equal('502-101');
  });

  it('[E4] reports an unreachable token endpoint without leaking the request (which holds the secret)', async () => {
    const dead = await startRecordingServer();
    const url = `${dead.url}/token`;
    await dead.close();
    const err = await provider({ tokenUrl: url }).getToken().catch((e: unknown) => e);
    expect(err).to.be.instanceOf(PlatformError);
    expect((err as PlatformError).code).to.equal('502-102');
    expect((err as PlatformError).cause).to.equal(undefined);
    expectNoSecret(err, [SECRET]);
  });
});
