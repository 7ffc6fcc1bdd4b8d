/**
 * The hub's callbacks to the running bot server (startHubBotServer, on Redis so revocations are
 * shared the way replicas share them): no token, a wrong one, an expired one, one re-sent after
 * its revocation, one of another tenant, an unsigned one: each is a 401 error body, nothing of
 * it is recorded, and no turn runs for it. A good token is accepted, so the refusals are not an
 * accident of the setup.
 */
import { expect } from 'chai';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { createRedisConnection, closeRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { RedisRevocationStore } from '../../src/authentication/redisRevocationStore.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createTokenIssuer, type TokenIssuer } from '../../src/authentication/tokenIssuer.js';
import type { Config } from '../../src/config/config.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { CLIENT_ID, expectRefusal, request, securityConfig, SIGNING_KEY, textBatch } from './securityKit.js';
import { waitFor } from '../support/waitFor.js';

describe('security: tokens on the hub callback of the running bot', function () {
  const tenant = uniqueTenant('callback-tokens');
  let cfg: Config;
  let bot: HubBotServer;
  let redis: RedisConnection;
  let own: TokenIssuer;
  let callbackUrl: string;
  const turns: string[] = [];

  before(async () => {
    cfg = securityConfig({ REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant });
    redis = await createRedisConnection();
    own = tokenIssuerFromConfig(cfg)!;
    bot = await startHubBotServer({
      config: cfg,
      logger: createLogger({ level: 'silent' }),
      bot: () => ({ run: async (context) => void (context.activity.type === 'message' && turns.push(context.activity.text ?? '')) }),
      worker: { pollIntervalMs: 20 },
    });
    callbackUrl = `${bot.url}${cfg.BOT_CALLBACK_PATH}`;
  });

  after(async () => {
    await bot?.stop();
    if (redis) {
      await deleteTenantKeys(redis, tenant);
      await closeRedisConnection(redis);
    }
  });

  const call = (text: string, authorization?: string) =>
    request(callbackUrl, { headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) }, body: textBatch('conv-security', text) });
  const issuerWith = (over: { tenant?: string; now?: () => number; signingKey?: string }) =>
    createTokenIssuer({ signingKey: over.signingKey ?? SIGNING_KEY, issuer: cfg.BOT_TOKEN_ISSUER, audience: cfg.BOT_TOKEN_AUDIENCE, tenant: over.tenant ?? tenant, ttlSeconds: 600, now: over.now });

  async function outcomes(): Promise<Record<string, number>> {
    const metric = await bot.metrics.callbacks.get();
    return Object.fromEntries(metric.values.map((v) => [String(v.labels.outcome), v.value]));
  }

  it('[C9] refuses a callback without a token, with a malformed one, or with a Basic credential: 401-104', async () => {
    expectRefusal(await call('no-token'), 401, '401-104');
    expectRefusal(await call('empty', 'Bearer '), 401, '401-104');
    expectRefusal(await call('garbage', 'Bearer not-a-jwt'), 401, '401-104');
    expectRefusal(await call('basic', `Basic ${Buffer.from(`${CLIENT_ID}:x`).toString('base64')}`), 401, '401-104');
  });

  it('[C9] refuses a wrong token: another signing key, a changed payload, no signature at all', async () => {
    const foreign = await issuerWith({ signingKey: `${SIGNING_KEY}-not-ours` }).issue(CLIENT_ID);
    expectRefusal(await call('foreign', `Bearer ${foreign.access_token}`), 401, '401-104');
    const good = (await own.issue(CLIENT_ID)).access_token.split('.');
    const changed = Buffer.from(JSON.stringify({ ...decodeJwt(good.join('.')), sub: 'someone-else' })).toString('base64url');
    expectRefusal(await call('tampered', `Bearer ${good[0]}.${changed}.${good[2]}`), 401, '401-104');
    const unsigned = new UnsecuredJWT({ tenant }).setIssuer(cfg.BOT_TOKEN_ISSUER).setAudience(cfg.BOT_TOKEN_AUDIENCE).setExpirationTime('10m').encode();
    expectRefusal(await call('alg-none', `Bearer ${unsigned}`), 401, '401-104');
    // Signed with HS512: the issuer is pinned to HS256, whatever key was used.
    const hs512 = await new SignJWT({ tenant }).setProtectedHeader({ alg: 'HS512' }).setIssuer(cfg.BOT_TOKEN_ISSUER).setAudience(cfg.BOT_TOKEN_AUDIENCE).setExpirationTime('10m').sign(new TextEncoder().encode(SIGNING_KEY.repeat(2)));
    expectRefusal(await call('hs512', `Bearer ${hs512}`), 401, '401-104');
  });

  it('[C9] refuses an expired token (issued on a clock an hour back) with 401-105, so the hub fetches a new one', async () => {
    const expired = await issuerWith({ now: () => Date.now() - 3_600_000 }).issue(CLIENT_ID);
    expectRefusal(await call('expired', `Bearer ${expired.access_token}`), 401, '401-105');
  });

  it('[C9] refuses a token of another tenant, even signed with the right key', async () => {
    const other = await issuerWith({ tenant: 'another-tenant' }).issue(CLIENT_ID);
    expectRefusal(await call('other-tenant', `Bearer ${other.access_token}`), 401, '401-104');
  });

  it('[S14] refuses tokens signed with the real key that are not revocable or not bounded: no jti, a 100-year exp, an iat in the future', async () => {
    const key = new TextEncoder().encode(SIGNING_KEY);
    const nowS = Math.floor(Date.now() / 1000);
    const signed = (claims: { jti?: string; iat?: number; exp: number }) => {
      const jwt = new SignJWT({ tenant }).setProtectedHeader({ alg: 'HS256' }).setIssuer(cfg.BOT_TOKEN_ISSUER).setAudience(cfg.BOT_TOKEN_AUDIENCE).setSubject(CLIENT_ID).setExpirationTime(claims.exp);
      if (claims.jti) jwt.setJti(claims.jti);
      if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
      return jwt.sign(key);
    };
    expectRefusal(await call('no-jti', `Bearer ${await signed({ iat: nowS, exp: nowS + 600 })}`), 401, '401-104');
    expectRefusal(await call('no-iat', `Bearer ${await signed({ jti: 'j-1', exp: nowS + 600 })}`), 401, '401-104');
    expectRefusal(await call('century', `Bearer ${await signed({ jti: 'j-2', iat: nowS, exp: nowS + 100 * 365 * 86_400 })}`), 401, '401-104');
    expectRefusal(await call('future-iat', `Bearer ${await signed({ jti: 'j-3', iat: nowS + 3600, exp: nowS + 3600 + 600 })}`), 401, '401-104');
    // The same construction within the bounds is accepted, so the refusals above are the claims'.
    const fine = await call('bounded', `Bearer ${await signed({ jti: 'j-4', iat: nowS, exp: nowS + 600 })}`);
    expect(fine.status, fine.text).to.equal(200);
  });

  it('[C9] accepts a good token, then refuses it when re-sent after its revocation (shared through Redis)', async () => {
    const token = (await own.issue(CLIENT_ID)).access_token;
    const first = await call('accepted', `Bearer ${token}`);
    expect(first.status, first.text).to.equal(200);
    const { jti, exp } = decodeJwt(token);
    // Revoked through another store instance on the same Redis: what a second replica would see.
    await new RedisRevocationStore(redis, tenant).revoke(jti!, exp!);
    expectRefusal(await call('replayed', `Bearer ${token}`), 401, '401-104');
    const fresh = (await own.issue(CLIENT_ID)).access_token;
    expect((await call('after-refresh', `Bearer ${fresh}`)).status).to.equal(200);
  });

  it('[C9] nothing refused was recorded or handled: only the accepted callbacks reached the bot', async () => {
    await waitFor(() => turns.includes('accepted') && turns.includes('after-refresh') && turns.includes('bounded'), 'the three accepted callbacks\' turns');
    expect([...turns].sort()).to.deep.equal(['accepted', 'after-refresh', 'bounded']);
    const seen = await outcomes();
    expect(seen.accepted).to.equal(3);
    expect(seen.refused).to.equal(15);
    expect(await bot.inbox.deadLetters()).to.deep.equal([]);
  });
});
