/**
 * The global connection limit under a flood (S10): one address holds every place with slow
 * connections, and the hub's callbacks still get in, because at the limit the connection slow the
 * longest is shed rather than the new one refused. Also the tight body deadline of the routes
 * whose callers are not authenticated, and the webhook's and operations' own listeners.
 */
import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import { DEFAULT_TOKEN_PATH } from '../../src/authentication/tokenEndpoint.js';
import type { Config } from '../../src/config/config.js';
import { connect } from 'node:net';
import { waitFor } from '../support/waitFor.js';
import { CLIENT_ID, expectRefusal, request, securityConfig } from './securityKit.js';
import { expectNoneLost, HEADERS_NEVER_END, hubTrickle, slowFlood, type SlowFlood } from './floodKit.js';

const LIMIT = 40;

describe('security: the connection limit under a flood from one address', () => {
  let bot: HubBotServer;
  let cfg: Config;
  let flood: SlowFlood | undefined;
  const handled = new Set<string>();
  before(async () => {
    cfg = securityConfig({ HTTP_MAX_CONNECTIONS: String(LIMIT), HTTP_UNAUTHENTICATED_BODY_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '5000' });
    bot = await startHubBotServer({
      config: cfg,
      logger: createLogger({ level: 'silent' }),
      bot: () => ({ run: async (context) => void (context.activity.type === 'message' && handled.add(context.activity.text ?? '')) }),
      worker: { pollIntervalMs: 20 },
    });
  });
  after(async () => {
    flood?.stop();
    await bot?.stop({ graceMs: 0 });
  });

  it('[S10] slow connections filling the global limit from one address are shed, oldest first; every signed hub callback of a trickle meanwhile is acked and handled', async () => {
    flood = slowFlood(bot.url, { from: '127.0.9.1', count: LIMIT, head: HEADERS_NEVER_END(cfg.BOT_CALLBACK_PATH) });
    await waitFor(() => flood!.open() === LIMIT, 'the flood holding every place');
    const token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
    const trickle = await hubTrickle([`${bot.url}${cfg.BOT_CALLBACK_PATH}`], { token: () => token, count: 20, prefix: 'through-the-flood', pauseMs: 20 });
    await expectNoneLost(trickle, handled);
    // Each callback took a flood connection's place, which the flood opened again at once.
    expect(flood.opened()).to.be.at.least(LIMIT + 20);
    const refusals = (await bot.metrics.refusals.get()).values.find((v) => v.labels.route === 'connection')?.value ?? 0;
    expect(refusals).to.be.at.least(20);
    flood.stop();
    flood = undefined;
  });

  it('[S10] a token request whose body trickles gets 408 after the tight body deadline of unauthenticated routes', async () => {
    const started = Date.now();
    const { port } = new URL(bot.url);
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    socket.on('error', () => undefined);
    socket.write(`POST ${DEFAULT_TOKEN_PATH} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngrant_type=`);
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    await waitFor(() => text.length > 0, 'the answer to the slow token request');
    expect(text).to.match(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).to.be.lessThan(3000);
    socket.destroy();
  });
});

describe('security: the webhook and operations routes on listeners of their own', () => {
  let bot: HubBotServer;
  let cfg: Config;
  before(async () => {
    cfg = securityConfig({ WEBHOOK_PORT: '0', OPERATIONS_PORT: '0', METRICS_PUBLIC: 'true' });
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
  });
  after(() => bot?.stop({ graceMs: 0 }));

  it('[S10] WEBHOOK_PORT and OPERATIONS_PORT serve those routes apart; the public port no longer does', async () => {
    expect(bot.webhookUrl).to.be.a('string').and.not.equal(bot.url);
    expect(bot.operationsUrl).to.be.a('string').and.not.equal(bot.url);
    const health = await request(`${bot.operationsUrl}/healthz`, { method: 'GET' });
    expect(health.status).to.equal(200);
    expect((await request(`${bot.operationsUrl}/metrics`, { method: 'GET' })).status).to.equal(200);
    expectRefusal(await request(`${bot.url}/healthz`, { method: 'GET' }), 404);
    const delivery = { headers: { 'content-type': 'application/json', 'x-webhook-secret': cfg.WEBHOOK_SHARED_SECRET! }, body: JSON.stringify({ notificationId: 'n-apart', eventType: 'article_created', payload: { articleId: 'a-1' } }) };
    expect((await request(`${bot.webhookUrl}${cfg.BOT_WEBHOOK_PATH}`, { method: 'PUT', ...delivery })).status).to.equal(204);
    expectRefusal(await request(`${bot.url}${cfg.BOT_WEBHOOK_PATH}`, { method: 'PUT', ...delivery }), 404);
  });
});
