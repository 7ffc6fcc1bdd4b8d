import { expect } from 'chai';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createJsonServer, sendJson, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { createCallbackAuthenticator } from '../../src/authentication/callbackAuthenticator.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { callWith, startCallbackServer } from './callbackTestServer.js';

const ISSUER = 'https://idp.example.test/';

async function sign(key: CryptoKey, alg: string, kid: string, claims: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({ tenant: 'acme', ...claims })
    .setProtectedHeader({ alg, kid })
    .setIssuer(ISSUER)
    .setAudience('hubbot-callback')
    .setSubject('hub')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

describe('server: callback tokens from an external issuer through JWKS', () => {
  let jwksServer: JsonServer;
  let jwksFetches = 0;
  let callback: { app: JsonServer; url: string };
  let rsa: { privateKey: CryptoKey; publicJwk: JWK };
  let ec: { privateKey: CryptoKey; publicJwk: JWK };

  before(async () => {
    const rsaPair = await generateKeyPair('RS256');
    const ecPair = await generateKeyPair('ES256');
    rsa = { privateKey: rsaPair.privateKey, publicJwk: { ...(await exportJWK(rsaPair.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' } };
    ec = { privateKey: ecPair.privateKey, publicJwk: { ...(await exportJWK(ecPair.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' } };
    jwksServer = createJsonServer({ name: 'jwks' });
    jwksServer.route('get', '/.well-known/jwks.json', ({ res }) => {
      jwksFetches += 1;
      sendJson(res, 200, { keys: [rsa.publicJwk, ec.publicJwk] });
    });
    const jwksBase = await jwksServer.listen();
    callback = await startCallbackServer(
      createCallbackAuthenticator({
        issuers: [{ issuer: ISSUER, jwksUrl: `${jwksBase}/.well-known/jwks.json`, tenantClaim: 'tenant' }],
        audience: 'hubbot-callback',
        tenant: 'acme',
      }),
    );
  });
  after(async () => {
    await callback.app.close();
    await jwksServer.close();
  });

  it('[C9] accepts RS256 and ES256 tokens signed with a published key, fetching the key set once', async () => {
    jwksFetches = 0;
    expect((await callWith(callback.url, `Bearer ${await sign(rsa.privateKey, 'RS256', 'rsa-1')}`)).status).to.equal(200);
    expect((await callWith(callback.url, `Bearer ${await sign(ec.privateKey, 'ES256', 'ec-1')}`)).status).to.equal(200);
    expect((await callWith(callback.url, `Bearer ${await sign(rsa.privateKey, 'RS256', 'rsa-1')}`)).status).to.equal(200);
    expect(jwksFetches).to.equal(1);
  });

  it('[C9] answers 401 for a token signed by a key the issuer did not publish', async () => {
    const stranger = await generateKeyPair('RS256');
    for (const kid of ['rsa-1', 'unknown-kid']) {
      const r = await callWith(callback.url, `Bearer ${await sign(stranger.privateKey, 'RS256', kid)}`);
      expect(r.status).to.equal(401);
      expect(isErrorBodyFor(401, await r.json())).to.equal(true);
    }
  });

  it('[C9] answers 401 for an HS256 token claiming the JWKS issuer (no algorithm confusion)', async () => {
    const forged = await new SignJWT({ tenant: 'acme' })
      .setProtectedHeader({ alg: 'HS256', kid: 'rsa-1' })
      .setIssuer(ISSUER)
      .setAudience('hubbot-callback')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(JSON.stringify(rsa.publicJwk)));
    expect((await callWith(callback.url, `Bearer ${forged}`)).status).to.equal(401);
  });

  it('[C9] answers 401 for a JWKS-signed token of another tenant', async () => {
    const r = await callWith(callback.url, `Bearer ${await sign(rsa.privateKey, 'RS256', 'rsa-1', { tenant: 'globex' })}`);
    expect(r.status).to.equal(401);
  });

  it('[C9] picks up a rotated key: an unknown kid refetches the key set (after the cooldown)', async () => {
    const rotated = await generateKeyPair('ES256');
    const rotatedJwk: JWK = { ...(await exportJWK(rotated.publicKey)), kid: 'ec-2', alg: 'ES256' };
    const keys: JWK[] = [rsa.publicJwk];
    const rotating = createJsonServer({ name: 'rotating-jwks' });
    rotating.route('get', '/jwks', ({ res }) => sendJson(res, 200, { keys }));
    const base = await rotating.listen();
    const cb = await startCallbackServer(
      createCallbackAuthenticator({ issuers: [{ issuer: ISSUER, jwksUrl: `${base}/jwks`, cooldownMs: 0 }], audience: 'hubbot-callback' }),
    );
    try {
      expect((await callWith(cb.url, `Bearer ${await sign(rsa.privateKey, 'RS256', 'rsa-1')}`)).status).to.equal(200);
      keys.push(rotatedJwk);
      expect((await callWith(cb.url, `Bearer ${await sign(rotated.privateKey, 'ES256', 'ec-2')}`)).status).to.equal(200);
    } finally {
      await cb.app.close();
      await rotating.close();
    }
  });

  it('answers 503 with an error body when the key set cannot be fetched (a new token would not help)', async () => {
    const gone = createJsonServer({ name: 'gone' });
    const goneBase = await gone.listen();
    await gone.close();
    const orphan = await startCallbackServer(
      createCallbackAuthenticator({ issuers: [{ issuer: ISSUER, jwksUrl: `${goneBase}/jwks.json`, timeoutMs: 2000 }], audience: 'hubbot-callback' }),
    );
    try {
      const r = await callWith(orphan.url, `Bearer ${await sign(rsa.privateKey, 'RS256', 'rsa-1')}`);
      expect(r.status).to.equal(503);
      expect(await r.json()).to.include({ code: '503-100' });
    } finally {
      await orphan.app.close();
    }
  });
});
