/**
 * A question answered in the customer's own words, when the exact forms (an answer's id, its
 * number in the list, its whole text: answerParsing.ts) did not apply: the choices matched by
 * the free-text matcher, a number found inside a sentence. The result says how sure it is, so
 * the dialog proceeds (and echoes what it understood), asks which one, or asks again.
 */
import type { AnsweredQuestionInput } from '../../../src/schemas/guidedHelpRequests.js';
import { inInterval, numberFits } from '../askedQuestion.js';
import { isBareNumber } from './numbersInText.js';
import { isChoice, type AnswerOption, type AskedQuestion } from '../askedQuestion.js';
import { matchFreeText } from './freeTextMatcher.js';
import { numbersInText } from './numbersInText.js';

export type Understood =
  | { kind: 'clear'; input: AnsweredQuestionInput; shown: string }
  | { kind: 'close'; options: AnswerOption[] }
  | { kind: 'none'; outOfRange?: boolean };

function choiceFromText(q: AskedQuestion, text: string, locale?: string): Understood {
  // A bare number is an id or a position, never the digits of an answer's name (U3).
  if (isBareNumber(text)) return { kind: 'none' };
  const decision = matchFreeText(
    q.options.map((o) => ({ id: o.id, label: o.text })),
    text,
    { lang: locale },
  );
  if (decision.kind === 'clear') {
    const o = q.options.find((x) => x.id === decision.id)!;
    return { kind: 'clear', input: { id: q.id, answers: [{ id: o.id }] }, shown: o.text };
  }
  if (decision.kind === 'close') return { kind: 'close', options: q.options.filter((o) => decision.ids.includes(o.id)) };
  return { kind: 'none' };
}

/** The bucket a value answers (its index), or -1 without buckets. */
function bucketOf(q: AskedQuestion, v: number): number {
  return (q.buckets ?? []).findIndex((b) => inInterval(v, b));
}

function numberFromText(q: AskedQuestion, text: string, locale?: string): Understood {
  const found = numbersInText(text, locale);
  const fitting = found.values.filter((v) => numberFits(q, v));
  // A range answers when both its ends give the same answer: its middle stands for it.
  for (const r of found.ranges) {
    if (numberFits(q, r.min) && numberFits(q, r.max) && bucketOf(q, r.min) === bucketOf(q, r.max)) fitting.push((r.min + r.max) / 2);
  }
  if (fitting.length === 1) return { kind: 'clear', input: { id: q.id, answers: [{ value: fitting[0] }] }, shown: String(fitting[0]) };
  return { kind: 'none', ...(fitting.length === 0 && found.values.length + found.ranges.length > 0 ? { outOfRange: true } : {}) };
}

/** What the text answers to `q`, in the customer's own words (choices and numbers only); `locale` lets other languages' number words be read, and German words be stemmed and split. */
export function answerFromText(q: AskedQuestion, text: string, locale?: string): Understood {
  // Several answers are given as a list (answerParsing.ts); in a sentence, one is understood.
  if (isChoice(q)) return choiceFromText(q, text, locale);
  if (q.format === 'number') return numberFromText(q, text, locale);
  return { kind: 'none' };
}
