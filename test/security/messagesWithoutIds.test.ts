import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import { CLIENT_ID, request, securityConfig } from './securityKit.js';
import { waitFor } from '../support/waitFor.js';

const batch = (text: string, created?: string) =>
  JSON.stringify({ messages: { message: [{ sender: { type: 'customer', id: 'c-1' }, type: { value: 'text' }, content: { text }, conversation: { id: 'conv-s7' }, ...(created ? { created } : {}) }] } });

describe('security: callbacks whose messages carry no id', () => {
  let bot: HubBotServer;
  let token: string;
  const handled: string[] = [];
  const cfg = securityConfig();
  before(async () => {
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async (c) => void (c.activity.type === 'message' && handled.push(c.activity.text ?? '')) }) });
    token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
  });
  after(() => bot?.stop());

  it('[S7] a message without an id, sent again by the hub, is recognised and handled once; another message is not taken for it', async () => {
    const url = `${bot.url}${cfg.BOT_CALLBACK_PATH}`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const first = await request(url, { headers, body: batch('my printer is broken', '2026-11-24T10:00:00Z') });
    const resend = await request(url, { headers, body: batch('my printer is broken', '2026-11-24T10:00:00Z') });
    const later = await request(url, { headers, body: batch('my printer is broken', '2026-11-24T10:05:00Z') });
    expect([first.status, resend.status, later.status]).to.deep.equal([200, 200, 200]);
    expect(JSON.parse(resend.text)).to.include({ duplicates: 1 });
    expect(JSON.parse(later.text)).to.include({ duplicates: 0 });
    // A last message in the same conversation: its turn comes after every turn taken before it,
    // so once it has run, a resend wrongly taken for new would have run too.
    expect((await request(url, { headers, body: batch('that is all', '2026-11-24T10:06:00Z') })).status).to.equal(200);
    await waitFor(() => handled.includes('that is all'), 'the last message\'s turn');
    expect(handled).to.deep.equal(['my printer is broken', 'my printer is broken', 'that is all']);
  });
});
