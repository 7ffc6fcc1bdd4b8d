/**
 * One case read by id (GET .../casebasereleases/{id}/cases/{caseID}), in the vendor's form in
 * both modes, since the contract does not show this answer (F1, F5): a bare case object with
 * the fields the vendor's examples carry (who made and changed it and when, its threshold,
 * `caseType`, the release and profile it was read for, a `link` object), question details as
 * `{question: {id, title}, answer: [{id, text}], scoringValue}` (the answers the case asks
 * for, and the weight of that condition), and actions with their `articleType`.
 * `type` stays beside `caseType`, so a reader of the older form still finds it.
 */
import type { ReleaseRef, KnowledgeBase } from '../knowledge/knowledgeBase.js';
import type { ActionData, CaseData, ConditionData, QuestionData } from '../knowledge/knowledgeSchema.js';
import { metadataView, pickText } from '../knowledge/localizedText.js';
import type { ScoredCase } from './caseScoring.js';

/** Who authored the sample casebases, as the vendor's examples name a person: an id and names. */
export const SAMPLE_AUTHOR = { id: '1', firstName: 'Knowledge', lastName: 'Author' } as const;
/** When the sample casebases were authored (they carry no dates of their own). */
export const SAMPLE_AUTHORED_AT = '2024-01-15T09:00:00.000Z';

/** The article type of an article action whose data names none (the vendor's examples always carry one). */
const GENERAL_ARTICLE_TYPE = { articleCategoryId: 1, typeName: 'General', useStructuredAuthoring: false, articleTypeId: '10' };

/** An action's `articleType` as the vendor shows it: on every article action, none on a control action. */
export function articleTypeOf(a: ActionData): { articleType?: typeof GENERAL_ARTICLE_TYPE } {
  return a.type === 'article' ? { articleType: { ...(a.articleType ?? GENERAL_ARTICLE_TYPE) } } : {};
}

export const CASE_ATTRIBUTES = ['questionDetail', 'actions', 'all'] as const;
export type CaseAttribute = (typeof CASE_ATTRIBUTES)[number];

export interface CaseDetailInput {
  kb: KnowledgeBase;
  ref: ReleaseRef;
  case: CaseData;
  scored: ScoredCase;
  profileId: string;
  lang: string;
  attribute: CaseAttribute | null;
  selfHref: string;
}

/** A condition as the vendor shows it: the question, the answers that fit it, its weight. */
function questionDetailView(q: QuestionData, cond: ConditionData, t: (x: Parameters<typeof pickText>[0]) => string) {
  const answer = cond.answerIds
    ? cond.answerIds.map((id) => {
        const a = q.answers.find((x) => x.id === id);
        return { id, text: a ? t(a.text) : id };
      })
    : (cond.contains ?? []).map((word) => ({ text: word }));
  return { question: { id: q.id, title: t(q.title) }, answer, scoringValue: cond.weight };
}

export function caseDetailView(i: CaseDetailInput): Record<string, unknown> {
  const cb = i.ref.casebase;
  const c = i.case;
  const t = (x: Parameters<typeof pickText>[0]) => pickText(x, i.lang, cb.defaultLanguage);
  const item: Record<string, unknown> = {
    id: c.id,
    title: t(c.title),
    shortName: c.shortName,
    type: c.type,
    caseType: c.type,
    clusterId: c.clusterId,
    releaseId: i.ref.release.id,
    profileId: i.profileId,
    score: i.scored.score,
    passedThresholdValue: i.scored.passedThreshold,
    thresholdValue: c.threshold ?? cb.threshold,
    thresholdType: 'percentage',
    ...i.kb.caseCounts(cb, c.id),
    metadata: c.metadata.map((m) => metadataView(m, i.lang, cb.defaultLanguage)),
    createdBy: { ...SAMPLE_AUTHOR },
    createdDate: SAMPLE_AUTHORED_AT,
    modifiedBy: { ...SAMPLE_AUTHOR },
    modifiedDate: SAMPLE_AUTHORED_AT,
    link: { rel: 'self', href: i.selfHref },
  };
  if (i.attribute === 'questionDetail' || i.attribute === 'all') {
    item.questionDetail = c.conditions.map((cond) => questionDetailView(cb.questions.find((q) => q.id === cond.questionId)!, cond, t));
  }
  if (i.attribute === 'actions' || i.attribute === 'all') {
    item.action = c.actionIds.map((id) => {
      const a = i.kb.action(cb, id)!;
      return {
        id: a.id,
        title: t(a.name),
        type: a.type,
        shortName: a.shortName,
        ...(a.articleId ? { articleId: a.articleId } : {}),
        ...articleTypeOf(a),
        ...i.kb.actionCounts(cb, a.id),
      };
    });
  }
  return item;
}
