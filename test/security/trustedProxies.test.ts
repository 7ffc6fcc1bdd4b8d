/**
 * TRUSTED_PROXIES: behind a load balancer every TCP peer is the balancer, so the per-caller rules
 * (the token endpoint's failure limiter, S2; the webhook's IP allowlist, S4) read the caller from
 * X-Forwarded-For, but only when the peer is a proxy the operator trusts, and only the right-most
 * address that no trusted proxy wrote. Proxies and callers are loopback addresses of their own.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { CLIENT_ID, CLIENT_SECRET, expectRefusal, request, securityConfig, type Answer } from './securityKit.js';

const PROXY = '127.0.0.9';
/** A second tier of proxies (one address of the trusted range). */
const INNER_PROXY = '127.0.9.5';
const STRANGER = '127.0.0.10';

describe('security: trusted proxies decide who the caller is', () => {
  let bot: HubBotServer;
  beforeEach(async () => {
    // The allowlist alone guards the webhook here (an empty shared secret is no secret).
    const config = securityConfig({ TRUSTED_PROXIES: `${PROXY}, 127.0.9.0/24`, BOT_TOKEN_MAX_FAILURES: '2', WEBHOOK_IP_ALLOWLIST: '198.51.100.50', WEBHOOK_SHARED_SECRET: '' });
    bot = await startHubBotServer({ config, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
  });
  afterEach(() => bot?.stop());

  /** A wrong secret for a fresh unknown id, so only the address counts across attempts. */
  const guess = (from: string, forwardedFor?: string): Promise<Answer> =>
    request(`${bot.url}/oauth2/token`, {
      from,
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ client_id: `no-such-client-${randomUUID()}`, client_secret: 'x' }),
    });

  it('[S2] behind a trusted proxy the forwarded address counts: its failures block it, not the proxy\'s other callers', async () => {
    expect((await guess(PROXY, '198.51.100.1')).status).to.equal(401);
    expect((await guess(PROXY, '198.51.100.1')).status).to.equal(401);
    expectRefusal(await guess(PROXY, '198.51.100.1'), 429, '429-001');
    // Another caller through the same proxy is not blocked.
    expectRefusal(await guess(PROXY, '198.51.100.2'), 401, '401-106');
    // The blocked caller cannot slip out by writing its own X-Forwarded-For (the proxy appends the real one)...
    expectRefusal(await guess(PROXY, '10.9.9.9, 198.51.100.1'), 429, '429-001');
    // ...and a chain of trusted proxies still ends at it.
    expectRefusal(await guess(INNER_PROXY, `198.51.100.1, ${PROXY}`), 429, '429-001');
    // The hub, forwarded from that same caller address, still gets its token.
    const hub = await request(`${bot.url}/oauth2/token`, {
      from: PROXY,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    expect(hub.status, hub.text).to.equal(200);
  });

  it('[S2] an untrusted peer\'s X-Forwarded-For is ignored: the peer is the caller', async () => {
    expect((await guess(STRANGER, '198.51.100.11')).status).to.equal(401);
    expect((await guess(STRANGER, '198.51.100.12')).status).to.equal(401);
    expectRefusal(await guess(STRANGER, '198.51.100.13'), 429, '429-001');
    expectRefusal(await guess(STRANGER), 429, '429-001');
  });

  it('[S4] the webhook IP allowlist sees the same caller: the forwarded address behind a trusted proxy, the peer otherwise', async () => {
    const deliver = (from: string, forwardedFor?: string) =>
      request(`${bot.url}/webhook`, {
        method: 'PUT',
        from,
        headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        body: JSON.stringify({ notificationId: `n-${randomUUID()}`, eventType: 'article_created' }),
      });
    const ok = await deliver(PROXY, '198.51.100.50');
    expect(ok.status, ok.text).to.equal(204);
    expect((await deliver(INNER_PROXY, `198.51.100.50, ${PROXY}`)).status).to.equal(204);
    expectRefusal(await deliver(PROXY, '203.0.113.1'), 403);
    expectRefusal(await deliver(PROXY, '198.51.100.50, 203.0.113.1'), 403);
    expectRefusal(await deliver(PROXY), 403);
    expectRefusal(await deliver(STRANGER, '198.51.100.50'), 403);
  });
});
