import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';
import { CLIENT_ID, request, securityConfig, textBatch } from '../security/securityKit.js';
import { waitFor } from '../support/waitFor.js';

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
    await waitFor(() => hub.requests.some((r) => r.path.endsWith('/conversations/messages')), 'the reply to reach the hub');

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

  it('[T7] after stop() no request reaches the hub: the outbox is stopped, its backoff dropped, and a late reply is refused without a POST', async () => {
    // This time the hub refuses the reply (503): at stop, it waits in the outbox's backoff.
    hub.reply('POST', '/conversation/conversationmgr/v3/conversations/messages', { status: 503, body: { code: '503-100', developerMessage: 'busy' } });
    const cfg = securityConfig({ PLATFORM_BASE_URL: hub.url, PLATFORM_TOKEN_URL: `${hub.url}/token`, PLATFORM_CLIENT_ID: 'bot', PLATFORM_CLIENT_SECRET: 'bot-secret-0123456789', SHUTDOWN_GRACE_MS: '200' });
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async (c) => void (await c.sendActivity(`echo ${c.activity.text}`)) }) });
    const token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const posts = () => hub.requests.filter((r) => r.path.endsWith('/conversations/messages')).length;
    const before = posts();
    expect((await request(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, { headers, body: textBatch('conv-t7-backoff', 'hello') })).status).to.equal(200);
    await waitFor(() => posts() > before && bot.outbox.depth > 0, 'the reply refused once and waiting in the backoff');

    await bot.stop();
    const sent = posts();
    expect(bot.outbox.stopped).to.equal(true);
    expect(bot.outbox.depth, 'nothing left queued, no retry pending').to.equal(0);
    const lateReply = { id: 'late:r1', sender: { type: 'custom_bot' as const }, type: { value: 'text' }, content: { text: 'late' }, conversation: { id: 'conv-t7-backoff' } };
    const late = await Promise.allSettled(bot.outbox.enqueue('conv-t7-backoff', [lateReply]));
    expect(late.map((r) => r.status)).to.deep.equal(['rejected']);
    expect(posts()).to.equal(sent);
    // The turn was not completed: its message is run again by the next replica.
    const claim = await bot.inbox.claim('another-replica', 30_000);
    expect(claim?.item.id).to.equal('m-hello');
  });
});
