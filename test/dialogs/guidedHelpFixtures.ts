/**
 * Search responses (spec 2.2 shapes, parsed by the real schema) and stub portal actors for the
 * guided-help machine's unit tests. The stubs record every call, so a test can assert that a
 * call was NOT made (an answer refused before any portal call).
 */
import { fromPromise } from 'xstate';
import { guidedHelpSearchResponseSchema, parseGuidedHelpBody, type GuidedHelpSearchResponse } from '../../src/schemas/guidedHelp.js';
import type { CallInput } from '../../dialogs/guidedHelp/guidedHelpActors.js';
import type {
  CreateQuickpickRequest,
  ResumeQuickpickRequest,
  SolutionDecisionRequest,
  StartSearchRequest,
  StepSearchRequest,
} from '../../dialogs/guidedHelp/guidedHelpPortal.js';

type Format = 'radioButton' | 'dropdown' | 'checkbox' | 'mutliSelect' | 'number' | 'singleLineTextField' | 'multiLineTextField';

export function question(id: string, format: Format, extra: Record<string, unknown> = {}) {
  const type = format === 'number' ? 'numeric' : format.endsWith('TextField') ? 'text' : 'list';
  const validAnswer =
    type === 'list'
      ? [
          { id: `${id}1`, text: 'Fibre' },
          { id: `${id}2`, text: 'Câble' },
          { id: `${id}3`, text: 'Mobile 4G/5G box' },
        ]
      : [];
  return { id, title: `Question ${id}?`, type, format, validAnswer, ...extra };
}

export const speedQuestion = question('1004', 'number', {
  validAnswerRange: { id: '10040', min: 0, max: 10000, minInclusive: true, maxInclusive: false },
  validAnswer: [
    { id: '10041', text: 'Under 5', lowerValue: 0, upperValue: 5, lowerInclusive: true, upperInclusive: false },
    { id: '10042', text: '5 or more', lowerValue: 5, upperValue: 10000, lowerInclusive: true, upperInclusive: false },
  ],
});

export interface SolutionSpec {
  caseId: string;
  score: number;
  passed: boolean;
  articleId?: string;
}

export interface ResponseSpec {
  status?: 'live' | 'author' | 'qa';
  closeOnAccept?: boolean;
  closeOnReject?: boolean;
  questions?: Record<string, unknown>[];
  startup?: string[];
  solutions?: SolutionSpec[];
  answered?: { id: string; title: string; text: string }[];
}

export function searchResponse(spec: ResponseSpec = {}): GuidedHelpSearchResponse {
  const qs = spec.questions ?? [];
  return parseGuidedHelpBody(guidedHelpSearchResponseSchema, {
    casebase: {
      casebaseId: '101',
      id: '1011',
      name: 'Home internet',
      status: spec.status ?? 'live',
      searchSettings: { closeSessionOnAccept: spec.closeOnAccept ?? true, closeSessionOnReject: spec.closeOnReject ?? false },
    },
    unansweredQuestion: qs,
    startupQuestion: qs.filter((q) => (spec.startup ?? []).includes(String(q.id))),
    answeredQuestion: spec.answered?.map((a) => ({ id: a.id, title: a.title, answerSource: 'user', previousAnswer: [{ text: a.text }] })),
    caseSearch: (spec.solutions ?? []).map((s) => ({ caseId: s.caseId, title: `Solution ${s.caseId}`, score: s.score, passedThresholdValue: s.passed })),
    actionSearch: (spec.solutions ?? [])
      .filter((s) => s.articleId)
      .map((s) => ({ actionId: `7${s.caseId}`, caseId: s.caseId, name: `Article ${s.articleId}`, articleId: s.articleId, type: 'article' })),
  });
}

export interface PortalStub {
  calls: { op: string; input: CallInput<unknown> }[];
  actors: ReturnType<typeof stubActors>;
  count(op: string): number;
}

type Reply<T> = T | Error | ((input: CallInput<unknown>, n: number) => T | Error);

/** Stub actors answering from scripted replies (a function, a value, or an Error to throw). */
export function stubActors(replies: {
  start?: Reply<GuidedHelpSearchResponse>;
  step?: Reply<GuidedHelpSearchResponse>;
  accept?: Reply<void>;
  reject?: Reply<void>;
  createQuickpick?: Reply<{ quickpickId: string }>;
  resume?: Reply<GuidedHelpSearchResponse>;
}, calls: PortalStub['calls']) {
  const make = <T, R>(op: string, reply: Reply<T> | undefined) =>
    fromPromise<T, CallInput<R>>(async ({ input }) => {
      calls.push({ op, input: input as CallInput<unknown> });
      const n = calls.filter((c) => c.op === op).length;
      const r = typeof reply === 'function' ? (reply as (i: CallInput<unknown>, n: number) => T | Error)(input as CallInput<unknown>, n) : reply;
      if (r instanceof Error) throw r;
      if (r === undefined && op !== 'accept' && op !== 'reject') throw new Error(`no scripted reply for ${op}`);
      return r as T;
    });
  return {
    startSearch: make<GuidedHelpSearchResponse, StartSearchRequest>('start', replies.start),
    stepSearch: make<GuidedHelpSearchResponse, StepSearchRequest>('step', replies.step),
    acceptSolution: make<void, SolutionDecisionRequest>('accept', replies.accept),
    rejectSolution: make<void, SolutionDecisionRequest>('reject', replies.reject),
    createQuickpick: make<{ quickpickId: string }, CreateQuickpickRequest>('createQuickpick', replies.createQuickpick),
    resumeQuickpick: make<GuidedHelpSearchResponse, ResumeQuickpickRequest>('resume', replies.resume),
  };
}

export function portalStub(replies: Parameters<typeof stubActors>[0]): PortalStub {
  const calls: PortalStub['calls'] = [];
  return { calls, actors: stubActors(replies, calls), count: (op) => calls.filter((c) => c.op === op).length };
}
