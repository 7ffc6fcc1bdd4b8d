/**
 * What the dialog keeps of a search response (start, step, resume-quickpick; spec 2.2): the
 * session's release and settings, the questions still to ask, the solutions ranked as the
 * customer will see them, and a short record of the answers for an agent. The response itself
 * is never stored: it can be large, and the ids and texts here are all a later turn needs.
 */
import type { GuidedHelpSearchResponse } from '../../src/schemas/guidedHelp.js';
import { askedQuestionOf, cut, isAskable, type AskedQuestion } from './askedQuestion.js';

/** Solutions kept for the customer; more would only be shown after rejecting these. */
export const MAX_SOLUTIONS = 3;
const MAX_ARTICLES = 3;
const MAX_SUMMARY_ANSWERS = 20;

export interface SessionInfo {
  casebaseId: string;
  releaseId?: string;
  /** The release is live: only then can a quickpick be created (P5). */
  live: boolean;
  /** searchSettings (P10). Absent settings: an accepted solution ends the dialog, a rejected one does not. */
  closeOnAccept: boolean;
  closeOnReject: boolean;
}

export interface ArticleRef {
  id: string;
  name: string;
}

export interface OfferedSolution {
  caseId: string;
  title: string;
  /** Past the casebase threshold: offered before further questions. */
  passed: boolean;
  articles: ArticleRef[];
}

/** One answer as an agent reads it: the question (its short name) and what was answered. A pair, to keep the stored state small. */
export type AnswerRecord = [question: string, answer: string];

/** Cut lengths of a summary pair: enough for an agent, small enough to store ten of them. */
export const SUMMARY_TEXT = 40;

export function answerRecord(question: string, answer: string): AnswerRecord {
  return [cut(question, SUMMARY_TEXT), cut(answer, SUMMARY_TEXT)];
}

export interface SearchDigest {
  session: SessionInfo;
  questions: AskedQuestion[];
  /** Ids of the startup questions (asked at the start of a session). */
  startupIds: string[];
  solutions: OfferedSolution[];
  /** Present when the response listed answered questions. */
  answers?: AnswerRecord[];
}

function sessionOf(r: GuidedHelpSearchResponse, casebaseId: string): SessionInfo {
  const cb = r.casebase;
  return {
    casebaseId: cb?.casebaseId ?? casebaseId,
    ...(cb?.id ? { releaseId: cb.id } : {}),
    live: cb?.status === 'live',
    closeOnAccept: cb?.searchSettings?.closeSessionOnAccept ?? true,
    closeOnReject: cb?.searchSettings?.closeSessionOnReject ?? false,
  };
}

function articlesByCase(r: GuidedHelpSearchResponse): Map<string, ArticleRef[]> {
  const out = new Map<string, ArticleRef[]>();
  for (const a of r.actionSearch ?? []) {
    if (!a.caseId || !a.articleId) continue;
    const list = out.get(a.caseId) ?? [];
    if (list.length < MAX_ARTICLES && !list.some((x) => x.id === a.articleId)) list.push({ id: a.articleId, name: cut(a.name ?? a.articleId, 60) });
    out.set(a.caseId, list);
  }
  return out;
}

/** Solutions past the threshold first, then by score; rejected ones left out. */
export function rankedSolutions(r: GuidedHelpSearchResponse, rejected: readonly string[] = []): OfferedSolution[] {
  const articles = articlesByCase(r);
  type Scored = OfferedSolution & { score: number };
  let all: Scored[] = (r.caseSearch ?? [])
    .filter((c) => c.caseId)
    .map((c) => ({ caseId: c.caseId!, title: cut(c.title ?? c.shortName ?? c.caseId!, 80), score: c.score ?? 0, passed: c.passedThresholdValue === true, articles: articles.get(c.caseId!) ?? [] }));
  if (all.length === 0) {
    // Some portals answer with actions only: one solution per case they name.
    const seen = new Map<string, Scored>();
    for (const a of r.actionSearch ?? []) {
      if (!a.caseId || seen.has(a.caseId)) continue;
      seen.set(a.caseId, { caseId: a.caseId, title: cut(a.name ?? a.caseId, 80), score: a.score ?? 0, passed: a.passedThresholdValue === true, articles: articles.get(a.caseId) ?? [] });
    }
    all = [...seen.values()];
  }
  return all
    .filter((s) => !rejected.includes(s.caseId))
    .sort((a, b) => Number(b.passed) - Number(a.passed) || b.score - a.score)
    .slice(0, MAX_SOLUTIONS)
    .map(({ score: _score, ...s }) => s);
}

interface PreviousAnswerLike {
  text?: unknown;
  value?: unknown;
}

function answerText(previous: unknown[] | undefined): string {
  return (previous ?? [])
    .map((p) => {
      const x = (p ?? {}) as PreviousAnswerLike;
      const text = typeof x.text === 'string' ? x.text : '';
      // A number or text answer shows what the customer gave; a number also its bucket ("3 (Under 5)").
      if (x.value !== undefined && x.value !== null && String(x.value) !== '') return text ? `${String(x.value)} (${text})` : String(x.value);
      return text;
    })
    .filter((t) => t !== '')
    .join(', ');
}

function answersOf(r: GuidedHelpSearchResponse): AnswerRecord[] | undefined {
  if (!r.answeredQuestion) return undefined;
  return r.answeredQuestion
    .filter((q) => q.answerSource !== 'rule')
    .map((q) => answerRecord(q.shortName ?? q.title ?? q.id ?? '?', answerText(q.previousAnswer)))
    .filter((x) => x[1] !== '')
    .slice(-MAX_SUMMARY_ANSWERS);
}

export function digestSearch(r: GuidedHelpSearchResponse, casebaseId: string, rejected: readonly string[] = []): SearchDigest {
  const answers = answersOf(r);
  return {
    session: sessionOf(r, casebaseId),
    questions: (r.unansweredQuestion ?? []).map(askedQuestionOf).filter((q): q is AskedQuestion => !!q && isAskable(q)),
    startupIds: (r.startupQuestion ?? []).map((q) => (q as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string'),
    solutions: rankedSolutions(r, rejected),
    ...(answers ? { answers } : {}),
  };
}
