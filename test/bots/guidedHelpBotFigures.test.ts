/**
 * The guided-help bot tells the contact-center figures (O5) what its conversations did: a
 * start on a topic, a rejection, a solution accepted. Real portal client over HTTP to the
 * emulator's portal.
 */
import { expect } from 'chai';
import { MemoryStorage } from 'botbuilder-core';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { topicFigureName } from '../../bots/guidedHelpTopics.js';
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
    expect(report.topics.map((t) => t.topic)).to.deep.equal(['Home internet']);
    expect(report.topics[0]).to.deep.include({ started: 1, rejected: 1, solved: 1, handedOver: 0, abandoned: 0, containmentRate: 1 });
  });

  it('[M7] a topic from the portal is counted under its name as the customer sees it, without its release version', async () => {
    const figures = new ContactCenterFigures({ store: new MemoryFiguresStore() });
    const from = Date.now();
    // No configured topics: the portal's live releases ("Home internet 2024.2", "Printers 3.0").
    const bot = new GuidedHelpBot({ storage: new MemoryStorage(), portal: h.portalFor('customer-m7'), figures });
    const chat = new Chat(bot, { conversationId: 'm7-topic-name' });
    await chat.say('Printers');
    const report = await figures.report(from, Date.now() + 1);
    expect(report.topics.map((t) => t.topic)).to.deep.equal(['Printers']);
  });

  it('[M7] the figure name drops a version and its release label, and keeps other numbers', () => {
    expect(topicFigureName({ casebaseId: '1', name: 'Printers 3.1 (draft)' }, 'en-US')).to.equal('Printers');
    expect(topicFigureName({ casebaseId: '1', name: { en: 'Home internet 2024.2', fr: 'Internet maison 2024.2' } }, 'fr-FR')).to.equal('Internet maison');
    expect(topicFigureName({ casebaseId: '1', name: 'Windows 11' }, 'en-US')).to.equal('Windows 11');
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
