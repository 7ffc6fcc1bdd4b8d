/**
 * Rules of a casebase answer questions by themselves once another answer is known (answerSource
 * `rule`). A user's own answer always wins over a rule; a rule's answer goes away when the
 * answer that triggered it changes, so rule answers are recomputed from the other answers
 * on every step rather than stored as facts.
 */
import type { CasebaseData } from '../knowledge/knowledgeSchema.js';
import { answerTo, type GivenAnswer } from './guidedSession.js';

export function applyRules(cb: CasebaseData, answers: GivenAnswer[]): GivenAnswer[] {
  let out = answers.filter((a) => a.source !== 'rule');
  // Rules may chain (a rule's answer triggering another), so loop until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const rule of cb.rules) {
      const trigger = answerTo(out, rule.when.questionId);
      if (!trigger || !trigger.answerIds.some((id) => rule.when.answerIds.includes(id))) continue;
      if (answerTo(out, rule.then.questionId)) continue;
      out = [...out, { questionId: rule.then.questionId, answerIds: [...rule.then.answerIds], source: 'rule' }];
      changed = true;
    }
  }
  return out;
}
