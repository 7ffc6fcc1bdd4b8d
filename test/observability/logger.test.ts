import { expect } from 'chai';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/observability/logger.js';
import { PlatformError } from '../../src/errors/platformError.js';

const SECRETS = {
  clientSecret: 'cs-Zq7Xw2Lp9Rt4Vb6N',
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJodWIifQ.c2lnbmF0dXJlLXNlY3JldA',
  refreshToken: 'rt-Hk3Jm8Nq1Ws5Yx0C',
  password: 'pw-Gf4Dk9Lz2Mx7Qc1V',
  signing: 'sk-Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8Ii9Jj0Kk',
  opaque: 'op-Tt6Uu7Vv8Ww9Xx0Yy',
};

function capture(): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString('utf8'));
      cb();
    },
  });
  return { lines, logger: createLogger({ destination, level: 'trace' }) };
}

function expectNoSecret(text: string): void {
  for (const [name, secret] of Object.entries(SECRETS)) expect(text, `${name} leaked`).to.not.contain(secret);
}

describe('server: logger redacts secrets', () => {
  it('hides secret-named fields at the top level and nested, in headers, bodies and arrays', () => {
    const { lines, logger } = capture();
    logger.info({
      client_secret: SECRETS.clientSecret,
      req: { headers: { authorization: `Bearer ${SECRETS.accessToken}`, cookie: `session=${SECRETS.opaque}` } },
      tokenResponse: { access_token: SECRETS.accessToken, refresh_token: SECRETS.refreshToken, token_type: 'Bearer' },
      user: { profile: { settings: { password: SECRETS.password } } },
      clients: [{ clientId: 'hub', clientSecret: SECRETS.clientSecret }],
      config: { BOT_TOKEN_SIGNING_KEY: SECRETS.signing, secret: SECRETS.opaque, token: SECRETS.opaque },
    }, 'token fetched');
    const text = lines.join('');
    expectNoSecret(text);
    expect(text).to.contain('[REDACTED]');
    expect(text).to.contain('"token_type":"Bearer"');
    expect(text).to.contain('"clientId":"hub"');
  });

  it('hides the payload of an authentication resource (spec 2.1 carries the client secret in it)', () => {
    const { lines, logger } = capture();
    const payload = JSON.stringify({ client_id: 'hub', client_secret: SECRETS.clientSecret });
    logger.info({ authentication: { name: 'bot', type: 'oauth2', oauth2: { tokenRequestUrl: 'http://127.0.0.1/t', payload, accessTokenPath: '$.access_token' } } });
    const text = lines.join('');
    expectNoSecret(text);
    expect(text).to.contain('$.access_token');
  });

  it('scrubs errors: HTTP client config and response, messages, stacks and causes', () => {
    const { lines, logger } = capture();
    const httpError = Object.assign(new Error(`Request failed: Authorization: Bearer ${SECRETS.accessToken}`), {
      isAxiosError: true,
      config: {
        method: 'post',
        url: `https://api.example.test/token?client_secret=${SECRETS.clientSecret}`,
        headers: { Authorization: `Basic ${Buffer.from(`hub:${SECRETS.clientSecret}`).toString('base64')}` },
        data: `grant_type=client_credentials&client_secret=${SECRETS.clientSecret}`,
      },
      response: { status: 400, data: { access_token: SECRETS.accessToken } },
      cause: new Error(`connect redis://default:${SECRETS.password}@10.0.0.1:6379 failed`),
    });
    logger.error({ err: httpError }, 'token request failed');
    logger.error(new PlatformError({ status: 401, code: '401-106', developerMessage: 'bad credentials', details: [{ key: 'refresh_token', value: SECRETS.refreshToken }] }));
    logger.warn({ error: { detail: `{"client_secret":"${SECRETS.clientSecret}"}` } });
    const text = lines.join('');
    expectNoSecret(text);
    expect(text).to.contain('token request failed');
    expect(text).to.contain('"status":400');
    expect(text).to.contain('401-106');
  });

  it('hides secrets deeper than the redact paths reach, and secret-named name/value pairs', () => {
    const { lines, logger } = capture();
    logger.info({
      a: { b: { c: { d: { e: { f: { clientSecret: SECRETS.clientSecret } } } } } },
      headers: [{ name: 'Authorization', value: `Bearer ${SECRETS.accessToken}` }, { name: 'Accept', value: 'application/json' }],
      details: [{ key: 'refresh_token', value: SECRETS.refreshToken }],
      note: 'Basic authentication is not used here',
    });
    const text = lines.join('');
    expectNoSecret(text);
    expect(text).to.contain('"value":"application/json"');
    expect(text).to.contain('Basic authentication is not used here');
  });

  it('scrubs tokens pasted into a log message', () => {
    const { lines, logger } = capture();
    logger.info(`calling back with Bearer ${SECRETS.accessToken}`);
    logger.info({ n: 1 }, `jwt ${SECRETS.accessToken} and client_secret=${SECRETS.clientSecret}`);
    expectNoSecret(lines.join(''));
  });
});
