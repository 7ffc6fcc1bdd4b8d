/**
 * U8: topics are shown by their customer-facing name. The portal lists casebase releases, whose
 * names carry versions (the emulator's sample portal: "Printers 3.0", "Home internet 2024.2" and
 * their translations); the bot offers them without it, in each language, and the name still
 * picks the topic. The digits of a release never reach the customer.
 */
import { expect } from 'chai';
import { MemoryStorage, type Activity } from 'botbuilder-core';
import { customerTopicName } from '../../bots/guidedHelpTopics.js';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { Chat, startHarness, texts, type Harness } from './guidedHelpHarness.js';

const labels = (a: Partial<Activity> | undefined) => (a?.suggestedActions?.actions ?? []).map((x) => x.title);

describe('[U8] topic names the customer sees', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.stop());

  it('[U8] drops a release version from a name, keeps a plain number and a name that is only digits', () => {
    const cases: [string, string][] = [
      ['Printers 3.0', 'Printers'],
      ['Home internet 2024.2', 'Home internet'],
      ['Internet en casa 2024.2', 'Internet en casa'],
      ['Routers v2', 'Routers'],
      ['Billing - release 7', 'Billing'],
      ['Modems (draft)', 'Modems'],
      ['Windows 11', 'Windows 11'],
      ['Drucker 3.0', 'Drucker'],
      ['3.0', '3.0'],
    ];
    for (const [name, shown] of cases) expect(customerTopicName(name), name).to.equal(shown);
  });

  const expected = {
    'en-US': ['Home internet', 'Printers', 'Question formats'],
    'fr-FR': ['Internet maison', 'Imprimantes', 'Formats de question'],
    // The test casebase of formats has no Spanish or German name: its English one shows.
    'es-ES': ['Internet en casa', 'Impresoras', 'Question formats'],
    'de-DE': ['Internet zu Hause', 'Drucker', 'Question formats'],
  };
  for (const [locale, names] of Object.entries(expected)) {
    it(`[U8] in ${locale}: the portal's topics are offered without release versions, and the name picks the topic`, async () => {
      const bot = new GuidedHelpBot({ storage: new MemoryStorage(), portal: h.portalFor(`names-${locale}`) });
      const chat = new Chat(bot, { conversationId: `names-${locale}`, locale });
      const [greeting] = await chat.say('hello');
      const shown = labels(greeting);
      expect(shown.slice().sort()).to.deep.equal(names.slice().sort());
      expect(shown.join(' '), 'no version').to.not.match(/\d/);
      expect(texts(await chat.say(names[1]))).to.not.match(/\d\.\d/);
    });
  }
});
