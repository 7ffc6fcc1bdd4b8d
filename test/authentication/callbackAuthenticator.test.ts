import { expect } from 'chai';
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import type { JsonServer } from '../../src/httpServer/jsonServer.js';
import { createCallbackAuthenticator } from '../../src/authentication/callbackAuthenticator.js';
import { createTokenIssuer } from '../../src/authentication/tokenIssuer.js';
import { MemoryRevocationStore } from '../../src/authentication/revocationStore.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { callWith, startCallbackServer } from './callbackTestServer.js';

const KEY = 'bot-signing-key-0123456789-0123456789';
const PARTNER_SECRET = 'partner-shared-secret-0123456789-xyz';
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);

/** A token with our issuer's claims, overridable claim by claim. */
async function ownToken(claims: JWTPayload, key = KEY, issuedAtMs = T0): Promise<string> {
  const iat = Math.floor(issuedAtMs / 1000);
  return new SignJWT({ tenant: 'acme', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer((claims.iss as string) ?? 'hubbot')
    .setAudience((claims.aud as string) ?? 'hubbot-callback')
    .setSubject('hub-client')
    .setJti((claims.jti as string) ?? `jti-${Math.random()}`)
    .setIssuedAt(iat)
    .setExpirationTime((claims.exp as number) ?? iat + 600)
    .sign(new TextEncoder().encode(key));
}

describe('server: callback authentication', () => {
  let now = T0;
  const revocations = new MemoryRevocationStore(() => now);
  const issuer = createTokenIssuer({ signingKey: KEY, issuer: 'hubbot', audience: 'hubbot-callback', tenant: 'acme', ttlSeconds: 600, now: () => now });
  const refusals: string[] = [];
  let app: JsonServer;
  let url: string;

  before(async () => {
    const authenticate = createCallbackAuthenticator({
      issuers: [issuer.trust, { issuer: 'partner-idp', secret: PARTNER_SECRET, tenantClaim: null }],
      audience: 'hubbot-callback',
      tenant: 'acme',
      clockToleranceSeconds: 30,
      revocations,
      now: () => now,
      onRefused: (reason) => refusals.push(reason),
    });
    ({ app, url } = await startCallbackServer(authenticate));
  });
  after(() => app.close());
  beforeEach(() => {
    now = T0;
    refusals.length = 0;
  });

  async function expectRefused(r: Response, code = '401-104'): Promise<void> {
    expect(r.status).to.equal(401);
    const body = await r.json();
    expect(isErrorBodyFor(401, body)).to.equal(true);
    expect(body.code).to.equal(code);
  }

  it('[C9] accepts a token issued by the built-in token endpoint', async () => {
    const { access_token } = await issuer.issue('hub-client');
    const r = await callWith(url, `Bearer ${access_token}`);
    expect(r.status).to.equal(200);
    expect(await r.json()).to.deep.equal({ subject: 'hub-client', tenant: 'acme', issuer: 'hubbot' });
  });

  it('[C9] reuses one token for many callbacks while it is valid (the hub reuses it until a 401)', async () => {
    const { access_token } = await issuer.issue('hub-client');
    for (let i = 0; i < 3; i += 1) expect((await callWith(url, `Bearer ${access_token}`)).status).to.equal(200);
  });

  it('[C9] answers 401 with an error body when the token is missing', async () => {
    await expectRefused(await callWith(url));
    await expectRefused(await callWith(url, 'Basic aHViOnNlY3JldA=='));
  });

  it('[C9] answers 401 for a malformed token', async () => {
    await expectRefused(await callWith(url, 'Bearer not-a-jwt'));
    await expectRefused(await callWith(url, 'Bearer'));
    expect(refusals).to.include('malformed token');
  });

  it('[C9] answers 401 for a token with a wrong signature', async () => {
    await expectRefused(await callWith(url, `Bearer ${await ownToken({}, 'another-key-0123456789-0123456789-00')}`));
    expect(refusals).to.deep.equal(['ERR_JWS_SIGNATURE_VERIFICATION_FAILED']);
  });

  it('[C9] answers 401-105 for an expired token, so the hub fetches a new one', async () => {
    const { access_token } = await issuer.issue('hub-client');
    now = T0 + 600_000 + 31_000; // past exp and the 30 s tolerance
    await expectRefused(await callWith(url, `Bearer ${access_token}`), '401-105');
  });

  it('[C9] refuses with 401-105 a token accepted earlier, once it has expired (a remembered token is still timed)', async () => {
    const { access_token } = await issuer.issue('hub-client');
    expect((await callWith(url, `Bearer ${access_token}`)).status).to.equal(200);
    now = T0 + 600_000 + 20_000; // inside the tolerance: still good
    expect((await callWith(url, `Bearer ${access_token}`)).status).to.equal(200);
    now = T0 + 600_000 + 31_000;
    await expectRefused(await callWith(url, `Bearer ${access_token}`), '401-105');
    expect(refusals).to.deep.equal(['expired']);
  });

  it('[C9] refuses a token altered after the original was accepted (only the exact string is remembered)', async () => {
    const { access_token } = await issuer.issue('hub-client');
    expect((await callWith(url, `Bearer ${access_token}`)).status).to.equal(200);
    const [h, p, sig] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as JWTPayload;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, tenant: 'globex' })).toString('base64url')}.${sig}`;
    await expectRefused(await callWith(url, `Bearer ${forged}`));
    const flipped = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectRefused(await callWith(url, `Bearer ${flipped}`));
  });

  it('[C9] tolerates a clock skew inside clockToleranceSeconds on exp', async () => {
    const { access_token } = await issuer.issue('hub-client');
    now = T0 + 600_000 + 20_000; // 20 s past exp, inside the 30 s tolerance
    expect((await callWith(url, `Bearer ${access_token}`)).status).to.equal(200);
  });

  it('[C9] answers 401 for a token not valid yet', async () => {
    const token = await ownToken({ nbf: Math.floor(T0 / 1000) + 300 });
    await expectRefused(await callWith(url, `Bearer ${token}`));
  });

  it('[C9] answers 401 for a token of another tenant', async () => {
    await expectRefused(await callWith(url, `Bearer ${await ownToken({ tenant: 'globex' })}`));
    expect(refusals).to.deep.equal(['wrong tenant']);
  });

  it('[C9] answers 401 for a token without an expiry', async () => {
    const token = await new SignJWT({ tenant: 'acme' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('hubbot')
      .setAudience('hubbot-callback')
      .sign(new TextEncoder().encode(KEY));
    await expectRefused(await callWith(url, `Bearer ${token}`));
  });

  it('[C9] answers 401 for a wrong audience or an untrusted issuer', async () => {
    await expectRefused(await callWith(url, `Bearer ${await ownToken({ aud: 'another-bot' })}`));
    await expectRefused(await callWith(url, `Bearer ${await ownToken({ iss: 'someone' })}`));
    expect(refusals).to.deep.equal(['ERR_JWT_CLAIM_VALIDATION_FAILED', 'untrusted issuer']);
  });

  it('[C9] answers 401 for a revoked token re-sent (replay after revocation)', async () => {
    const { access_token } = await issuer.issue('hub-client');
    expect((await callWith(url, `Bearer ${access_token}`)).status).to.equal(200);
    const claims = decodeJwt(access_token);
    await revocations.revoke(claims.jti!, claims.exp!);
    await expectRefused(await callWith(url, `Bearer ${access_token}`));
    expect(refusals).to.deep.equal(['revoked']);
  });

  it('accepts an external issuer through a shared secret (HS256), single-tenant', async () => {
    const token = await ownToken({ iss: 'partner-idp', tenant: undefined }, PARTNER_SECRET);
    const r = await callWith(url, `Bearer ${token}`);
    expect(r.status).to.equal(200);
    expect((await r.json()).issuer).to.equal('partner-idp');
  });

  it('never puts the token in the error body', async () => {
    const token = await ownToken({ tenant: 'globex' });
    const r = await callWith(url, `Bearer ${token}`);
    expect(await r.text()).to.not.contain(token.split('.')[2]);
  });
});
