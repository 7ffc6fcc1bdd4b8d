/**
 * The question being asked, as the dialog keeps it: only what asking, checking and sending
 * an answer need. The machine persists this between turns instead of the portal's whole
 * response, which keeps a conversation's state small (the 2 KB goal) and free of the
 * portal's extra fields.
 */
import {
  validAnswerRangeSchema,
  type Question,
  type QuestionFormat,
  type ValidAnswer,
} from '../../src/schemas/guidedHelpQuestions.js';

/** Long texts are cut: they are shown to a customer, never sent back to the portal. */
const MAX_TITLE = 200;
const MAX_OPTION_TEXT = 100;

/** One answer a choice question offers. */
export interface AnswerOption {
  /** The portal's id of the answer. */
  id: string;
  /** Its text, cut short. */
  text: string;
}

/** One bound of a numeric range; `inc` says whether the bound itself is allowed. */
export interface NumericInterval {
  /** The lower bound, if any. */
  min?: number;
  /** The upper bound, if any. */
  max?: number;
  /** Whether the lower bound itself is allowed. */
  minInc: boolean;
  /** Whether the upper bound itself is allowed. */
  maxInc: boolean;
}

/**
 * The question the dialog asks, as the portal gave it, cut to what a chat shows: its title, format,
 * options or numeric range.
 */
export interface AskedQuestion {
  /** The portal's id of the question. */
  id: string;
  /** Its text, cut short. */
  title: string;
  /** How the portal asks it (radio button, checkbox, number ...). */
  format: QuestionFormat;
  /** Offered answers of the choice formats (invisible ones left out). */
  options: AnswerOption[];
  /** validAnswerRange of a number question. */
  range?: NumericInterval;
  /** The ranges of a number question's valid answers: a value must fall in one of them. */
  buckets?: NumericInterval[];
  /** The question's additional information (metadata), shown beside it. */
  info?: string;
}

export const CHOICE_FORMATS: readonly QuestionFormat[] = ['radioButton', 'dropdown', 'checkbox', 'mutliSelect'];
/** Formats where the customer may pick several answers; `mutliSelect` is the platform's spelling. */
export const MULTI_FORMATS: readonly QuestionFormat[] = ['checkbox', 'mutliSelect'];

/**
 * Whether the question is answered by picking among its options.
 *
 * @param q - the question
 */
export function isChoice(q: Pick<AskedQuestion, 'format'>): boolean {
  return CHOICE_FORMATS.includes(q.format);
}

/**
 * Whether several options may be picked.
 *
 * @param q - the question
 */
export function isMulti(q: Pick<AskedQuestion, 'format'>): boolean {
  return MULTI_FORMATS.includes(q.format);
}

export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A format for a question that came without one, from its type. */
function formatOf(q: Question): QuestionFormat {
  if (q.format) return q.format;
  if (q.type === 'numeric') return 'number';
  if (q.type === 'text') return 'singleLineTextField';
  return (q.validAnswer?.length ?? 0) > 4 ? 'dropdown' : 'radioButton';
}

function bucketOf(a: ValidAnswer): NumericInterval | undefined {
  if (a.lowerValue === undefined && a.upperValue === undefined) return undefined;
  // Absent flags: a closed lower bound and an open upper one, so adjacent buckets do not overlap.
  return { min: a.lowerValue, max: a.upperValue, minInc: a.lowerInclusive ?? true, maxInc: a.upperInclusive ?? false };
}

function rangeOf(q: Question): NumericInterval | undefined {
  // 2.2 shows validAnswerRange on answered questions only; some portals (our emulator among
  // them) also put it on unanswered ones, where the loose schema keeps it as an extra field.
  const parsed = validAnswerRangeSchema.safeParse((q as { validAnswerRange?: unknown }).validAnswerRange);
  if (!parsed.success || (parsed.data.min === undefined && parsed.data.max === undefined)) return undefined;
  const r = parsed.data;
  return { min: r.min, max: r.max, minInc: r.minInclusive ?? true, maxInc: r.maxInclusive ?? true };
}

function infoOf(q: Question): string | undefined {
  const text = (q.metadata ?? []).map((m) => m.additionalInformation).filter((t): t is string => !!t).join(' ');
  return text ? cut(text, MAX_TITLE) : undefined;
}

/**
 * The dialog's view of a portal question, or undefined when it has no id to answer it by.
 *
 * @param q - the question as the portal gave it
 */
export function askedQuestionOf(q: Question): AskedQuestion | undefined {
  if (!q.id) return undefined;
  const format = formatOf(q);
  const visible = (q.validAnswer ?? []).filter((a) => a.id && !a.isInvisible);
  const asked: AskedQuestion = {
    id: q.id,
    title: cut(q.title ?? q.shortName ?? q.id, MAX_TITLE),
    format,
    options: format === 'number' ? [] : visible.map((a) => ({ id: a.id!, text: cut(a.text ?? a.conceptName ?? a.id!, MAX_OPTION_TEXT) })),
  };
  if (format === 'number') {
    const range = rangeOf(q);
    const buckets = visible.map(bucketOf).filter((b): b is NumericInterval => !!b);
    if (range) asked.range = range;
    if (buckets.length) asked.buckets = buckets;
  }
  const info = q.hasAdditionalInfo !== false ? infoOf(q) : undefined;
  if (info) asked.info = info;
  return asked;
}

/** A choice question the dialog cannot ask (no visible answer) is skipped rather than shown empty. */
export function isAskable(q: AskedQuestion): boolean {
  return !isChoice(q) || q.options.length > 0;
}

/** Whether `v` lies in the interval, each bound inclusive or exclusive as the question says. */
export function inInterval(v: number, r: NumericInterval): boolean {
  const aboveMin = r.min === undefined || (r.minInc ? v >= r.min : v > r.min);
  const belowMax = r.max === undefined || (r.maxInc ? v <= r.max : v < r.max);
  return aboveMin && belowMax;
}

/** A value is accepted when it lies in validAnswerRange and in one of the valid answers' ranges. */
export function numberFits(q: Pick<AskedQuestion, 'range' | 'buckets'>, v: number): boolean {
  if (q.range && !inInterval(v, q.range)) return false;
  if (q.buckets && q.buckets.length > 0 && !q.buckets.some((b) => inInterval(v, b))) return false;
  return true;
}
