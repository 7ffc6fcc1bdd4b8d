/**
 * The web chat page's own words (U2): one catalogue per language the page offers, each with
 * every key of the English one, translated; the language picker offers exactly those.
 */
import { expect } from 'chai';
import { chatTexts, chatPageHtml } from '../../src/emulator/web/chatPageHtml.js';
import { catalogueProblems } from '../catalogueProblems.js';

/** Words French, Spanish or German share with English on this page. */
const SHARED = new Set(['messages', 'message', 'inspector', 'conversation', 'account', 'start', 'send', 'title']);

describe('web chat page: its own words', () => {
  // English variants (en-GB) read as English: the packs' test checks their keys (test/languages).
  for (const [lang, cat] of Object.entries(chatTexts()).filter(([l]) => !l.startsWith('en-'))) {
    it(`[U2] ${lang}: every label and notice of the English page, translated`, () => {
      expect(catalogueProblems(cat, chatTexts()['en-US'], SHARED)).to.deep.equal([]);
    });
  }

  it('[U2] the language picker offers every catalogue, and the page carries them all', () => {
    const html = chatPageHtml();
    const offered = [...html.matchAll(/<option value="([a-z]{2}-[A-Z]{2})" lang=/g)].map((m) => m[1]);
    expect(offered).to.deep.equal(Object.keys(chatTexts()));
    const block = /<script type="application\/json" id="chat-texts">(.*?)<\/script>/s.exec(html);
    expect(JSON.parse(block![1])).to.deep.equal(chatTexts());
  });
});
