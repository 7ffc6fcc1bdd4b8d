/**
 * The webhook's HMAC secret rotates without losing deliveries (S12): while it changes, every
 * replica takes both secrets (WEBHOOK_HMAC_PREVIOUS_SECRETS), whichever it has as current, so the
 * event manager may switch at any moment and the replicas in any order.
 */
import { expect } from 'chai';
import { createHmac, randomUUID } from 'node:crypto';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import type { Config } from '../../src/config/config.js';
import { expectRefusal, request, securityConfig } from './securityKit.js';

const OLD = 'webhook-rotation-old-secret-0123456789abcdef';
const NEW = 'webhook-rotation-new-secret-fedcba9876543210';

function delivery(secret: string): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ notificationId: `n-${randomUUID()}`, eventType: 'article_created', payload: { articleId: 'a-1' } });
  const ts = String(Math.floor(Date.now() / 1000));
  return { body, headers: { 'content-type': 'application/json', 'x-webhook-timestamp': ts, 'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}` } };
}

describe('security: rotating the webhook\'s HMAC secret', () => {
  const replicas: HubBotServer[] = [];
  const configs: Config[] = [];
  before(async () => {
    // Mid-way: one replica already has the new secret as current, the other not yet.
    for (const env of [{ WEBHOOK_HMAC_SECRET: OLD, WEBHOOK_HMAC_PREVIOUS_SECRETS: NEW }, { WEBHOOK_HMAC_SECRET: NEW, WEBHOOK_HMAC_PREVIOUS_SECRETS: OLD }]) {
      const cfg = { ...securityConfig(env), WEBHOOK_SHARED_SECRET: undefined };
      configs.push(cfg);
      replicas.push(await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) }));
    }
  });
  after(async () => {
    for (const r of replicas) await r.stop();
  });

  it('[S12] both replicas, mid-way through the rotation, take deliveries signed with the old and with the new secret; any other is refused 401', async () => {
    for (const [i, replica] of replicas.entries()) {
      const url = `${replica.url}${configs[i].BOT_WEBHOOK_PATH}`;
      for (const secret of [OLD, NEW]) {
        const d = delivery(secret);
        const answer = await request(url, { method: 'PUT', headers: d.headers, body: d.body });
        expect(answer.status, `replica ${i}, ${secret === OLD ? 'old' : 'new'} secret: ${answer.text}`).to.equal(204);
      }
      const forged = delivery('webhook-rotation-someone-elses-secret-000000');
      expectRefusal(await request(url, { method: 'PUT', headers: forged.headers, body: forged.body }), 401, '401-108');
    }
  });

  it('[S12] a previous secret shorter than 32 characters is a configuration error', () => {
    expect(() => securityConfig({ WEBHOOK_HMAC_SECRET: NEW, WEBHOOK_HMAC_PREVIOUS_SECRETS: 'short' })).to.throw(/WEBHOOK_HMAC_PREVIOUS_SECRETS/);
  });
});
