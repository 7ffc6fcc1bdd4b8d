/**
 * Without Redis the ids of handled knowledge events live in the process: a signed delivery
 * captured before a restart and replayed after it, inside the signature window, would be handled
 * again. So a receiver without Redis refuses signed deliveries older than its own start (S14); the
 * sender signs each try afresh, so nothing genuine is lost.
 */
import { expect } from 'chai';
import { createHmac, randomUUID } from 'node:crypto';
import sinon from 'sinon';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { expectRefusal, request, securityConfig, WEBHOOK_SECRET } from './securityKit.js';

const HMAC_SECRET = 'replay-after-restart-hmac-secret-0123456789';

function signedAt(body: string, seconds: number): Record<string, string> {
  const ts = String(seconds);
  // securityConfig also asks for the shared-secret header: every configured check applies.
  return { 'content-type': 'application/json', 'x-webhook-secret': WEBHOOK_SECRET, 'x-webhook-timestamp': ts, 'x-webhook-signature': `sha256=${createHmac('sha256', HMAC_SECRET).update(`${ts}.${body}`).digest('hex')}` };
}

describe('security: a knowledge event replayed after a restart without Redis', () => {
  const cfg = securityConfig({ WEBHOOK_HMAC_SECRET: HMAC_SECRET });
  let bot: HubBotServer | undefined;
  let clock: sinon.SinonFakeTimers | undefined;
  after(async () => {
    clock?.restore();
    await bot?.stop();
  });

  const start = () => startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });

  it('[S14] is refused (401-108) by the restarted replica; a delivery signed after the restart is handled', async () => {
    // Only Date is faked, so the restart can come some seconds later without waiting for them.
    clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    bot = await start();
    const body = JSON.stringify({ notificationId: `n-${randomUUID()}`, eventType: 'article_deleted', payload: { articleId: 'a-1' } });
    const captured = signedAt(body, Math.floor(Date.now() / 1000));
    const handled = await request(`${bot.url}${cfg.BOT_WEBHOOK_PATH}`, { method: 'PUT', headers: captured, body });
    expect(handled.status, handled.text).to.equal(204);
    await bot.stop();
    clock.tick(5_000);
    bot = await start();
    expectRefusal(await request(`${bot.url}${cfg.BOT_WEBHOOK_PATH}`, { method: 'PUT', headers: captured, body }), 401, '401-108');
    const fresh = JSON.stringify({ notificationId: `n-${randomUUID()}`, eventType: 'article_created', payload: { articleId: 'a-2' } });
    const answer = await request(`${bot.url}${cfg.BOT_WEBHOOK_PATH}`, { method: 'PUT', headers: signedAt(fresh, Math.floor(Date.now() / 1000)), body: fresh });
    expect(answer.status, answer.text).to.equal(204);
  });
});
