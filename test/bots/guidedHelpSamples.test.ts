/**
 * The two samples against the emulator's portal: the numbered-list renderer asks in plain
 * text and takes numbers; the mixed dialog asks for an account first and passes it to the
 * agent with the guided-help answers.
 */
import { expect } from 'chai';
import { MemoryStorage } from 'botbuilder-core';
import { createCustomRendererBot } from '../../samples/customRenderer/customRendererBot.js';
import { AccountCheckBot } from '../../samples/mixedDialog/accountCheckBot.js';
import { Chat, startHarness, texts, type Harness } from './guidedHelpHarness.js';

describe('guided help samples (emulator portal)', function () {
  this.timeout(30_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.stop());

  it('[B3] the numbered-list renderer asks in plain text and the customer answers by number', async () => {
    const chat = new Chat(createCustomRendererBot(new MemoryStorage(), h.portalFor('sample-1')), { conversationId: 'sample-1' });
    await chat.say('hi');
    const first = await chat.say('Home internet');
    expect(first).to.have.length(1);
    expect(first[0].suggestedActions).to.equal(undefined);
    expect(first[0].text).to.equal('What is the problem?\n1. No connection at all\n2. The connection is slow\n3. The connection keeps dropping\n4. Only Wi-Fi does not work\nReply with a number.');
    expect(texts(await chat.say('2'))).to.contain('1. Fibre');
    expect(texts(await chat.say('2'))).to.contain('What download speed do you measure');
    expect(texts(await chat.say('3'))).to.contain('request a line check');
  });

  it('[B3] the mixed dialog asks for the account, runs guided help, and hands the account to the agent', async () => {
    const chat = new Chat(new AccountCheckBot({ storage: new MemoryStorage(), portal: h.portalFor('sample-2'), casebaseId: '202' }), { conversationId: 'sample-2' });
    expect(texts(await chat.say('hello'))).to.contain('account number');
    expect(texts(await chat.say('12ab'))).to.contain('6 to 10 digits');
    expect(texts(await chat.say('12345678'))).to.contain('What goes wrong?');
    await chat.say('Nothing prints');
    await chat.say('Label printer');
    await chat.say('Wi-Fi');
    const out = await chat.say('no');
    const handoff = out.find((a) => a.type === 'event' && a.name === 'handoff');
    expect((handoff?.value as { summary: string }).summary).to.match(/^Answers:\n- account: 12345678\n- problem: Nothing prints/);
    expect(texts(out)).to.contain('Type anything to start again');
  });
});
