/**
 * The guided-help bot tells the contact-center figures (O5) what its conversations did: a
 * start on a topic, a rejection, a solution accepted. Real portal client over HTTP to the
 * emulator's portal.
 */
import { expect } from 'chai';
import { MemoryStorage } from 'botbuilder-core';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { ContactCenterFigures, MemoryFiguresStore } from '../../src/observability/contactCenterFigures.js';
import { Chat, startHarness, texts, type Harness } from './guidedHelpHarness.js';

const TOPICS = [
  { casebaseId: '101', name: 'Home internet' },
  { casebaseId: '202', name: 'Printers' },
];

describe('guided help bot: contact-center figures', function () {
  this.timeout(30_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.stop());

  it('[O5] counts a start on its topic, a rejected solution, then the accepted one', async () => {
    const figures = new ContactCenterFigures({ store: new MemoryFiguresStore() });
    const from = Date.now();
    const bot = new GuidedHelpBot({ storage: new MemoryStorage(), portal: h.portalFor('customer-o5'), casebases: TOPICS, figures });
    const chat = new Chat(bot, { conversationId: 'o5-solved' });
    await chat.say('Home internet');
    await chat.say('Only Wi-Fi does not work');
    await chat.say('Cable');
    await chat.say('Laptop, TV');
    await chat.say('no');
    await chat.say('the wifi password was changed');
    expect(texts(await chat.say('yes'))).to.contain('glad I could help');
    const report = await figures.report(from, Date.now() + 1);
    expect(report.topics.map((t) => t.topic)).to.deep.equal(['101']);
    expect(report.topics[0]).to.deep.include({ started: 1, rejected: 1, solved: 1, handedOver: 0, abandoned: 0, containmentRate: 1 });
  });

  it('[O5] "agent" is not a solution: started, not contained', async () => {
    const figures = new ContactCenterFigures({ store: new MemoryFiguresStore() });
    const from = Date.now();
    const bot = new GuidedHelpBot({ storage: new MemoryStorage(), portal: h.portalFor('customer-o5b'), casebases: TOPICS, figures });
    const chat = new Chat(bot, { conversationId: 'o5-agent' });
    await chat.say('Printers');
    await chat.say('Nothing prints');
    await chat.say('agent');
    const report = await figures.report(from, Date.now() + 1);
    expect(report.total).to.deep.include({ started: 1, solved: 0, containmentRate: 0 });
  });
});
