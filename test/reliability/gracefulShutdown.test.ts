import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/runtime/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/server/logger.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';
import { CLIENT_ID, request, securityConfig, textBatch } from '../security/securityKit.js';

describe('graceful shutdown with a hub that does not answer', () => {
  let hub: RecordingServer;
  let bot: HubBotServer;
  before(async () => {
    hub = await startRecordingServer();
    hub.reply('POST', '/token', { body: { access_token: 'platform-token', expires_in: 3600 } });
    // The hub takes the reply and never answers.
    hub.reply('POST', '/conversation/conversationmgr/v3/conversations/messages', { hang: true });
  });
  after(() => hub.close());

  it('[T7] stops taking callbacks (503 + Retry-After), gives running turns a bounded time, hands their leases back, and returns within the bound', async () => {
    const cfg = securityConfig({ PLATFORM_BASE_URL: hub.url, PLATFORM_TOKEN_URL: `${hub.url}/token`, PLATFORM_CLIENT_ID: 'bot', PLATFORM_CLIENT_SECRET: 'bot-secret-0123456789', SHUTDOWN_GRACE_MS: '500' });
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async (c) => void (await c.sendActivity(`echo ${c.activity.text}`)) }) });
    const token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
    const url = `${bot.url}${cfg.BOT_CALLBACK_PATH}`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    expect((await request(url, { headers, body: textBatch('conv-t7', 'hello') })).status).to.equal(200);
    // The turn is under way, its reply stuck at the hub.
    const deadline = Date.now() + 10_000;
    while (!hub.requests.some((r) => r.path.endsWith('/conversations/messages')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));

    const started = Date.now();
    const stopping = bot.stop();
    const during = await request(url, { headers, body: textBatch('conv-t7', 'another') });
    expect(during.status).to.equal(503);
    expect(Number(during.headers['retry-after'])).to.be.greaterThan(0);
    await stopping;
    expect(Date.now() - started, 'stop returned within the bound (500 ms grace, generous slack)').to.be.lessThan(8000);
    // The item was not completed, and its lease was handed back: another worker takes it at once.
    const claim = await bot.inbox.claim('another-replica', 30_000);
    expect(claim?.conversationId).to.equal('conv-t7');
    expect(claim?.item.id).to.equal('m-hello');
  });
});
