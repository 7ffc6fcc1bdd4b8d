/**
 * A reply the hub refuses for good, seen from the whole bot server: the outbox does not retry
 * it, and the turn's message ends in the inbox's dead letters with the hub's reason, counted
 * once (T1).
 */
import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';
import { CLIENT_ID, request, securityConfig, textBatch } from '../security/securityKit.js';
import { waitFor } from '../support/waitFor.js';

describe('a reply the hub refuses for good (bot server)', () => {
  let hub: RecordingServer;
  let bot: HubBotServer | undefined;
  before(async () => {
    hub = await startRecordingServer();
    hub.reply('POST', '/token', { body: { access_token: 'platform-token', expires_in: 3600 } });
    hub.reply('POST', '/conversation/conversationmgr/v3/conversations/messages', { status: 400, body: { code: '400-101', developerMessage: 'The request is invalid: content too long.' } });
  });
  after(async () => {
    await bot?.stop({ graceMs: 0 });
    await hub.close();
  });

  it('[T1] is not retried: the message is parked in dead letters with the hub\'s reason, and the turn and the reply are counted once', async () => {
    const cfg = securityConfig({ PLATFORM_BASE_URL: hub.url, PLATFORM_TOKEN_URL: `${hub.url}/token`, PLATFORM_CLIENT_ID: 'bot', PLATFORM_CLIENT_SECRET: 'bot-secret-0123456789' });
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), turnErrorNotices: false, bot: () => ({ run: async (c) => void (await c.sendActivity(`echo ${c.activity.text}`)) }) });
    const token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    expect((await request(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, { headers, body: textBatch('conv-refused', 'hello') })).status).to.equal(200);

    const [letter] = await waitFor(async () => {
      const letters = await bot!.inbox.deadLetters();
      return letters.length > 0 ? letters : undefined;
    }, 'the message parked');
    expect(letter.item.id).to.equal('m-hello');
    expect(letter.reason).to.match(/400-101/);
    expect(hub.requests.filter((r) => r.path.endsWith('/conversations/messages'))).to.have.length(1);
    const turns = (await bot.metrics.turns.get()).values.filter((v) => v.value > 0);
    expect(turns.map((v) => [v.labels.outcome, v.value])).to.deep.equal([['error', 1]]);
    const sends = (await bot.metrics.sends.get()).values.filter((v) => v.value > 0);
    expect(sends.map((v) => [v.labels.outcome, v.value])).to.deep.equal([['failed', 1]]);
  });
});
