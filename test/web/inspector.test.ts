/**
 * The inspector page in a real browser, beside the chat page, against the local stack: it
 * lists the calls of a walk (method, path, status, timing, rate bucket), shows an entry's
 * JSON, drives the fault knobs (429s, token expiry) while the chat goes on, and exports the
 * conversation as a transcript file.
 */
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { CallLogEntry } from '../../src/emulator/callLog.js';
import { contrastFailures } from './contrast.js';
import { RichTestBot } from './richTestBot.js';
import { webRig } from './webTestKit.js';
import { waitFor } from '../support/waitFor.js';

const RETRY_SAFE_SEED = 54;
/** A one-pixel PNG, as the customer's attached picture. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d3a1c30000000049454e44ae426082', 'hex');
const MESSAGES_PATH = '/conversation/conversationmgr/v3/conversations/messages';

describe('inspector page (real browser)', function () {
  this.timeout(90_000);
  const rig = webRig(
    { bot: () => new RichTestBot() },
    { viewport: { width: 1400, height: 900 }, openChat: true, beforeClose: () => fetch(`${rig.stack.emulator.url}/emulator/faults`, { method: 'DELETE' }) },
  );
  let inspector: Page;
  let conversationId: string;

  const calls = async (): Promise<CallLogEntry[]> => (await (await fetch(`${rig.stack.emulator.url}/emulator/calls?kind=call`)).json()).call;
  const rows = (filter?: string) => inspector.locator(`#entries button.entry${filter ?? ''}`);

  beforeEach(async () => {
    conversationId = await rig.chat.start();
    inspector = await rig.context.newPage();
    await inspector.goto(`${rig.stack.emulator.url}/inspector?conversation=${conversationId}`);
  });

  it('lists the calls of a walk in order with method, path, status, timing and rate bucket in words; a click shows the JSON, with a call\'s request and response bodies', async () => {
    await rig.chat.say('menu');
    await (await rig.chat.waitForBot('What would you like to do?')).getByRole('button', { name: 'One device' }).click();
    const picker = await rig.chat.waitForBot('Which device is it?');
    await picker.getByRole('radio', { name: /Cable/ }).check();
    await picker.getByRole('button', { name: 'Send choice' }).click();
    await rig.chat.waitForBot('You picked: c3');

    // The conversation is picked from the address, and its entries are listed in order.
    await waitFor(async () => (await inspector.locator('#conversation').inputValue()) === conversationId, 'the conversation selected');
    const sent = rows('[data-kind="call"]').filter({ hasText: 'POST /conversations/messages' });
    await waitFor(async () => (await sent.count()) >= 3, 'three bot messages posted to the hub');
    const first = await sent.first().textContent();
    expect(first).to.match(/call\s*202\s*\d+ ms/i).and.match(/bucket 5\/s: (full \(1 of 1 token\)|this call took the last token; refills in \d+ ms)/).and.contain('conversationmgr v3 POST /conversations/messages');
    expect(first, 'an idle or refilling bucket is not shown as throttled').to.not.match(/0 tokens|throttled/);
    const messageRows = rows('[data-kind="message"]');
    const described = await messageRows.allTextContents();
    expect(described.join('\n')).to.contain('customer → text (en-US) “menu”').and.contain('custom_bot → richMessage.quickreply').and.contain('custom_bot → richMessage.listpicker').and.contain('customer → text (en-US) “c3”');
    const seqs = (await rows().evaluateAll((bs) => bs.map((b) => Number(b.getAttribute('data-seq')))));
    expect(seqs, 'in log order').to.deep.equal([...seqs].sort((a, b) => a - b));
    expect(await rows('[data-kind="callback"]').count(), 'callbacks to the bot').to.be.greaterThan(0);

    await messageRows.filter({ hasText: 'richMessage.listpicker' }).first().click();
    const detail = JSON.parse((await inspector.locator('#detail-json').textContent()) ?? '{}');
    expect(detail.message.content.items.map((i: { id: string }) => i.id)).to.deep.equal(['r1', 'm2', 'c3']);
    expect(await inspector.getByRole('heading', { level: 2, name: /Entry #\d+ \(message\)/ }).isVisible()).to.equal(true);

    // A call's request and response bodies show on click.
    await sent.first().click();
    const call = JSON.parse((await inspector.locator('#detail-json').textContent()) ?? '{}');
    expect(call.request.messages.message[0].sender.type).to.equal('custom_bot');
    expect(call.response.messages[0].conversationId).to.equal(conversationId);

    // With the keyboard: the arrows walk the rows and show each one's JSON.
    const focused = Number(await inspector.evaluate(() => document.activeElement?.getAttribute('data-seq')));
    await inspector.keyboard.press('ArrowDown');
    const next = Number(await inspector.evaluate(() => document.activeElement?.getAttribute('data-seq')));
    expect(next).to.be.greaterThan(focused);
    expect(JSON.parse((await inspector.locator('#detail-json').textContent()) ?? '{}').seq).to.equal(next);
  });

  it('[F3] switches realistic drifts one by one, all, and none', async () => {
    const on = async () => ((await (await fetch(`${rig.stack.emulator.url}/emulator/realistic`)).json()) as { drift: { name: string; on: boolean }[] }).drift.filter((d) => d.on).map((d) => d.name);
    await inspector.getByRole('checkbox', { name: 'kbLanguage' }).check();
    await waitFor(async () => (await on()).join() === 'kbLanguage', 'kbLanguage on alone');
    // The page writes its status once its own call has answered, which may come after the server's state.
    await waitFor(async () => (await inspector.locator('#drift-status').textContent()) === 'On: kbLanguage.', 'the status names kbLanguage');
    await inspector.getByRole('button', { name: 'All', exact: true }).click();
    await waitFor(async () => (await on()).length > 10, 'every drift on');
    await inspector.getByRole('button', { name: 'None', exact: true }).click();
    await waitFor(async () => (await on()).length === 0, 'no drift on');
    await waitFor(async () => !(await inspector.getByRole('checkbox', { name: 'kbLanguage' }).isChecked()), 'kbLanguage unticked');
  });

  it('[L5] with 429s turned on for the hub\'s messages, the inspector shows the 429s and the retries, and the chat still completes', async () => {
    await inspector.getByLabel('Endpoints').fill('conversationmgr:POST /conversations/messages');
    await inspector.getByLabel('429 on % of calls').fill('40');
    // Seed 54 never picks more than two calls in a row among its first 80: no message uses up
    // the client's three retries (that giving up is tested with the client, not here).
    await inspector.getByLabel('Seed').fill(String(RETRY_SAFE_SEED));
    await inspector.getByRole('button', { name: 'Apply faults' }).click();
    await inspector.getByRole('status').filter({ hasText: 'Faults applied' }).waitFor();
    const knobs = await (await fetch(`${rig.stack.emulator.url}/emulator/faults`)).json();
    expect(knobs.errors).to.deep.equal([{ status: 429, share: 0.4, endpoints: ['conversationmgr:POST /conversations/messages'] }]);
    expect(knobs.seed).to.equal(RETRY_SAFE_SEED);

    for (const [say, expectReply] of [['menu', 'What would you like to do?'], ['list', 'Which device is it?'], ['link', 'This article may help:'], ['number', 'How many lights'], ['12', 'Give a number from 1 to 10.'], ['4', 'Thanks: 4.']]) {
      await rig.chat.say(say);
      await rig.chat.waitForBot(expectReply, 30_000);
    }
    await rig.chat.say('bye');
    await rig.chat.page.getByText('The conversation has ended.').waitFor({ timeout: 30_000 });

    const throttled = rows('[data-kind="call"]').filter({ has: inspector.locator('.flag-throttled') });
    await waitFor(async () => (await throttled.count()) > 0, 'a 429 row');
    await waitFor(async () => (await rows().filter({ has: inspector.locator('.flag-retry') }).count()) > 0, 'a retry row');
    expect(await inspector.locator('#counts').textContent()).to.match(/[1-9]\d* × 429 · [1-9]\d* retr(y|ies)/);
    await throttled.first().click();
    expect(await contrastFailures(inspector), 'WCAG AA contrast of the inspector, 429 rows shown').to.deep.equal([]);

    // Each 429 is followed by a retry of the same endpoint, no sooner than the 1 s backoff.
    const log = (await calls()).filter((c) => c.path === MESSAGES_PATH);
    const refused = log.filter((c) => c.status === 429);
    expect(refused.length).to.be.greaterThan(0);
    for (const r of refused) {
      const next = log.find((c) => c.seq > r.seq);
      expect(next, `a retry after #${r.seq}`).to.not.equal(undefined);
      expect(Date.parse(next!.at) - Date.parse(r.at), 'backoff before the retry').to.be.at.least(900);
    }
  });

  it('[C8] expiring every token shows the 401, the token request and the retried call, and the chat goes on', async () => {
    await rig.chat.say('hello');
    await rig.chat.waitForBot('You picked: hello');
    await inspector.getByRole('button', { name: 'Expire all tokens now' }).click();
    await inspector.getByRole('status').filter({ hasText: 'has expired' }).waitFor();
    await rig.chat.say('again');
    await rig.chat.waitForBot('You picked: again');
    const refused = rows('[data-kind="call"]').filter({ hasText: /call\s*401/i });
    await waitFor(async () => (await refused.count()) > 0, 'a 401 row');
    const after401 = await waitFor(async () => {
      const log = await calls();
      const r = log.find((c) => c.status === 401 && c.path === MESSAGES_PATH);
      return r && log.filter((c) => c.seq > r.seq).map((c) => `${c.method} ${c.path} ${c.status}`);
    }, 'calls after the 401');
    expect(after401.slice(0, 2)).to.deep.equal(['POST /oauth2/token 200', `POST ${MESSAGES_PATH} 202`]);
    expect(await rows().filter({ has: inspector.locator('.flag-token') }).count()).to.be.greaterThan(0);
  });

  it('[F7] the emulator\'s own control calls are listed apart, only when asked; a token call shows its request, the secret masked', async () => {
    await rig.chat.say('hello');
    await rig.chat.waitForBot('You picked: hello');
    await inspector.getByRole('button', { name: 'Expire all tokens now' }).click();
    await inspector.getByRole('status').filter({ hasText: 'has expired' }).waitFor();
    await rig.chat.say('again');
    await rig.chat.waitForBot('You picked: again');
    const token = rows('[data-kind="call"]').filter({ hasText: 'POST /oauth2/token' });
    await waitFor(async () => (await token.count()) > 0, 'the bot\'s token call listed');
    const control = rows('[data-kind="call"]').filter({ hasText: 'POST /emulator/tokens/expire' });
    expect(await control.count(), 'control calls hidden by default').to.equal(0);
    await inspector.locator('#show-emulator').check();
    await waitFor(async () => (await control.count()) > 0, 'the control call listed once asked for');
    await control.first().click();
    expect(JSON.parse((await inspector.locator('#detail-json').textContent()) ?? '{}').log).to.equal('control');
    await token.last().click();
    const text = (await inspector.locator('#detail-json').textContent()) ?? '{}';
    expect(text, 'pretty-printed').to.contain('\n  "');
    const detail = JSON.parse(text);
    expect(detail.log).to.equal('conversation');
    expect(detail.request.grant_type).to.equal('client_credentials');
    expect(detail.request.client_secret ?? detail.requestHeaders.authorization).to.equal('[redacted]');
    expect(detail.response.access_token).to.equal('[redacted]');
  });

  it('[F7] a picture the customer attaches is among the conversation\'s platform calls (its signed upload URL), shown by its size and type', async () => {
    await rig.page.locator('#picture').setInputFiles({ name: 'router.png', mimeType: 'image/png', buffer: PNG });
    const upload = rows('[data-kind="call"]').filter({ hasText: 'PUT /emulator/blobs/' });
    await waitFor(async () => (await upload.count()) > 0, 'the picture\'s upload listed');
    expect(await inspector.locator('#show-emulator').isChecked(), 'control calls not shown').to.equal(false);
    await upload.first().click();
    const detail = JSON.parse((await inspector.locator('#detail-json').textContent()) ?? '{}');
    expect(detail.log).to.equal('conversation');
    expect(detail.request).to.equal(`(${PNG.length} bytes of image/png)`);
  });

  it('exports the conversation as a JSON transcript', async () => {
    await rig.chat.say('menu');
    await rig.chat.waitForBot('What would you like to do?');
    await rig.chat.say('bye');
    await rig.chat.page.getByText('The conversation has ended.').waitFor();
    await waitFor(async () => (await rows('[data-kind="message"]').count()) >= 4, 'the messages listed');
    const [download] = await Promise.all([inspector.waitForEvent('download'), inspector.getByRole('button', { name: 'Download transcript (JSON)' }).click()]);
    expect(download.suggestedFilename()).to.equal(`transcript-${conversationId}.json`);
    const transcript = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(transcript.format).to.equal('hubbot-emulator-transcript/1');
    expect(transcript.conversation).to.include({ id: conversationId, state: 'completed' });
    const said = transcript.messages.map((m: { sender: { type: string }; type: { value: string } }) => `${m.sender.type} ${m.type.value}`).filter((s: string) => !s.includes('typing'));
    expect(said).to.deep.equal(['customer customer.info', 'customer text', 'custom_bot richMessage.quickreply', 'customer text', 'custom_bot text', 'custom_bot conversation.end']);
    const kinds = new Set(transcript.log.map((e: CallLogEntry) => e.kind));
    expect([...kinds]).to.include.members(['conversationStarted', 'message', 'call', 'callback']);
    expect(transcript.log.every((e: CallLogEntry) => e.conversationId === undefined || e.conversationId === conversationId)).to.equal(true);
    expect(JSON.stringify(transcript)).to.not.match(/Bearer|access_token|client_secret/i);
  });
});
