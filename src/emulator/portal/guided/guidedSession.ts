/**
 * One guided-help search session: which release and profile it runs on, the answers given so
 * far (by the user, by a rule, or by the session article it started from), and whether it is
 * still in progress. Plain data, so a quickpick can keep a copy and restore it later.
 */
import type { AnswerSource } from '../../../schemas/guidedHelpQuestions.js';

export interface GivenAnswer {
  questionId: string;
  /** Answer ids: chosen ones for list/enumerated questions, the bucket of a numeric value. */
  answerIds: string[];
  /** The value of a numeric or text answer. */
  value?: number | string;
  source: AnswerSource;
}

export type SessionState = 'inProgress' | 'closed';

export interface GuidedSession {
  id: string;
  /** Sessions belong to one user or customer token subject within a tenant. */
  owner: string;
  portalId: string;
  casebaseId: string;
  releaseId: string;
  profileId: string;
  state: SessionState;
  /** In the order they were given; one entry per question (a new answer replaces the old). */
  answers: GivenAnswer[];
  sessionVariables: { name: string; value?: string | number | boolean }[];
  startedAt: number;
}

/** What a quickpick keeps of a session, enough to restore it (answers and the release). */
export type SessionSnapshot = Pick<GuidedSession, 'casebaseId' | 'releaseId' | 'profileId' | 'answers' | 'sessionVariables'>;

export function snapshotOf(s: GuidedSession): SessionSnapshot {
  return structuredClone({ casebaseId: s.casebaseId, releaseId: s.releaseId, profileId: s.profileId, answers: s.answers, sessionVariables: s.sessionVariables });
}

/** Sets (or replaces) the answers to questions, keeping the order questions were first answered. */
export function withAnswers(current: GivenAnswer[], given: GivenAnswer[]): GivenAnswer[] {
  const out = current.map((a) => ({ ...a }));
  for (const g of given) {
    const i = out.findIndex((a) => a.questionId === g.questionId);
    if (i >= 0) out[i] = { ...g };
    else out.push({ ...g });
  }
  return out;
}

export function answerTo(answers: GivenAnswer[], questionId: string): GivenAnswer | undefined {
  return answers.find((a) => a.questionId === questionId);
}
