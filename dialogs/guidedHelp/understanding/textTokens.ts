/**
 * The words of a customer's text as the free-text matcher compares them, English, French,
 * Spanish and German alike: case and accents folded (normalise), function words and generic troubleshooting
 * verbs dropped (they say nothing about WHICH answer: "my internet does not work"), a light
 * stem (plurals, -ing, -ed, a final e) so "prints" meets "print" and "coupée" meets "coupe",
 * a few spellings of the same thing brought together ("wi fi", "wireless", "sans fil"), and a
 * typo distance so "conection" still meets "connection".
 *
 * Deliberately light: an aggressive stemmer conflates "printer" with "print", which sends
 * "my printer is broken" to "Nothing prints"; precision comes first.
 */
import { languagePack } from '../../../src/languages/languagePacks.js';
import { languageStopWords, snowballOf, spacedWords, unstemmed, withoutParticle } from './languageWords.js';
import { normalise } from './normalise.js';

/**
 * The stop words of the first four packs (en, fr, es, de): hand lists, measured on their
 * tuning and held-out sets, read together whatever the language (a French customer's "le"
 * means nothing in an English topic either). Another language's own stop words join these for
 * its conversations (languageWords.ts).
 */
const HAND_LISTED = ['en-US', 'fr-FR', 'es-ES', 'de-DE'];
let common: { packs: readonly object[]; words: Set<string> } | undefined;

function commonStopWords(): Set<string> {
  const packs = HAND_LISTED.map(languagePack);
  if (common && common.packs.every((p, i) => p === packs[i])) return common.words;
  common = { packs, words: new Set(packs.flatMap((p) => p.words.stopWords)) };
  return common.words;
}

/** Spellings of one thing, English and French, mapped to one term (after folding). */
const SAME_THING: Array<[RegExp, string]> = [
  [/\b(?:wi fi|wifi|wireless|wlan|sans fil)\b/g, 'wifi'],
  [/\b(?:e mail|email|courriel)\b/g, 'email'],
  [/\b([45]) g\b/g, '$1g'],
];

/** Folded text with multi-word spellings joined: "Wi-Fi" → "wifi"; Chinese and Japanese words apart (languageWords.ts). */
export function foldText(text: string, lang?: string): string {
  let folded = normalise(spacedWords(text, lang));
  for (const [re, to] of SAME_THING) folded = folded.replace(re, to);
  return folded;
}

/** Whether a folded word says nothing about a topic: the common hand lists, and the language's own (languageWords.ts). */
export function isStopWord(word: string, lang?: string): boolean {
  return commonStopWords().has(word) || (lang !== undefined && languageStopWords(lang).has(word));
}

/** A word's stem in the language: its pack's Snowball stemmer, none for Chinese, Japanese, Korean, else the light stem below. */
export function stem(word: string, lang?: string): string {
  if (/\d/.test(word)) return word;
  const snowball = snowballOf(lang);
  if (snowball) return snowball(word);
  if (unstemmed(lang)) return word;
  return lightStem(word);
}

/** A light stem, English and French: plural s/x, -ing, -ed, a final e, a doubled consonant. */
function lightStem(word: string): string {
  if (word.length <= 3) return word;
  let w = word;
  if (/[^su]s$/.test(w) || (w.length > 4 && /[^u]x$/.test(w))) w = w.slice(0, -1);
  else if (/eaux$/.test(w)) w = w.slice(0, -1);
  if (w.length >= 7 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length >= 6 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length >= 6 && w.endsWith('ee')) w = w.slice(0, -2);
  if (w.length >= 5 && w.endsWith('e')) w = w.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && w.length >= 5) w = w.slice(0, -1);
  return w;
}

/** The meaningful words of a text, folded but not stemmed, in order (repeats kept). */
export function foldedContentWords(text: string, lang?: string): string[] {
  return foldText(text, lang)
    .split(' ')
    .filter((w) => w !== '' && !isStopWord(w, lang));
}

/** The meaningful words of a text, stemmed, in order (repeats kept). */
export function contentWords(text: string, lang?: string): string[] {
  return foldedContentWords(text, lang).map((w) => stem(w, lang));
}

/**
 * The words of what a customer said, and apart each pair written together ("ink jet" →
 * "inkjet"): a pair only meets a term exactly, since with a typo "my bill" would meet "mobile".
 * `folded` are its words unstemmed, for German's own stem and compounds (germanWords.ts).
 */
export function saidWords(text: string, lang?: string): { words: string[]; joined: string[]; folded: string[] } {
  const all = foldText(text, lang).split(' ').filter(Boolean);
  const folded = [...new Set(all.filter((w) => !isStopWord(w, lang)))];
  // Korean: a word said also without the particle it may end in ("핑이" → "핑"), as a word of its own (languageWords.ts).
  const words = [...new Set(folded.flatMap((w) => withoutParticle(w, lang)).map((w) => stem(w, lang)))];
  const joined = [...new Set(all.slice(1).map((w, i) => all[i] + w).filter((w) => w.length >= 5).map((w) => stem(w, lang)))].filter((w) => !words.includes(w));
  return { words, joined, folded };
}

/** Optimal string alignment distance (insertions, deletions, substitutions, swaps), capped. */
export function typoDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** How many typos a word of this length may carry and still be recognised. */
function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * A compound ending in the other word, German style (U5): "tintenstrahldrucker" is a kind of
 * "drucker", "glasfasermodem" a "modem". The head word comes last and has five letters or more.
 */
function compoundOf(whole: string, head: string): boolean {
  return head.length >= 5 && whole.length >= head.length + 3 && whole.endsWith(head);
}

/** Chinese, Japanese or Korean letters: words of one to four signs, compared by containment, never by typos. */
const CJK_WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** 1 for the same stem, 0.8 for the same word with a typo or two, or for a compound of it said (where words glue), 0 otherwise. */
export function wordSimilarity(said: string, term: string, compounds = true): number {
  if (said === term) return 1;
  // "打印" in "打印机", "프린터" in "프린터가" (a particle glued on): one word inside the other.
  if (CJK_WORD.test(said) || CJK_WORD.test(term)) return Math.min(said.length, term.length) >= 2 && (said.includes(term) || term.includes(said)) ? 0.8 : 0;
  if (compounds && !/\d/.test(said) && !/\d/.test(term) && compoundOf(said, term)) return 0.8;
  // Short stems compare by the longer word: "fibr" (fibre) and "fiber" are one typo apart.
  const allowed = Math.min(said.length, term.length) < 4 ? 0 : typosAllowed(Math.max(said.length, term.length));
  if (allowed === 0 || /\d/.test(said) || /\d/.test(term)) return 0;
  return typoDistance(said, term, allowed) <= allowed ? 0.8 : 0;
}
