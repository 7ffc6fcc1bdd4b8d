import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import { CLIENT_ID, request, securityConfig } from './securityKit.js';
import { waitFor } from '../support/waitFor.js';

const message = (text: string, extra: Record<string, unknown> = {}, conversation = 'conv-s7') => ({ sender: { type: 'customer', id: 'c-1' }, type: { value: 'text' }, content: { text }, conversation: { id: conversation }, ...extra });
const batch = (text: string, created?: string) => JSON.stringify({ messages: { message: [message(text, created ? { created } : {})] } });
const batchOf = (...messages: object[]) => JSON.stringify({ messages: { message: messages } });

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

  it('[S7] an empty or blank message id counts as absent: the batch is acknowledged (never 503), every message in it handled once, a resend recognised', async () => {
    handled.length = 0;
    const url = `${bot.url}${cfg.BOT_CALLBACK_PATH}`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const body = batchOf(message('empty id', { id: '' }, 'conv-s7-blank'), message('blank id', { id: ' \t ' }, 'conv-s7-blank'), message('real id', { id: 'm-real' }, 'conv-s7-blank'));
    const first = await request(url, { headers, body });
    expect(first.status, first.text).to.equal(200);
    expect(JSON.parse(first.text)).to.deep.equal({ received: 3, duplicates: 0 });
    const resend = await request(url, { headers, body });
    expect(resend.status, resend.text).to.equal(200);
    expect(JSON.parse(resend.text)).to.deep.equal({ received: 3, duplicates: 3 });
    // A last message in the same conversation: once its turn ran, every earlier one did.
    expect((await request(url, { headers, body: batchOf(message('done', { id: 'm-done' }, 'conv-s7-blank')) })).status).to.equal(200);
    await waitFor(() => handled.includes('done'), 'the last message\'s turn');
    expect(handled).to.deep.equal(['empty id', 'blank id', 'real id', 'done']);
  });

  it('[S14] a resend whose creation time is spelled differently (Z, +00:00, with milliseconds) is the same message; another instant is not', async () => {
    handled.length = 0;
    const url = `${bot.url}${cfg.BOT_CALLBACK_PATH}`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const at = (created: string) => batchOf(message('same moment', { created }, 'conv-s14-time'));
    const answers = [];
    for (const created of ['2026-11-24T10:00:00Z', '2026-11-24T10:00:00+00:00', '2026-11-24T10:00:00.000Z', '2026-11-24T11:00:00+01:00', '2026-11-24T10:00:01Z']) answers.push(await request(url, { headers, body: at(created) }));
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(answers.map((a) => JSON.parse(a.text).duplicates)).to.deep.equal([0, 1, 1, 1, 0]);
    expect((await request(url, { headers, body: batchOf(message('done', { id: 'm-done-time' }, 'conv-s14-time')) })).status).to.equal(200);
    await waitFor(() => handled.includes('done'), 'the last message\'s turn');
    expect(handled).to.deep.equal(['same moment', 'same moment', 'done']);
  });
});
