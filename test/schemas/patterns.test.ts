import { expect } from 'chai';
import {
  articleIdSchema,
  isArticleId,
  isNumericId,
  isPortalId,
  numericIdSchema,
  portalIdSchema,
} from '../../src/schemas/patterns.js';
import {
  ACCEPT_LANGUAGES,
  acceptLanguageSchema,
  bestAcceptLanguage,
  bestQueryLanguage,
  KB_LANGUAGE_CODES,
  KB_LANGUAGE_NAMES,
  KB_LANGUAGES,
  kbLanguageCodeSchema,
  kbLanguageNameSchema,
  languagesForLocale,
  QUERY_LANGUAGES,
  queryLanguageSchema,
} from '../../src/schemas/languages.js';

describe('schemas/patterns: portal and article ids', () => {
  const valid = [
    'AB-1234', // 2 letters, 4 digits: both lower edges
    'ABCD-123456789012345', // 4 letters, 15 digits: both upper edges
    'ABC-00001234',
    'ka-01234', // lower case: the spec says "letter", case not restricted
    'Kb-0000',
  ];
  const invalid: Array<[string, unknown]> = [
    ['1 letter', 'A-1234'],
    ['5 letters', 'ABCDE-1234'],
    ['3 digits', 'AB-123'],
    ['16 digits', 'AB-1234567890123456'],
    ['no dash', 'AB1234'],
    ['underscore', 'AB_1234'],
    ['two dashes', 'AB--1234'],
    ['leading space', ' AB-1234'],
    ['trailing space', 'AB-1234 '],
    ['trailing newline', 'AB-1234\n'],
    ['digit in prefix', 'A1-1234'],
    ['letter in digits', 'AB-12a4'],
    ['accented letter', 'ÉB-1234'],
    ['full-width digits', 'AB-１２３４'],
    ['empty', ''],
    ['a number', 1234],
    ['null', null],
    ['undefined', undefined],
  ];

  for (const id of valid) {
    it(`[P1] accepts the portal id ${JSON.stringify(id)}`, () => {
      expect(isPortalId(id)).to.equal(true);
      expect(portalIdSchema.safeParse(id).success).to.equal(true);
      expect(portalIdSchema.parse(id)).to.equal(id); // never re-cased
    });
  }

  for (const [why, id] of invalid) {
    it(`[P1] refuses the portal id ${JSON.stringify(id)} (${why})`, () => {
      expect(isPortalId(id)).to.equal(false);
      const r = portalIdSchema.safeParse(id);
      expect(r.success).to.equal(false);
    });
  }

  it('[P1] names the rule in the refusal message', () => {
    const r = portalIdSchema.safeParse('A-1234');
    expect(r.success).to.equal(false);
    expect(r.error!.issues[0]!.message).to.match(/2-4 letters, a dash, 4-15 digits/);
  });

  it('[P3] articleId has the same form as portalID', () => {
    for (const id of valid) expect(isArticleId(id), id).to.equal(true);
    for (const [, id] of invalid) expect(isArticleId(id), String(id)).to.equal(false);
    expect(articleIdSchema.safeParse('KB-1234').success).to.equal(true);
    expect(articleIdSchema.safeParse('KBXYZ-1234').success).to.equal(false);
  });

  it('[P3] numeric ids are strings of ASCII digits only', () => {
    for (const ok of ['0', '1', '0042', '123456789012345678901234567890']) {
      expect(isNumericId(ok), ok).to.equal(true);
      expect(numericIdSchema.safeParse(ok).success, ok).to.equal(true);
    }
    for (const bad of ['', '-1', '+1', '1.5', '1e3', ' 1', '1 ', '１', 'abc', 12]) {
      expect(isNumericId(bad), String(bad)).to.equal(false);
      expect(numericIdSchema.safeParse(bad).success, String(bad)).to.equal(false);
    }
  });
});

describe('schemas/languages: three separate lists', () => {
  it('[P2] keeps the $lang, Accept-Language and KbLanguage lists apart, each as in the spec', () => {
    expect(QUERY_LANGUAGES).to.have.length(41);
    expect(ACCEPT_LANGUAGES).to.have.length(15);
    expect(KB_LANGUAGES).to.have.length(16);
    expect(KB_LANGUAGE_CODES).to.have.length(16);
    expect(KB_LANGUAGE_NAMES).to.have.length(16);
    expect(new Set(QUERY_LANGUAGES).size).to.equal(41);
    // The lists disagree on purpose: the same language has different tags in each.
    expect(QUERY_LANGUAGES).to.include('ja-JA').and.not.include('ja-JP');
    expect(ACCEPT_LANGUAGES).to.include('ja-JP').and.not.include('ja-JA');
    expect(QUERY_LANGUAGES).to.include('da-DA');
    expect(ACCEPT_LANGUAGES).to.include('da-DK').and.not.include('en-GB');
    expect(KB_LANGUAGE_CODES).to.include('en-GB');
    expect(KB_LANGUAGES.find((l) => l.code === 'ko-KR')!.name).to.equal('Korean (South Korea)');
    expect(KB_LANGUAGES.find((l) => l.code === 'zh-CN')!.name).to.equal('Chinese (Simplified)');
  });

  it('[P2] each zod enum accepts only its own list', () => {
    expect(queryLanguageSchema.safeParse('no-NB').success).to.equal(true);
    expect(queryLanguageSchema.safeParse('xx-XX').success).to.equal(true);
    expect(queryLanguageSchema.safeParse('ja-JP').success).to.equal(false);
    expect(acceptLanguageSchema.safeParse('ja-JP').success).to.equal(true);
    expect(acceptLanguageSchema.safeParse('ja-JA').success).to.equal(false);
    expect(acceptLanguageSchema.safeParse('fi-FI').success).to.equal(false);
    expect(acceptLanguageSchema.safeParse('en-us').success).to.equal(false);
    expect(kbLanguageCodeSchema.safeParse('en-GB').success).to.equal(true);
    expect(kbLanguageCodeSchema.safeParse('fi-FI').success).to.equal(false);
    expect(kbLanguageNameSchema.safeParse('French (Canada)').success).to.equal(true);
    expect(kbLanguageNameSchema.safeParse('French').success).to.equal(false);
  });

  const cases: Array<[string | undefined, string, string | undefined]> = [
    // locale, Accept-Language, $lang
    ['en', 'en-US', 'en-US'],
    ['en-GB', 'en-US', 'en-GB'], // no en-GB in Accept-Language
    ['en-AU', 'en-US', 'en-GB'],
    ['fr', 'fr-FR', 'fr-FR'],
    ['fr-FR', 'fr-FR', 'fr-FR'],
    ['fr-CA', 'fr-CA', 'fr-CA'],
    ['fr-BE', 'fr-FR', 'fr-FR'],
    ['fr_ca', 'fr-CA', 'fr-CA'],
    ['FR-fr', 'fr-FR', 'fr-FR'],
    ['pt', 'pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-PT', 'pt-PT'],
    ['pt-AO', 'pt-PT', 'pt-PT'],
    ['ja-JP', 'ja-JP', 'ja-JA'],
    ['ko', 'ko-KR', 'ko-KO'],
    ['da-DK', 'da-DK', 'da-DA'],
    ['de-AT', 'de-DE', 'de-AT'],
    ['de-CH', 'de-DE', 'de-DE'],
    ['zh-TW', 'zh-CN', 'zh-TW'],
    ['zh-Hant-HK', 'zh-CN', 'zh-TW'],
    ['zh-Hans-SG', 'zh-CN', 'zh-CN'],
    ['nb-NO', 'en-US', 'no-NB'],
    ['nn', 'en-US', 'no-NN'],
    ['fi', 'en-US', 'fi-FI'],
    ['fil', 'en-US', 'fil-PH'],
    ['tl-PH', 'en-US', 'fil-PH'],
    ['es-MX', 'es-ES', 'es-ES'],
    ['es-419', 'es-ES', 'es-ES'],
    ['cs-CZ', 'en-US', 'cs-CS'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr-FR', 'fr-FR'],
    ['sw', 'en-US', undefined], // Swahili: in no list
    ['', 'en-US', undefined],
    [undefined, 'en-US', undefined],
    ['not a locale', 'en-US', undefined],
  ];
  for (const [locale, accept, lang] of cases) {
    it(`[P2] maps locale ${JSON.stringify(locale)} to Accept-Language ${accept} and $lang ${lang}`, () => {
      expect(bestAcceptLanguage(locale)).to.equal(accept);
      expect(bestQueryLanguage(locale)).to.equal(lang);
      expect(languagesForLocale(locale)).to.deep.equal({ acceptLanguage: accept, lang });
      expect(ACCEPT_LANGUAGES).to.include(bestAcceptLanguage(locale));
      if (lang) expect(QUERY_LANGUAGES).to.include(bestQueryLanguage(locale));
    });
  }

  it('[P2] uses the given fallback when the locale has no Accept-Language match', () => {
    expect(bestAcceptLanguage('sw-KE', 'fr-FR')).to.equal('fr-FR');
    expect(bestAcceptLanguage('de', 'fr-FR')).to.equal('de-DE');
  });

  it('[P2] every Accept-Language value maps to itself', () => {
    for (const v of ACCEPT_LANGUAGES) expect(bestAcceptLanguage(v)).to.equal(v);
    for (const v of QUERY_LANGUAGES) expect(bestQueryLanguage(v), v).to.equal(v);
  });
});
