/**
 * The language packs (I1, I3): every offered pack has exactly the keys of en-US in its bot
 * texts and page labels, with the same placeholders, and every word list understanding reads;
 * a regional variant holds only what differs from its base; an override directory changes or
 * extends a pack without code, and adds a language.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { message } from '../../dialogs/guidedHelp/guidedHelpMessages.js';
import { asksForPerson } from '../../dialogs/guidedHelp/personRequest.js';
import { normalise } from '../../dialogs/guidedHelp/understanding/normalise.js';
import { smallTalkOf } from '../../dialogs/guidedHelp/understanding/smallTalk.js';
import { allLanguagePacks, configureLanguagePacks, languagePack, offeredLanguages, packTagOf } from '../../src/languages/languagePacks.js';
import { catalogueProblems } from '../catalogueProblems.js';

const en = () => languagePack('en-US');
/** Texts that may read the same as in English (a word languages share, an untranslatable name). */
const SAME_AS_ENGLISH = new Set(['no', 'offer', 'messages', 'message', 'inspector', 'conversation', 'account', 'start', 'send', 'title']);
const WORD_LISTS = ['stopWords', 'yes', 'no', 'polite', 'fillers', 'but', 'greetings', 'thanks', 'goodbyes', 'thatsAll', 'offTopic', 'offTopicWords'] as const;
/** English variants (en-GB) read as English: only their keys and placeholders are checked. */
const problemsOf = (part: 'bot' | 'page' | 'handover', tag: string) =>
  catalogueProblems(languagePack(tag)[part], en()[part], SAME_AS_ENGLISH).filter((p) => !(tag.startsWith('en-') && p.startsWith('English')));

describe('language packs', () => {
  afterEach(() => configureLanguagePacks({ packs: {} }));

  for (const tag of offeredLanguages().filter((t) => t !== 'en-US')) {
    it(`[I1] ${tag}: every bot text, page label and handover notice of en-US, no other, same placeholders, translated`, () => {
      expect(problemsOf('bot', tag)).to.deep.equal([]);
      expect(problemsOf('page', tag)).to.deep.equal([]);
      expect(problemsOf('handover', tag)).to.deep.equal([]);
    });
  }

  it('[I1] every offered pack has its words: stemmer, stop words, yes/no, person, small talk, out-of-topic', () => {
    for (const p of allLanguagePacks()) {
      expect(p.name, p.tag).to.be.a('string').and.not.equal('');
      expect(p.words.stemmer, p.tag).to.be.a('string');
      for (const list of WORD_LISTS) expect(p.words[list].length, `${p.tag} ${list}`).to.be.above(0);
      expect(p.words.person.requests.length, p.tag).to.be.above(0);
    }
  });

  it('[U7] no greeting, thanks, goodbye or "that\'s all" of any pack reads as a lone Latin letter (one is an answer: "a" was a French goodbye through "a+")', () => {
    const loneLetters = allLanguagePacks().flatMap((p) =>
      (['greetings', 'thanks', 'goodbyes', 'thatsAll'] as const).flatMap((list) => p.words[list].filter((w) => /^[a-z]$/.test(normalise(w))).map((w) => `${p.tag} ${list} ${w}`)),
    );
    expect(loneLetters).to.deep.equal([]);
    expect(smallTalkOf('a', 'fr-FR')).to.equal(undefined);
  });

  it('[I1] a missing or an extra key is reported', () => {
    const { greeting: _dropped, ...rest } = languagePack('fr-FR').bot;
    expect(catalogueProblems({ ...rest, surplus: 'x' }, en().bot, SAME_AS_ENGLISH)).to.deep.equal(['extra surplus', 'missing greeting']);
  });

  it('[I1] an override directory changes a text, extends a word list and adds a request, without code', () => {
    configureLanguagePacks({ directory: join(process.cwd(), 'docs/examples/language-pack-override') });
    expect(message('fr-FR', 'greeting')).to.contain('Télécom Exemple');
    expect(message('fr-FR', 'saved', { code: '1-2' })).to.contain('1-2');
    expect(languagePack('fr-FR').words.thanks).to.include.members(['merci', 'merci mille fois']);
    expect(asksForPerson('je veux un technicien')).to.equal(true);
    configureLanguagePacks({ packs: {} });
    expect(message('fr-FR', 'greeting')).to.not.contain('Télécom Exemple');
    expect(asksForPerson('je veux un technicien')).to.equal(false);
  });

  it('[I1] an override pack with a new tag adds a language over a base; HUBBOT_LANGUAGE_PACKS names the directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'packs-'));
    writeFileSync(join(dir, 'de-AT.json'), JSON.stringify({ tag: 'de-AT', extends: 'de-DE', name: 'Deutsch (Österreich)', bot: { greeting: 'Servus! Wobei brauchen Sie Hilfe?' } }));
    const before = process.env.HUBBOT_LANGUAGE_PACKS;
    process.env.HUBBOT_LANGUAGE_PACKS = dir;
    try {
      configureLanguagePacks();
      expect(offeredLanguages()).to.include('de-AT');
      expect(message('de-AT', 'greeting')).to.equal('Servus! Wobei brauchen Sie Hilfe?');
      expect(message('de-AT', 'pickTopic')).to.equal(message('de-DE', 'pickTopic'));
    } finally {
      if (before === undefined) delete process.env.HUBBOT_LANGUAGE_PACKS;
      else process.env.HUBBOT_LANGUAGE_PACKS = before;
    }
  });

  it('[I3] a locale finds its own pack, else its language\'s base pack, else none', () => {
    expect(packTagOf('fr-FR')).to.equal('fr-FR');
    expect(packTagOf('fr-BE')).to.equal('fr-FR');
    expect(packTagOf('es-MX')).to.equal('es-ES');
    expect(packTagOf('tr-TR')).to.equal(undefined);
    expect(message('tr-TR', 'pickTopic')).to.equal(en().bot.pickTopic);
  });
});
