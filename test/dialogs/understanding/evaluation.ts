/**
 * Runs the evaluation set (evaluationSet.ts) against a matcher over the two sample casebases
 * of the emulator, the way the dialog reads a message: the exact forms first (an answer's id,
 * number or whole text; a topic's name), then the free-text matcher. Shared by the test that
 * gates the figures and by `npm run bench`, which also runs fuzzy-search libraries in the
 * matcher's place to compare them.
 *
 *   top-1 accuracy   share of the matchable phrasings whose best candidate is the right one;
 *   wrong picks      share of all phrasings picked automatically (a clear match) and wrongly.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAnswer } from '../../../dialogs/guidedHelp/answerParsing.js';
import type { AskedQuestion } from '../../../dialogs/guidedHelp/askedQuestion.js';
import { answerFromText } from '../../../dialogs/guidedHelp/understanding/answerFromText.js';
import { matchFreeText, type MatchCandidate, type MatchDecision, type MatchOptions } from '../../../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { TOPIC_RIVAL, topicCandidate } from '../../../bots/topicUnderstanding.js';
import type { CasebaseVocabulary } from '../../../bots/topicVocabulary.js';
import { EVALUATION_SET, type Phrasing } from './evaluationSet.js';

type Localized = Record<string, string>;
interface CasebaseJson {
  casebaseId: string;
  name: Localized;
  description?: Localized;
  keywords?: Record<string, string[]>;
  cases: Array<{ title: Localized }>;
  actions: Array<{ name: Localized }>;
  releases: Array<{ status: string; name: Localized }>;
  questions: Array<{ id: string; type: string; format: string; startup?: boolean; askWhen?: unknown; title: Localized; answers?: Array<{ id: string; text: Localized }>; range?: { min?: number; max?: number; minInclusive?: boolean; maxInclusive?: boolean } }>;
}

export type Matcher = (candidates: MatchCandidate[], text: string, opts?: MatchOptions) => MatchDecision;

const LOCALES = { en: 'en-US', fr: 'fr-FR' } as const;
const dataDir = fileURLToPath(new URL('../../../src/emulator/portal/data/casebases/', import.meta.url));
export const SAMPLE_CASEBASES: CasebaseJson[] = ['homeInternet.json', 'printer.json'].map((f) => JSON.parse(readFileSync(dataDir + f, 'utf8')) as CasebaseJson);

/** A casebase question as the dialog asks it, in one language. */
export function askedFromJson(q: CasebaseJson['questions'][number], lang: 'en' | 'fr'): AskedQuestion {
  const l = LOCALES[lang];
  const asked: AskedQuestion = { id: q.id, title: q.title[l], format: q.format as AskedQuestion['format'], options: [] };
  if (q.format === 'number') {
    const r = q.range ?? {};
    asked.range = { min: r.min, max: r.max, minInc: r.minInclusive ?? true, maxInc: r.maxInclusive ?? true };
  } else asked.options = (q.answers ?? []).map((a) => ({ id: a.id, text: a.text[l] }));
  return asked;
}

const ALL_LOCALES = { en: 'en-US', fr: 'fr-FR', es: 'es-ES', de: 'de-DE' } as const;
const pick = (t: Localized | undefined, locale: string) => t?.[locale] ?? t?.['en-US'] ?? '';

/**
 * A casebase's words in a language as the emulator's search start gives them to
 * TopicVocabulary (other languages fall back to en-US): name, description, the questions
 * asked without a condition and their answers, case titles, article names; and the author's
 * keywords in that language only.
 */
export function casebaseVocabulary(casebaseId: string, lang: 'en' | 'fr' | 'es' | 'de' | (string & {})): CasebaseVocabulary {
  const l: string = ALL_LOCALES[lang as keyof typeof ALL_LOCALES] ?? lang;
  const cb = SAMPLE_CASEBASES.find((c) => c.casebaseId === casebaseId)!;
  const texts = [
    pick(cb.releases.find((r) => r.status === 'live')!.name, l),
    pick(cb.description, l),
    ...cb.questions.filter((q) => !q.askWhen).flatMap((q) => (q.answers ?? []).map((a) => pick(a.text, l))),
  ].filter((t) => t !== '');
  const solutions = [...cb.questions.filter((q) => !q.askWhen).map((q) => pick(q.title, l)), ...cb.cases.map((c) => pick(c.title, l)), ...cb.actions.map((a) => pick(a.name, l))];
  return { keywords: cb.keywords?.[l] ?? [], texts: [...new Set(texts)], solutions: [...new Set(solutions)] };
}

/** The topics as the bot knows them: the live release's name and the casebase's words. */
export function sampleTopics(lang: 'en' | 'fr'): MatchCandidate[] {
  const l = LOCALES[lang];
  return SAMPLE_CASEBASES.map((cb) => {
    return topicCandidate(cb.casebaseId, cb.releases.find((r) => r.status === 'live')!.name[l], casebaseVocabulary(cb.casebaseId, lang));
  });
}

function questionById(id: string): CasebaseJson['questions'][number] {
  for (const cb of SAMPLE_CASEBASES) {
    const q = cb.questions.find((x) => x.id === id);
    if (q) return q;
  }
  throw new Error(`no sample question ${id}`);
}

export interface Outcome {
  phrasing: Phrasing;
  /** The candidate understood best (clear, or first of the close ones), if any. */
  top?: string;
  automatic: boolean;
}

function decide(matcher: Matcher, candidates: MatchCandidate[], text: string, opts?: MatchOptions): { top?: string; automatic: boolean } {
  const d = matcher(candidates, text, opts);
  if (d.kind === 'clear') return { top: d.id, automatic: true };
  if (d.kind === 'close') return { top: d.ids[0], automatic: false };
  return { automatic: false };
}

export function outcomeOf(ph: Phrasing, matcher: Matcher = matchFreeText): Outcome {
  if (ph.ask === 'topic') return { phrasing: ph, ...decide(matcher, sampleTopics(ph.lang), ph.text, { rival: TOPIC_RIVAL }) };
  const q = askedFromJson(questionById(ph.ask), ph.lang);
  const exact = parseAnswer(q, ph.text);
  if (exact.ok) {
    const a = exact.input.answers[0];
    return { phrasing: ph, top: a.id ?? String(a.value), automatic: true };
  }
  if (q.format === 'number') {
    const u = answerFromText(q, ph.text);
    return { phrasing: ph, ...(u.kind === 'clear' ? { top: String(u.input.answers[0].value), automatic: true } : { automatic: false }) };
  }
  return { phrasing: ph, ...decide(matcher, q.options.map((o) => ({ id: o.id, label: o.text })), ph.text) };
}

export interface Figures {
  phrasings: number;
  matchable: number;
  top1Accuracy: number;
  wrongPickRate: number;
  misses: Outcome[];
}

export function evaluate(matcher: Matcher = matchFreeText, set: Phrasing[] = EVALUATION_SET): Figures {
  const outcomes = set.map((ph) => outcomeOf(ph, matcher));
  const matchable = outcomes.filter((o) => o.phrasing.expect !== null);
  const right = matchable.filter((o) => o.top === o.phrasing.expect);
  const wrong = outcomes.filter((o) => o.automatic && o.top !== o.phrasing.expect);
  return {
    phrasings: outcomes.length,
    matchable: matchable.length,
    top1Accuracy: right.length / matchable.length,
    wrongPickRate: wrong.length / outcomes.length,
    misses: outcomes.filter((o) => (o.phrasing.expect !== null && o.top !== o.phrasing.expect) || (o.automatic && o.top !== o.phrasing.expect)),
  };
}
