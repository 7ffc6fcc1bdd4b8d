/**
 * The bot's text catalogues (U2): every language has every key of the English one, with the
 * same placeholders, and no text is left empty or in English; the conversation's language picks
 * the catalogue, English only for a language without one.
 */
import { expect } from 'chai';
import { MESSAGE_CATALOGUES, TEXT_LANGUAGES, message, textLanguageOf } from '../../dialogs/guidedHelp/guidedHelpMessages.js';
import { catalogueProblems } from '../catalogueProblems.js';

/** Texts that may read the same as in English (a word both languages share). */
const SAME_AS_ENGLISH = new Set(['no', 'offer']);
const en = MESSAGE_CATALOGUES.en;
const problems = (cat: Readonly<Record<string, string>>) => catalogueProblems(cat, en, SAME_AS_ENGLISH);
const order = (problem: string) => Object.keys(en).indexOf(problem.split(' ').at(-1)!);

describe('guided help: text catalogues', () => {
  for (const lang of TEXT_LANGUAGES.filter((l) => l !== 'en')) {
    it(`[U2] ${lang}: every key of the English catalogue, with the same placeholders, translated`, () => {
      expect(problems(MESSAGE_CATALOGUES[lang])).to.deep.equal([]);
    });
  }

  it('[U2] the check catches a missing key, a lost placeholder and an untranslated text', () => {
    const { greeting: _dropped, ...broken } = MESSAGE_CATALOGUES.de;
    expect(problems({ ...broken, saved: 'Gespeichert.', turnError: en.turnError })).to.deep.equal(['placeholders of saved', 'English turnError', 'missing greeting'].sort((a, b) => order(a) - order(b)));
  });

  it('[U2] the conversation locale picks the catalogue; a language without one falls back to English', () => {
    expect(textLanguageOf('es-ES')).to.equal('es');
    expect(textLanguageOf('de-AT')).to.equal('de');
    expect(textLanguageOf('fr-CA')).to.equal('fr');
    expect(textLanguageOf('it-IT')).to.equal('en');
    expect(message('de-DE', 'offer', { rank: 2, count: 3, title: 'Router neu starten' })).to.equal('Lösung 2 von 3: Router neu starten');
    expect(message('es-ES', 'saved', { code: '101-7' })).to.equal('Guardado. Para continuar más tarde, escriba «reanudar 101-7».');
    // Italian has its pack now (I1); a language without one still falls back to English.
    expect(message('it-IT', 'yes')).to.equal('Sì');
    expect(message('tr-TR', 'yes')).to.equal('Yes');
  });
});
