/**
 * Reads what the customer typed as an answer to the question being asked, BEFORE any portal
 * call: customers of the hub can only send text (4.4), so a quick reply or a list-picker
 * choice comes back as text too. Choices match by answer id, by number in the list, or by
 * their text, case and accent insensitive; numbers are checked against validAnswerRange and
 * the valid answers' ranges, inclusive or exclusive as the portal says.
 */
import type { AnsweredQuestionInput } from '../../src/schemas/guidedHelpRequests.js';
import { isChoice, isMulti, numberFits, type AnswerOption, type AskedQuestion, type NumericInterval } from './askedQuestion.js';
import { answerFromText } from './understanding/answerFromText.js';
import { understandYesNo } from './understanding/yesNo.js';
import { normalise } from './understanding/normalise.js';
import { isBareNumber } from './understanding/numbersInText.js';

/** The longest free-text answer sent to the portal. */
export const MAX_TEXT_ANSWER = 4000;

/**
 * Why an answer could not be read, so the dialog can say what it expects: no option matched,
 * several did, only one may be picked, not a number, out of range, a position where none are
 * offered, empty, too long.
 */
export type AnswerHint = 'noMatch' | 'ambiguous' | 'oneOnly' | 'notANumber' | 'outOfRange' | 'notAPosition' | 'empty' | 'tooLong';

/**
 * Where a bare number ("2") may pick an answer by its position (U3, U9): wherever the customer
 * sees the answers in order. 'all' (the default): every choice question, list pickers and
 * buttons (quick replies) alike, the same way as the topics, yes/no and the handover's choice;
 * 'lists': list pickers only (for a channel that shows buttons in no fixed order); 'none':
 * never. Digits inside an answer's name never pick by position, whatever the policy.
 */
export type AnswerPositions = 'lists' | 'all' | 'none';

/** The policy the guided help uses unless its settings say otherwise (U9). */
export const DEFAULT_ANSWER_POSITIONS: AnswerPositions = 'all';

/**
 * Whether `q`'s answers are offered with their positions under `policy`.
 *
 * @param q - the question asked
 * @param policy - where positions are offered
 */
export function offersPositions(q: Pick<AskedQuestion, 'format'>, policy: AnswerPositions = DEFAULT_ANSWER_POSITIONS): boolean {
  if (!isChoice(q) || policy === 'none') return false;
  return policy === 'all' || q.format !== 'radioButton';
}


/**
 * A customer's answer to the asked question, read: the input to send to the portal and how to show
 * it, or why it could not be read.
 */
export type ParsedAnswer =
  /** `understood`: read from the customer's own words, not an exact form (the dialog says what it understood). */
  | { ok: true; input: AnsweredQuestionInput; shown: string; understood?: boolean }
  /** `candidates`: the answers a sentence is close to (the dialog asks which one). */
  | { ok: false; hint: AnswerHint; candidates?: AnswerOption[] };

function containsWords(haystack: string, needle: string): boolean {
  return needle !== '' && ` ${haystack} `.includes(` ${needle} `);
}

type Option = { id: string; text: string };
type Match = Option | 'none' | 'ambiguous';

/** By answer id, by number in the list (where positions are offered), or by the whole text. */
function exactMatch(q: Pick<AskedQuestion, 'options'>, raw: string, positions: boolean): Match {
  const piece = raw.trim();
  const byId = q.options.find((o) => o.id === piece);
  if (byId) return byId;
  if (positions && /^\d{1,2}$/.test(piece)) {
    const n = Number(piece);
    if (n >= 1 && n <= q.options.length) return q.options[n - 1];
  }
  const said = normalise(piece);
  const exact = q.options.filter((o) => said !== '' && normalise(o.text) === said);
  return exact.length === 1 ? exact[0] : exact.length > 1 ? 'ambiguous' : 'none';
}

/** "slow" for "The connection is slow", or "I have fibre" for "Fibre": one option only. */
function looseMatch(q: Pick<AskedQuestion, 'options'>, raw: string): Match {
  const said = normalise(raw);
  // A bare number is an id or a position, never the digits of an answer's name ("Printers 3.0").
  if (said === '' || isBareNumber(raw)) return 'none';
  const loose = q.options.filter((o) => {
    const text = normalise(o.text);
    return (said.length >= 2 && containsWords(text, said)) || containsWords(said, text);
  });
  return loose.length === 1 ? loose[0] : loose.length > 1 ? 'ambiguous' : 'none';
}

function matchOne(q: Pick<AskedQuestion, 'options'>, raw: string, positions: boolean): Match {
  const exact = exactMatch(q, raw, positions);
  return exact === 'none' ? looseMatch(q, raw) : exact;
}

function splitPieces(text: string): string[] {
  return text.split(/\s*(?:[,;\n+&]|\band\b|\bet\b)\s*/i).filter((p) => p.trim() !== '');
}

/** Several answers, one per piece, when every piece names one ("fibre, 2 and 10013"). */
function severalMatches(q: AskedQuestion, text: string, positions: boolean): Option[] | Match {
  const pieces = splitPieces(text);
  if (pieces.length < 2) return 'none';
  const matches = pieces.map((p) => matchOne(q, p, positions));
  const bad = matches.find((m) => typeof m !== 'object');
  if (bad !== undefined) return bad;
  return [...new Map((matches as Option[]).map((m) => [m.id, m])).values()];
}

function parseChoice(q: AskedQuestion, text: string, positions: boolean): ParsedAnswer {
  // The whole text first when it names an answer exactly (an answer's own text may hold "and").
  const exact = exactMatch(q, text, positions);
  // A number that is no id, position or whole answer: out of the positions offered, or no answer.
  if (typeof exact !== 'object' && isBareNumber(text)) return { ok: false, hint: positions ? 'notAPosition' : 'noMatch' };
  let picked: Option[] | Match = typeof exact === 'object' ? [exact] : severalMatches(q, text, positions);
  // Loosely only a single piece: in "fibre, satellite" the unknown part must not be dropped.
  if (!Array.isArray(picked) && splitPieces(text).length < 2) {
    const loose = looseMatch(q, text);
    picked = typeof loose === 'object' ? [loose] : picked === 'ambiguous' || loose === 'ambiguous' || exact === 'ambiguous' ? 'ambiguous' : 'none';
  }
  if (!Array.isArray(picked)) return { ok: false, hint: picked === 'ambiguous' ? 'ambiguous' : 'noMatch' };
  if (picked.length > 1 && !isMulti(q)) return { ok: false, hint: 'oneOnly' };
  return { ok: true, input: { id: q.id, answers: picked.map((p) => ({ id: p.id })) }, shown: picked.map((p) => p.text).join(', ') };
}

/** "12", "12.5", "12,5", "1 000", "12 Mbit/s": the number the customer gave, if any. */
export function parseNumber(text: string): number | undefined {
  const m = /^\s*([-+]?\d[\d\s]*(?:[.,]\d+)?)\s*(\p{L}[\p{L}/%\s]*)?\s*$/u.exec(text);
  if (!m) return undefined;
  const n = Number(m[1].replace(/\s+/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** The interval to show in a hint: validAnswerRange, else the span of the valid answers' ranges. */
export function allowedInterval(q: Pick<AskedQuestion, 'range' | 'buckets'>): NumericInterval | undefined {
  if (q.range) return q.range;
  const b = q.buckets ?? [];
  if (b.length === 0) return undefined;
  const lows = b.filter((x) => x.min !== undefined).sort((x, y) => x.min! - y.min! || Number(y.minInc) - Number(x.minInc));
  const highs = b.filter((x) => x.max !== undefined).sort((x, y) => y.max! - x.max! || Number(y.maxInc) - Number(x.maxInc));
  const low = lows.length === b.length ? lows[0] : undefined;
  const high = highs.length === b.length ? highs[0] : undefined;
  return { min: low?.min, max: high?.max, minInc: low?.minInc ?? true, maxInc: high?.maxInc ?? true };
}

function parseNumeric(q: AskedQuestion, text: string): ParsedAnswer {
  const v = parseNumber(text);
  if (v === undefined) return { ok: false, hint: text.trim() === '' ? 'empty' : 'notANumber' };
  if (!numberFits(q, v)) return { ok: false, hint: 'outOfRange' };
  return { ok: true, input: { id: q.id, answers: [{ value: v }] }, shown: String(v) };
}

function parseText(q: AskedQuestion, text: string): ParsedAnswer {
  const value = text.trim();
  if (value === '') return { ok: false, hint: 'empty' };
  if (value.length > MAX_TEXT_ANSWER) return { ok: false, hint: 'tooLong' };
  return { ok: true, input: { id: q.id, answers: [{ value }] }, shown: value };
}

/** The answer `text` gives in one of the exact forms: an answer's id, its position where offered, its text; a number. */
export function parseExactAnswer(q: AskedQuestion, text: string, positions: AnswerPositions = DEFAULT_ANSWER_POSITIONS): ParsedAnswer {
  return isChoice(q) ? parseChoice(q, text, offersPositions(q, positions)) : q.format === 'number' ? parseNumeric(q, text) : parseText(q, text);
}

/**
 * The answer to send for `text`, or why it cannot be sent (the question is asked again with a hint).
 *
 * @param q - the question asked
 * @param text - the customer's message
 * @param positions - where a bare number picks by position (U3); default list pickers only
 * @param locale - the conversation's language: numbers in its words are read too (U5)
 */
export function parseAnswer(q: AskedQuestion, text: string, positions: AnswerPositions = DEFAULT_ANSWER_POSITIONS, locale?: string): ParsedAnswer {
  const exact = parseExactAnswer(q, text, positions);
  if (exact.ok || (exact.hint !== 'noMatch' && exact.hint !== 'ambiguous' && exact.hint !== 'notANumber')) return exact;
  // A bare number at a choice is an id or a position, never words to understand (U3).
  if (isChoice(q) && isBareNumber(text)) return exact;
  // A list of several answers is read piece by piece only: an unknown piece must not be dropped.
  if (isMulti(q) && splitPieces(text).length > 1) return exact;
  // Not an exact form: the customer's own words (B6), a sentence, a typo, a number in words.
  const u = answerFromText(q, text, locale);
  if (u.kind === 'clear') return { ok: true, input: u.input, shown: u.shown, understood: true };
  if (u.kind === 'close') return { ok: false, hint: 'ambiguous', candidates: u.options };
  return u.outOfRange ? { ok: false, hint: 'outOfRange' } : exact;
}

/**
 * Answers a first message already gives ("my fibre connection is down"): for a single-choice
 * question, the one option whose whole text occurs in the message. Short texts (under three
 * letters) are ignored: "No" must not be read into "No connection".
 */
export function answerInMessage(q: AskedQuestion, message: string): { input: AnsweredQuestionInput; shown: string } | undefined {
  if (!isChoice(q) || isMulti(q)) return undefined;
  const said = normalise(message);
  const hits = q.options.filter((o) => {
    const t = normalise(o.text);
    return t.length >= 3 && containsWords(said, t);
  });
  if (hits.length !== 1) return undefined;
  return { input: { id: q.id, answers: [{ id: hits[0].id }] }, shown: hits[0].text };
}

const YES = new Set(['yes', 'y', 'yep', 'yeah', 'ok', 'oui', 'o', 'ouais', 'accept', 'accepter', 'solved', 'resolu', 'it worked', 'ca marche', 'oui merci', 'yes thanks', 'yes thank you']);
const NO = new Set(['no', 'n', 'nope', 'non', 'reject', 'rejeter', 'not solved', 'non resolu', 'it did not work', 'ca ne marche pas', 'no thanks', 'non merci']);

/**
 * Yes or no, in English or French, as a customer answers "did this solve it?"; also the
 * number of the quick reply (1 Yes, 2 No, the order the renderer offers them in).
 *
 * @param text - the customer's message
 * @param locale - the conversation's locale, for the recognizer of other languages
 */
export function parseYesNo(text: string, locale?: string): 'yes' | 'no' | undefined {
  const said = normalise(text);
  if (said === '1') return 'yes';
  if (said === '2') return 'no';
  if (YES.has(said)) return 'yes';
  if (NO.has(said)) return 'no';
  return understandYesNo(text, locale);
}
