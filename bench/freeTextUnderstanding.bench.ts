/**
 * The customer's own words (B6): top-1 accuracy and wrong automatic picks of the free-text
 * matcher on the evaluation set (test/dialogs/understanding/evaluationSet.ts, both sample
 * casebases, English and French), against two maintained fuzzy-matching libraries put in
 * the place of its word similarity: fuse.js (Bitap) and fast-fuzzy (Damerau-Levenshtein,
 * Sellers). Everything else (folding, stemming, weighting, the confidence rule) is the same,
 * so the rows compare the word matching only. Goals: top-1 >= 90 %, wrong picks <= 2 %.
 */
import { performance } from 'node:perf_hooks';
import { fuzzy } from 'fast-fuzzy';
import Fuse from 'fuse.js';
import { matchFreeText, type MatchCandidate, type MatchOptions } from '../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { evaluate, type Matcher } from '../test/dialogs/understanding/evaluation.js';
import { EVALUATION_SET } from '../test/dialogs/understanding/evaluationSet.js';
import { HELD_OUT_NEW_SETS, HELD_OUT_SETS, HELD_OUT_SMALL_TALK_SETS } from '../test/dialogs/understanding/heldOut/heldOutSets.js';
import { TUNING_NEW_LANGUAGES } from '../test/dialogs/understanding/tuningNewLanguages.js';
import { evaluateHeldOut } from '../test/dialogs/understanding/heldOutEvaluation.js';
import { blindPart } from '../test/dialogs/understanding/tuningSide.js';
import { TUNING_FIRST_MESSAGES_DE } from '../test/dialogs/understanding/tuningFirstMessagesDe.js';
import { TUNING_FIRST_MESSAGES_DE_MORE } from '../test/dialogs/understanding/tuningFirstMessagesDeMore.js';
import { TUNING_FIRST_MESSAGES_DE_THIRD } from '../test/dialogs/understanding/tuningFirstMessagesDeThird.js';
import { TUNING_FIRST_MESSAGES_ES } from '../test/dialogs/understanding/tuningFirstMessagesEs.js';
import { Culture, recognizeNumber } from '@microsoft/recognizers-text-number';
import { numbersInText } from '../dialogs/guidedHelp/understanding/numbersInText.js';
import { NUMBER_PHRASINGS } from '../test/dialogs/understanding/numberPhrasings.js';
import type { BenchRow } from './benchRow.js';

export const title = "the customer's own words: understanding free text (evaluation set)";

/** fuse.js as the word similarity: 1 - its score, when within its default threshold (0.6). */
function fuseSimilarity(): (said: string, term: string) => number {
  const indexes = new Map<string, Fuse<string>>();
  return (said, term) => {
    let f = indexes.get(term);
    if (!f) indexes.set(term, (f = new Fuse([term], { includeScore: true, ignoreLocation: true, threshold: 0.6 })));
    const hit = f.search(said)[0];
    return hit ? 1 - (hit.score ?? 1) : 0;
  };
}

/** fast-fuzzy as the word similarity: its score, when at or above its default threshold (0.6). */
function fastFuzzySimilarity(said: string, term: string): number {
  const s = fuzzy(said, term, { useDamerau: true });
  return s >= 0.6 ? s : 0;
}

const MATCHERS: Array<{ name: string; matcher: Matcher; goals: boolean }> = [
  { name: 'own matcher', matcher: matchFreeText, goals: true },
  { name: 'fuse.js 7', matcher: (c: MatchCandidate[], t: string, o?: MatchOptions) => matchFreeText(c, t, { ...o, similarity: fuseSimilarity() }), goals: false },
  { name: 'fast-fuzzy 1', matcher: (c: MatchCandidate[], t: string, o?: MatchOptions) => matchFreeText(c, t, { ...o, similarity: fastFuzzySimilarity }), goals: false },
];

/**
 * Per language (U5): the tuning sets (English and French: the evaluation set's topics and
 * answers; Spanish and German: first messages, tuningFirstMessages*.ts) and the frozen held-out
 * sets of first messages (heldOut/, never tuned on), with the goals on the held-out sets.
 */
function perLanguageRows(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const lang of ['en', 'fr'] as const) {
    const f = evaluate(matchFreeText, EVALUATION_SET.filter((p) => p.lang === lang));
    rows.push(
      { measure: `tuning set ${lang}: top-1 accuracy, ${f.matchable} matchable phrasings`, value: f.top1Accuracy, unit: 'share' },
      { measure: `tuning set ${lang}: wrong automatic picks, ${f.phrasings} phrasings`, value: f.wrongPickRate, unit: 'share' },
    );
  }
  for (const [lang, set] of [['es', TUNING_FIRST_MESSAGES_ES], ['de', [...TUNING_FIRST_MESSAGES_DE, ...TUNING_FIRST_MESSAGES_DE_MORE, ...TUNING_FIRST_MESSAGES_DE_THIRD]]] as const) {
    const f = evaluateHeldOut(set, lang);
    rows.push(
      { measure: `tuning set ${lang}: top-1 accuracy, ${f.matchable} first messages with a topic or a person`, value: f.top1Accuracy, unit: 'share' },
      { measure: `tuning set ${lang}: wrong automatic picks, ${f.messages} first messages`, value: f.wrongPickRate, unit: 'share' },
    );
  }
  for (const lang of ['en', 'fr', 'es', 'de'] as const) {
    const f = evaluateHeldOut(HELD_OUT_SETS[lang], lang);
    rows.push(
      { measure: `held-out ${lang}: top-1 accuracy, ${f.matchable} first messages with a topic or a person`, value: f.top1Accuracy, unit: 'share', goal: '>= 0.90', pass: f.top1Accuracy >= 0.9 },
      { measure: `held-out ${lang}: wrong automatic picks, ${f.messages} first messages`, value: f.wrongPickRate, unit: 'share', goal: '<= 0.02', pass: f.wrongPickRate <= 0.02 },
    );
  }
  // The twelve languages of I2 (tuning sets apart), and the endings and out-of-topic requests of U7 in the first four.
  for (const [lang, set] of Object.entries(TUNING_NEW_LANGUAGES)) {
    const f = evaluateHeldOut(set, lang as never);
    rows.push({ measure: `tuning set ${lang}: top-1 accuracy, ${f.matchable} first messages`, value: f.top1Accuracy, unit: 'share' });
  }
  const sets = [...Object.entries(HELD_OUT_NEW_SETS).map(([l, set]) => [l, l, set] as const), ...Object.entries(HELD_OUT_SMALL_TALK_SETS).map(([l, set]) => [`${l} endings and out-of-topic`, l, set] as const)];
  // Measured on each set's blind part: the messages that equal a tuning message are left out (tuningSide.ts).
  for (const [name, lang, whole] of sets) {
    const { messages: set, leftOut } = blindPart(whole);
    const f = evaluateHeldOut(set, lang as never);
    rows.push(
      { measure: `held-out ${name} (${leftOut} shared with tuning left out): top-1 accuracy, ${f.matchable} first messages with a topic, a person, an ending or an out-of-topic request`, value: f.top1Accuracy, unit: 'share', goal: '>= 0.90', pass: f.top1Accuracy >= 0.9 },
      { measure: `held-out ${name} (${leftOut} shared with tuning left out): wrong automatic picks, ${f.messages} first messages`, value: f.wrongPickRate, unit: 'share', goal: '<= 0.02', pass: f.wrongPickRate <= 0.02 },
    );
  }
  return rows;
}

const CULTURES = { en: Culture.English, fr: Culture.French, es: Culture.Spanish, de: Culture.German } as const;
const LOCALES = { en: 'en-US', fr: 'fr-FR', es: 'es-ES', de: 'de-DE' } as const;

/** Numbers in sentences (U5): our own reading, Microsoft's recognizer alone, and ours then the recognizer (what the dialog does). */
function numberRows(): BenchRow[] {
  const readers: Array<[string, (lang: keyof typeof CULTURES, text: string) => number[]]> = [
    ['own number reading', (_l, t) => numbersInText(t).values],
    ['recognizers-text-number alone', (l, t) => recognizeNumber(t, CULTURES[l]).map((r) => Number((r.resolution as { value?: string }).value))],
    ['own reading, then the recognizer', (l, t) => numbersInText(t, LOCALES[l]).values],
  ];
  return readers.map(([name, read]) => {
    const right = NUMBER_PHRASINGS.filter(([l, t, want]) => JSON.stringify(read(l, t)) === JSON.stringify(want)).length;
    return { measure: `${name}: numbers read right, ${NUMBER_PHRASINGS.length} phrasings en/fr/es/de`, value: right / NUMBER_PHRASINGS.length, unit: 'share' };
  });
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [...perLanguageRows(), ...numberRows()];
  for (const m of MATCHERS) {
    const t0 = performance.now();
    const f = evaluate(m.matcher);
    const msPerPhrasing = (performance.now() - t0) / f.phrasings;
    rows.push(
      { measure: `${m.name}: top-1 accuracy, ${f.matchable} matchable phrasings`, value: f.top1Accuracy, unit: 'share', ...(m.goals ? { goal: '>= 0.90', pass: f.top1Accuracy >= 0.9 } : {}) },
      { measure: `${m.name}: wrong automatic picks, ${f.phrasings} phrasings`, value: f.wrongPickRate, unit: 'share', ...(m.goals ? { goal: '<= 0.02', pass: f.wrongPickRate <= 0.02 } : {}) },
      { measure: `${m.name}: time per phrasing`, value: msPerPhrasing, unit: 'ms' },
    );
  }
  return rows;
}
