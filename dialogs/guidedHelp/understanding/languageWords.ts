/**
 * How words are found and compared in one language, as its pack (src/languages/packs) says
 * (I2), on the ecosystem's tools:
 *
 *   words       spaces, or Intl.Segmenter's word boundaries where words are not spaced
 *               (Chinese, Japanese; Korean's spaced phrases are split too, so a particle
 *               glued to a noun still leaves the noun's segment);
 *   stems       Snowball's stemmer of @orama/stemmers named by the pack (Italian, Dutch,
 *               Portuguese, Danish, Swedish, Russian), our light stem for English, French and
 *               Spanish (measured better there: a stemmer conflates "printer" with "print"),
 *               none for Chinese, Japanese and Korean;
 *   stop words  the hand lists of the first four packs, always, with the pack's own list and
 *               the stopwords-iso list of its language where the pack names one.
 */
import { createRequire } from 'node:module';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { languagePack, packTagOf, type LanguagePack } from '../../../src/languages/languagePacks.js';
import { normalise } from './normalise.js';

/** stopwords-iso ships one JSON object (language code → words) and no types. */
const STOPWORDS_ISO = createRequire(import.meta.url)('stopwords-iso') as Record<string, string[]>;

const SNOWBALL: Record<string, (word: string) => string> = { it: italian, nl: dutch, pt: portuguese, dk: danish, se: swedish, ru: russian };

/** Text with Chinese, Japanese or Korean letters: words come from Intl.Segmenter. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function packOf(lang: string | undefined): LanguagePack | undefined {
  const tag = packTagOf(lang);
  return tag ? languagePack(tag) : undefined;
}

const segmenters = new Map<string, Intl.Segmenter>();

/** The segmenter's locale for a text: the conversation's when it writes so, else by the script seen. */
function segmenterLocale(text: string, lang: string | undefined): string {
  if (lang && packOf(lang)?.words.segmenter) return lang;
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  return 'zh';
}

/** The text with its words apart: Chinese and Japanese words split by Intl.Segmenter; other text as it is. */
export function spacedWords(text: string, lang?: string): string {
  if (!CJK.test(text)) return text;
  const locale = segmenterLocale(text, lang);
  let seg = segmenters.get(locale);
  if (!seg) segmenters.set(locale, (seg = new Intl.Segmenter(locale, { granularity: 'word' })));
  return [...seg.segment(katakanaLoanwords(text))].map((s) => (s.isWordLike ? s.segment : ' ')).join(' ');
}

const stopWordCache = new WeakMap<LanguagePack, Set<string>>();

/** The stop words a language adds to the common ones (see above), normalised. */
export function languageStopWords(lang: string | undefined): ReadonlySet<string> {
  const pack = packOf(lang);
  if (!pack) return new Set();
  let words = stopWordCache.get(pack);
  if (!words) {
    const iso = pack.words.stopWordList ? (STOPWORDS_ISO[pack.words.stopWordList] ?? []) : [];
    words = new Set([...pack.words.stopWords, ...iso].map((w) => normalise(spacedWords(w, pack.tag))).flatMap((w) => w.split(' ')).filter(Boolean));
    stopWordCache.set(pack, words);
  }
  return words;
}

/** The Snowball stemmer the language's pack names, if any (not the light stem's languages, not German's own path). */
export function snowballOf(lang: string | undefined): ((word: string) => string) | undefined {
  const name = packOf(lang)?.words.stemmer;
  return name ? SNOWBALL[name] : undefined;
}

const particleCache = new WeakMap<LanguagePack, string[]>();

/**
 * The word, and the word without each particle it may end in (the pack's `particles`, Korean):
 * "핑이" → ["핑이", "핑"], "공유기랑" → ["공유기랑", "공유기"]. Both are kept, since a noun may
 * end in a particle's letters ("와이파이" is no "와이파" with 이): the bare form only counts when
 * a candidate knows it.
 */
export function withoutParticle(word: string, lang: string | undefined): string[] {
  const pack = packOf(lang);
  if (!pack?.words.particles?.length) return [word];
  let particles = particleCache.get(pack);
  if (!particles) particleCache.set(pack, (particles = pack.words.particles.map(normalise).filter(Boolean)));
  return [word, ...particles.filter((p) => word.length > p.length && word.endsWith(p)).map((p) => word.slice(0, -p.length))];
}

/** Hiragana letters, and a run of them with the long-vowel mark: a loanword typed in hiragana ("ぷりんたー"). */
const HIRAGANA_LOANWORD = /[\p{Script=Hiragana}ー]*ー[\p{Script=Hiragana}ー]*/gu;

/** A loanword typed in hiragana written in katakana, as the casebases write it: "ぷりんたー" → "プリンター". */
function katakanaLoanwords(text: string): string {
  return text.replace(HIRAGANA_LOANWORD, (run) => run.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60)));
}

/** Whether the language's words glue into compounds (its pack's `compounds`: Dutch, Danish, Swedish; German has its own path). */
export function compounding(lang: string | undefined): boolean {
  return packOf(lang)?.words.compounds === true;
}

/** Whether a word may end in another as a compound does (wordSimilarity): not where the pack says its words do not glue. */
export function gluesWords(lang: string | undefined): boolean {
  return packOf(lang)?.words.compounds !== false;
}

/** Whether the language's words are compared whole (Chinese, Japanese, Korean): no stem, no typo. */
export function unstemmed(lang: string | undefined): boolean {
  return packOf(lang)?.words.stemmer === 'none';
}
