/**
 * Turns the answers of a start or step body (the assumed shapes of docs/platform-contract.md: `questions[]` of
 * `{id, answers: [{id?, value?}]}`) into the session's answers, refusing what the casebase
 * cannot take: an unknown question or answer id, several answers to a single-choice question,
 * a numeric value that is not a number or lies outside the question's validAnswerRange
 * (400-196, naming the attribute and listing what is allowed), an empty answer list (400-112).
 */
import { PlatformError } from '../../../errors/platformError.js';
import type { AnsweredQuestionInput } from '../../../schemas/guidedHelpRequests.js';
import type { AnswerSource } from '../../../schemas/guidedHelpQuestions.js';
import { isMultiAnswerFormat, type AnswerData, type CasebaseData, type QuestionData } from '../knowledge/knowledgeSchema.js';
import type { GivenAnswer } from './guidedSession.js';

/** The longest text answer kept; longer ones are refused rather than cut. */
export const MAX_TEXT_ANSWER_LENGTH = 4000;

type Range = NonNullable<QuestionData['range']>;

export function describeRange(r: Range): string {
  return `${r.minInclusive ? '[' : '('}${r.min}, ${r.max}${r.maxInclusive ? ']' : ')'}`;
}

export function inRange(v: number, r: { min: number; max: number; minInclusive: boolean; maxInclusive: boolean }): boolean {
  const aboveMin = r.minInclusive ? v >= r.min : v > r.min;
  const belowMax = r.maxInclusive ? v <= r.max : v < r.max;
  return aboveMin && belowMax;
}

/** The numeric answer bucket (validAnswer with lower/upper values) a value falls in. */
export function bucketOf(q: QuestionData, v: number): AnswerData | undefined {
  return q.answers.find((a) =>
    inRange(v, { min: a.lowerValue!, max: a.upperValue!, minInclusive: a.lowerInclusive ?? true, maxInclusive: a.upperInclusive ?? false }),
  );
}

function badValue(name: string, allowed: string): PlatformError {
  return PlatformError.of('400-196', { name, allowed });
}

function resolveOne(q: QuestionData, input: AnsweredQuestionInput, at: string, source: AnswerSource): GivenAnswer {
  if (input.answers.length === 0) throw PlatformError.of('400-112', { name: `${at}.answers` });
  if (q.type === 'numeric') {
    if (input.answers.length > 1) throw badValue(`${at}.answers`, 'one value');
    const raw = input.answers[0]!.value;
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (!Number.isFinite(value)) throw badValue(`${at}.answers[0].value`, `a number in ${describeRange(q.range!)}`);
    if (!inRange(value, q.range!)) throw badValue(`${at}.answers[0].value`, describeRange(q.range!));
    const bucket = bucketOf(q, value);
    return { questionId: q.id, answerIds: bucket ? [bucket.id] : [], value, source };
  }
  if (q.type === 'text') {
    if (input.answers.length > 1) throw badValue(`${at}.answers`, 'one value');
    const raw = input.answers[0]!.value;
    const value = raw === undefined ? '' : String(raw).trim();
    if (value === '') throw PlatformError.of('400-112', { name: `${at}.answers[0].value` });
    if (value.length > MAX_TEXT_ANSWER_LENGTH) throw badValue(`${at}.answers[0].value`, `at most ${MAX_TEXT_ANSWER_LENGTH} characters`);
    return { questionId: q.id, answerIds: [], value, source };
  }
  if (!isMultiAnswerFormat(q.format) && input.answers.length > 1) throw badValue(`${at}.answers`, `one answer (format ${q.format})`);
  const ids = input.answers.map((a, k) => {
    // An answer id is expected; a value equal to an answer id is taken too (lenient reading).
    const id = a.id ?? (a.value === undefined ? undefined : String(a.value));
    if (id === undefined || !q.answers.some((x) => x.id === id)) {
      throw badValue(`${at}.answers[${k}].id`, q.answers.map((x) => x.id).join(', '));
    }
    return id;
  });
  return { questionId: q.id, answerIds: [...new Set(ids)], source };
}

/** The answers of `inputs`, checked against the casebase; throws 400-112 / 400-196. */
export function resolveAnswers(cb: CasebaseData, inputs: AnsweredQuestionInput[], source: AnswerSource = 'user'): GivenAnswer[] {
  const seen = new Set<string>();
  return inputs.map((input, i) => {
    const at = `questions[${i}]`;
    const q = cb.questions.find((x) => x.id === input.id);
    if (!q) throw badValue(`${at}.id`, cb.questions.map((x) => x.id).join(', '));
    if (seen.has(q.id)) throw badValue(`${at}.id`, 'each question once per request');
    seen.add(q.id);
    return resolveOne(q, input, at, source);
  });
}
