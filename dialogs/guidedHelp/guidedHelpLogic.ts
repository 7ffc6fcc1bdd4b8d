/**
 * The pure parts of the guided-help machine: how a search response, an answer or a failure
 * changes the context. Kept apart from the machine's wiring so each rule reads on its own and
 * the bot can ask the same questions (is this event a decision on a solution?) without
 * running the machine.
 */
import { PlatformError } from '../../src/errors/platformError.js';
import type { GuidedHelpSearchResponse } from '../../src/schemas/guidedHelp.js';
import { answerInMessage, parseAnswer, parseYesNo, type AnswerPositions, type ParsedAnswer } from './answerParsing.js';
import { cut } from './askedQuestion.js';
import type { PortalCallContext } from './guidedHelpPortal.js';
import { firstWordsOf } from './understanding/firstWords.js';
import { answerRecord, digestSearch, type OfferedSolution } from './searchDigest.js';
import type { EscalationSummary, GuidedHelpContext, GuidedHelpEvent, GuidedHelpInput, GuidedHelpSettings, TriedSolution } from './guidedHelpTypes.js';

export function initialContext(input: GuidedHelpInput): GuidedHelpContext {
  const at = input.at ?? 0;
  return {
    conversationId: input.conversationId,
    lang: input.lang,
    ...(input.profileId ? { profileId: input.profileId } : {}),
    solutions: [],
    tried: [],
    answers: [],
    preferQuestions: false,
    failures: 0,
    deadline: at,
    reminded: false,
    lastAt: at,
  };
}

export function callOf(ctx: GuidedHelpContext): PortalCallContext {
  return { acceptLanguage: ctx.lang, conversationId: ctx.conversationId };
}

/** A customer event: it restarts the inactivity clock and marks its activity as applied. */
export function noted(ctx: GuidedHelpContext, event: GuidedHelpEvent, settings: GuidedHelpSettings): Partial<GuidedHelpContext> {
  const at = event.at;
  const activityId = 'activityId' in event ? event.activityId : undefined;
  return { lastAt: at, deadline: at + settings.reminderAfterMs, reminded: false, ...(activityId ? { lastActivityId: activityId } : {}) };
}

/** The reminder: the end comes `endAfterMs` after it (counted from the due time or a late tick). */
export function reminded(ctx: GuidedHelpContext, event: GuidedHelpEvent, settings: GuidedHelpSettings): Partial<GuidedHelpContext> {
  const now = event.type === 'TICK' ? Math.max(event.at, ctx.deadline) : ctx.deadline;
  return { reminded: true, lastAt: now, deadline: now + settings.endAfterMs };
}

export function reminderDue(ctx: GuidedHelpContext, at: number): boolean {
  return at >= ctx.deadline;
}

/** Past the deadline after the reminder, or so late that the reminder's own wait is over too. */
export function endDue(ctx: GuidedHelpContext, at: number, settings: GuidedHelpSettings): boolean {
  return at >= ctx.deadline && (ctx.reminded || at >= ctx.deadline + settings.endAfterMs);
}

const excludedIds = (ctx: GuidedHelpContext) => ctx.tried.map((t) => t.id);

/** The context after a search response: session, next question, ranked solutions, answers. */
export function afterSearch(ctx: GuidedHelpContext, response: GuidedHelpSearchResponse, casebaseId: string): Partial<GuidedHelpContext> {
  const d = digestSearch(response, casebaseId, excludedIds(ctx));
  const answers = d.answers?.length ? d.answers : [...ctx.answers, ...(ctx.pending?.records ?? [])];
  return {
    session: d.session,
    question: d.questions[0],
    solutions: d.solutions,
    offered: undefined,
    answers,
    preferQuestions: false,
    failures: 0,
    starting: undefined,
    resumeOf: undefined,
    pending: undefined,
    proposal: undefined,
    ...(ctx.starting?.text ? { firstWords: firstWordsOf(ctx.starting.text, response.casebase?.name) } : {}),
  };
}

/** Startup questions the customer's first message already answers, as a step to send. */
export function firstMessageAnswers(ctx: GuidedHelpContext, response: GuidedHelpSearchResponse): GuidedHelpContext['pending'] {
  const text = ctx.starting?.text;
  if (!text) return undefined;
  const d = digestSearch(response, ctx.starting!.req.casebaseId);
  const startup = d.questions.filter((q) => d.startupIds.includes(q.id));
  const found = startup.map((q) => ({ q, hit: answerInMessage(q, text) })).filter((x) => x.hit);
  if (found.length === 0) return undefined;
  return { questions: found.map((x) => x.hit!.input), records: found.map((x) => answerRecord(x.q.title, x.hit!.shown)) };
}

/** The customer's text read against the question being asked (no portal call). */
export function answerOf(ctx: GuidedHelpContext, event: GuidedHelpEvent, positions?: AnswerPositions): ParsedAnswer {
  if (event.type !== 'TEXT' || !ctx.question) return { ok: false, hint: 'empty' };
  return parseAnswer(ctx.question, event.text, positions, ctx.lang);
}

/** The solution to offer next, with the "m" of "n of m" noted (a changed m is said, U3). */
export function pickedOffer(ctx: GuidedHelpContext): Partial<GuidedHelpContext> {
  return { offered: ctx.solutions[0]?.caseId, offerCount: ctx.tried.length + ctx.solutions.length, previousOfferCount: ctx.offerCount };
}

/** The offer output: rank n of m, and whether m differs from the one shown with the previous solution. */
export function offerOutput(ctx: GuidedHelpContext) {
  const count = ctx.offerCount ?? ctx.tried.length + ctx.solutions.length;
  const countChanged = ctx.previousOfferCount !== undefined && ctx.previousOfferCount !== count;
  return { type: 'offer' as const, solution: offeredSolution(ctx)!, rank: ctx.tried.length + 1, count, ...(countChanged ? { countChanged } : {}) };
}

export function offeredSolution(ctx: GuidedHelpContext) {
  return ctx.solutions.find((s) => s.caseId === ctx.offered);
}

/** The offered solution moved to `tried` (never offered again in this session). */
export function triedOffered(ctx: GuidedHelpContext, ok: boolean): Partial<GuidedHelpContext> {
  const s = offeredSolution(ctx);
  if (!s) return {};
  return { tried: [...ctx.tried, { ...solutionRef(s), ok }], solutions: ctx.solutions.filter((x) => x.caseId !== s.caseId), offered: undefined };
}

/** Whether `event`, in the state `stateValue`, decides on the offered solution (before any call). */
export function decisionOf(inOffering: boolean, event: GuidedHelpEvent, lang?: string): 'accept' | 'reject' | undefined {
  if (!inOffering) return undefined;
  if (event.type === 'ACCEPT') return 'accept';
  if (event.type === 'REJECT') return 'reject';
  if (event.type === 'TEXT') {
    const yn = parseYesNo(event.text, lang);
    return yn === 'yes' ? 'accept' : yn === 'no' ? 'reject' : undefined;
  }
  return undefined;
}

/** What the customer types to resume a saved session: casebase and quickpick, e.g. `101-7`. */
export function resumeCode(casebaseId: string, quickpickId: string): string {
  return `${casebaseId}-${quickpickId}`;
}

export function parseResumeCode(code: string): { casebaseId: string; quickpickId: string } | undefined {
  const m = /^\s*(\d+)-([A-Za-z0-9_.~]+)\s*$/.exec(code);
  return m ? { casebaseId: m[1], quickpickId: m[2] } : undefined;
}

/** A failure the customer may simply try again: the core already retried it and will again. */
export function isTransient(err: unknown): boolean {
  return err instanceof PlatformError && err.retryable;
}

/** A call that creates or scores failed in a way that leaves its outcome unknown (R5): not retried. */
export function isOutcomeUnknown(err: unknown): boolean {
  return err instanceof PlatformError && err.code === '500-110';
}

export function isNotFound(err: unknown): boolean {
  return err instanceof PlatformError && (err.status === 404 || err.status === 400);
}

/** A solution as a summary names it: its case id, a short title, its first article ids. */
function solutionRef(s: OfferedSolution): Omit<TriedSolution, 'ok'> {
  const a = s.articles.slice(0, 3).map((x) => cut(x.id, 40));
  return { id: s.caseId, t: cut(s.title, 60), ...(a.length ? { a } : {}) };
}

export function summaryOf(ctx: GuidedHelpContext): EscalationSummary {
  const offered = offeredSolution(ctx);
  return { answers: ctx.answers, tried: ctx.tried, ...(offered ? { offered: solutionRef(offered) } : {}), lang: ctx.lang, transcript: ctx.conversationId };
}
