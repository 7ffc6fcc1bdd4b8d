/**
 * The R3 metric on the running bot server: a platform answer with an unreadable list item, read
 * through the server's own platform clients over real HTTP, shows in its /metrics as
 * `hubbot_platform_unreadable_items_total{operation}`, counted once per item skipped.
 */
import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';
import { CONVERSATION_BASE } from '../platform/testPlatformCore.js';
import { securityConfig } from '../security/securityKit.js';

describe('the bot server counts unreadable items of platform answers (R3)', () => {
  let platform: RecordingServer;
  let bot: HubBotServer;

  before(async () => {
    platform = await startRecordingServer();
    platform.reply('POST', '/oauth2/token', { body: { access_token: 'platform-token', token_type: 'Bearer', expires_in: 3600 } });
    const config = securityConfig({ PLATFORM_BASE_URL: platform.url, PLATFORM_TOKEN_URL: `${platform.url}/oauth2/token` });
    bot = await startHubBotServer({ config, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
  });
  after(async () => {
    await bot?.stop();
    await platform?.close();
  });

  const metricLine = async (operation: string): Promise<string | undefined> => {
    const res = await fetch(`${bot.url}/metrics`);
    expect(res.status).to.equal(200);
    return (await res.text()).split('\n').find((l) => l.startsWith(`hubbot_platform_unreadable_items_total{operation="${operation}"}`));
  };

  it('[R3] an unreadable participant in a list answer shows in /metrics under its operation, and the rest is returned', async () => {
    expect(await metricLine('participants.list')).to.equal(undefined);
    platform.reply('GET', `${CONVERSATION_BASE}/participants`, { body: { participant: [{ id: 'p1', name: 'ours' }, 'junk', 42, { id: 'p2' }] } });
    const list = await bot.deps.platform.conversations.participants.list();
    expect(list.items.map((p) => p.id)).to.deep.equal(['p1', 'p2']);
    expect(await metricLine('participants.list')).to.equal('hubbot_platform_unreadable_items_total{operation="participants.list"} 2');
  });
});
