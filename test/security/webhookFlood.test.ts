/**
 * The webhook under a flood from one address (S10): deliveries whose bodies trickle in with a
 * bogus signature are capped per address, the oldest slow one shed at the cap, so they cannot
 * pile up; the hub's callbacks go on meanwhile, and a genuine delivery from that address passes.
 */
import { expect } from 'chai';
import { createHmac, randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import type { Config } from '../../src/config/config.js';
import { CLIENT_ID, request, securityConfig, textBatch } from './securityKit.js';

const HMAC_SECRET = 'webhook-flood-hmac-secret-0123456789abcdef';

/** A delivery whose headers are all there, bogus signature included, and whose 64 KiB body never comes. */
function slowDelivery(url: string, path: string, from: string): { socket: Socket; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect({ port: Number(port), host: hostname, localAddress: from });
  socket.on('error', () => undefined);
  const ts = Math.floor(Date.now() / 1000);
  socket.write(`PUT ${path} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: 65536\r\nx-webhook-timestamp: ${ts}\r\nx-webhook-signature: sha256=${'0'.repeat(64)}\r\n\r\n{"notificationId":"`);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('close', () => resolve(text));
  });
  return { socket, answer };
}

describe('security: a webhook flood from one address', () => {
  let bot: HubBotServer;
  let cfg: Config;
  const held: Socket[] = [];
  before(async () => {
    // Signed deliveries only: the signature cannot be checked before the body is read.
    cfg = { ...securityConfig({ WEBHOOK_HMAC_SECRET: HMAC_SECRET, HTTP_MAX_UNAUTHENTICATED_PER_ADDRESS: '2' }), WEBHOOK_SHARED_SECRET: undefined };
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
  });
  after(async () => {
    for (const s of held) s.destroy();
    await bot?.stop();
  });

  it('[S10] slow deliveries with bogus signatures are capped per address, the oldest shed (408); callbacks and a genuine delivery from that address still pass', async () => {
    const attacker = '127.0.8.1';
    const first = slowDelivery(bot.url, cfg.BOT_WEBHOOK_PATH, attacker);
    held.push(first.socket);
    const token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
    const callbacks: Promise<number>[] = [];
    for (let i = 0; i < 20; i++) {
      held.push(slowDelivery(bot.url, cfg.BOT_WEBHOOK_PATH, attacker).socket);
      // A trickle of the hub's real callbacks meanwhile.
      if (i % 4 === 0) {
        callbacks.push(
          request(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: textBatch(`c-${randomUUID()}`, `meanwhile ${i}`) }).then((a) => a.status),
        );
      }
    }
    const shed = await first.answer;
    expect(shed).to.match(/^HTTP\/1\.1 408/);
    expect(await Promise.all(callbacks)).to.deep.equal([200, 200, 200, 200, 200]);

    const body = JSON.stringify({ notificationId: `n-${randomUUID()}`, eventType: 'article_created', payload: { articleId: 'a-1' } });
    const ts = String(Math.floor(Date.now() / 1000));
    const genuine = await request(`${bot.url}${cfg.BOT_WEBHOOK_PATH}`, {
      method: 'PUT',
      from: attacker,
      headers: { 'content-type': 'application/json', 'x-webhook-timestamp': ts, 'x-webhook-signature': `sha256=${createHmac('sha256', HMAC_SECRET).update(`${ts}.${body}`).digest('hex')}` },
      body,
    });
    expect(genuine.status, genuine.text).to.equal(204);
    const refused = (await bot.metrics.refusals.get()).values.find((v) => v.labels.route === 'webhook')?.value ?? 0;
    expect(refused).to.be.at.least(19);
  });
});
