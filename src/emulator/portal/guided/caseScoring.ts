/**
 * Scores the cases of a release against the answers of a session. A case lists conditions
 * (answers to a question, or words in a text answer), each with a weight. An answered
 * condition that fits adds its weight; an answered choice condition that does not fit rules
 * the case out (the user said something the case excludes); words that do not occur only add
 * nothing, since free text is too loose to exclude on. The score is the fitted share of the
 * total weight, 0-100, so scores rise as answers narrow the candidates, and a case passes
 * once its score reaches its threshold (the case's own, else the casebase's).
 */
import type { CaseData, CasebaseData, ConditionData } from '../knowledge/knowledgeSchema.js';
import { isSystemProfile } from '../../../schemas/guidedHelp.js';
import { answerTo, type GivenAnswer } from './guidedSession.js';

export interface ScoredCase {
  case: CaseData;
  score: number;
  excluded: boolean;
  passedThreshold: boolean;
}

type Fit = 'fits' | 'contradicts' | 'unknown';

function conditionFit(cond: ConditionData, answers: GivenAnswer[]): Fit {
  const given = answerTo(answers, cond.questionId);
  if (!given) return 'unknown';
  if (cond.contains) {
    const text = String(given.value ?? '').toLowerCase();
    return cond.contains.some((w) => text.includes(w.toLowerCase())) ? 'fits' : 'unknown';
  }
  return given.answerIds.some((id) => cond.answerIds!.includes(id)) ? 'fits' : 'contradicts';
}

export function scoreCase(c: CaseData, answers: GivenAnswer[], casebaseThreshold: number): ScoredCase {
  let total = 0;
  let fitted = 0;
  let excluded = false;
  for (const cond of c.conditions) {
    total += cond.weight;
    const fit = conditionFit(cond, answers);
    if (fit === 'fits') fitted += cond.weight;
    else if (fit === 'contradicts') excluded = true;
  }
  const score = excluded ? 0 : Math.round((100 * fitted) / total);
  return { case: c, score, excluded, passedThreshold: !excluded && score >= (c.threshold ?? casebaseThreshold) };
}

/** A profile sees a case when the case names no profiles, names it, or it is the system profile (P9). */
export function profileSeesCase(c: CaseData, profileId: string): boolean {
  return !c.profileIds || isSystemProfile(profileId) || c.profileIds.includes(profileId);
}

/**
 * The candidate cases (visible to the profile, not ruled out, with some score), best first:
 * by score, then by how often the case was accepted rather than rejected, then by id.
 */
export function rankCases(
  cb: CasebaseData,
  cases: CaseData[],
  answers: GivenAnswer[],
  profileId: string,
  feedback: (caseId: string) => { acceptCount: number; rejectCount: number },
): ScoredCase[] {
  const net = (c: CaseData) => {
    const f = feedback(c.id);
    return f.acceptCount - f.rejectCount;
  };
  return cases
    .filter((c) => profileSeesCase(c, profileId))
    .map((c) => scoreCase(c, answers, cb.threshold))
    .filter((s) => !s.excluded && s.score > 0)
    .sort((a, b) => b.score - a.score || net(b.case) - net(a.case) || a.case.id.localeCompare(b.case.id));
}

/** Cases not ruled out (score may still be 0): the set the next questions should narrow. */
export function remainingCases(cb: CasebaseData, cases: CaseData[], answers: GivenAnswer[], profileId: string): CaseData[] {
  return cases.filter((c) => profileSeesCase(c, profileId) && !scoreCase(c, answers, cb.threshold).excluded);
}
