/**
 * The conversation's language (U2): the bot answers in the language of the message, else the
 * conversation's, else its configured default; every line of ours and the portal's helper
 * lines come in that language.
 */
import { expect } from 'chai';
import { MemoryStorage } from 'botbuilder-core';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { Chat, startHarness, texts, type Harness } from './guidedHelpHarness.js';

describe('guided help bot: the conversation language', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.stop());

  const casebases = [
    { casebaseId: '101', name: { en: 'Home internet', fr: 'Internet à la maison', es: 'Internet en casa', de: 'Internet zu Hause' } },
    { casebaseId: '202', name: { en: 'Printers', fr: 'Imprimantes', es: 'Impresoras', de: 'Drucker' } },
  ];

  it("[U2] a French question's helper line is French, and a message without a locale keeps the conversation's", async () => {
    const chat = new Chat(new GuidedHelpBot({ storage: new MemoryStorage(), portal: h.portalFor('cl-1'), casebases }), { conversationId: 'cl-1', locale: 'fr-FR' });
    const out = texts(await chat.say('Internet à la maison'));
    expect(out).to.contain('Quel est le problème ?');
    expect(out).to.contain('Choisissez le symptôme le plus proche.');
    expect(out).to.not.contain('Pick the closest');
    const next = await chat.say('zzz', { locale: undefined });
    expect(texts(next)).to.match(/^Je n'ai pas compris/);
  });

  for (const [locale, hello, topic] of [
    ['es-ES', '¡Hola! Puedo ayudarle a resolver un problema.', 'Impresoras'],
    ['de-DE', 'Hallo! Ich helfe Ihnen, ein Problem zu lösen.', 'Drucker'],
  ] as const) {
    it(`[U2] ${locale}: the greeting and topic names in the configured default language when the message carries none`, async () => {
      const chat = new Chat(new GuidedHelpBot({ storage: new MemoryStorage(), portal: h.portalFor(`cl-${locale}`), casebases, language: locale }), { conversationId: `cl-${locale}` });
      const out = await chat.say('hola', { locale: undefined });
      expect(out[0].text).to.contain(hello);
      expect((out[0].suggestedActions?.actions ?? []).map((a) => a.title)).to.include(topic);
    });
  }
});
