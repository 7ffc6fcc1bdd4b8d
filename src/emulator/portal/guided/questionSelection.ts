/**
 * Which questions to ask next: those the remaining cases still depend on, not answered yet,
 * whose `askWhen` holds. Startup questions come first (they are asked at the start of a
 * session), then the questions that bear on the most remaining cases, so each answer narrows
 * the candidates as much as it can.
 */
import type { CaseData, CasebaseData, QuestionData } from '../knowledge/knowledgeSchema.js';
import { answerTo, type GivenAnswer } from './guidedSession.js';

export function isAskable(q: QuestionData, answers: GivenAnswer[]): boolean {
  if (!q.askWhen) return true;
  const trigger = answerTo(answers, q.askWhen.questionId);
  return !!trigger && trigger.answerIds.some((id) => q.askWhen!.answerIds.includes(id));
}

export function nextQuestions(cb: CasebaseData, remaining: CaseData[], answers: GivenAnswer[]): QuestionData[] {
  const weight = new Map<string, number>();
  for (const c of remaining) {
    for (const cond of c.conditions) weight.set(cond.questionId, (weight.get(cond.questionId) ?? 0) + 1);
  }
  const order = new Map(cb.questions.map((q, i) => [q.id, i]));
  return cb.questions
    .filter((q) => !answerTo(answers, q.id) && isAskable(q, answers) && (weight.has(q.id) || q.startup))
    .sort(
      (a, b) =>
        Number(b.startup) - Number(a.startup) ||
        (weight.get(b.id) ?? 0) - (weight.get(a.id) ?? 0) ||
        order.get(a.id)! - order.get(b.id)!,
    );
}
