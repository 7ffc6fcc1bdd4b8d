/**
 * Renders the body of spec 2.2 for a session: the casebase release, questions answered and
 * still to answer, the ranked solutions (caseSearch, actionSearch) with passedThresholdValue,
 * the dynamic search hits and the target clusters. Start, step and resume-quickpick all answer
 * with it (docs/platform-contract.md, assumed shapes).
 */
import { KB_LANGUAGES, type KbLanguageCode } from '../../../schemas/languages.js';
import type { GuidedHelpSearchResponse } from '../../../schemas/guidedHelp.js';
import type { KnowledgeBase, ReleaseRef } from '../knowledge/knowledgeBase.js';
import type { CasebaseData, PortalData } from '../knowledge/knowledgeSchema.js';
import { metadataView, pickText } from '../knowledge/localizedText.js';
import { articleTypeOf } from './caseDetailView.js';
import { rankCases, remainingCases, type ScoredCase } from './caseScoring.js';
import { answerTo, type GivenAnswer } from './guidedSession.js';
import { nextQuestions } from './questionSelection.js';
import { answeredQuestionView, questionView, type ViewOptions } from './questionView.js';

export interface RenderInput {
  kb: KnowledgeBase;
  portal: PortalData;
  ref: ReleaseRef;
  profileId: string;
  answers: GivenAnswer[];
  lang: string;
  customAttributes?: ReadonlySet<string>;
  /** Portal manager base URL, for links. */
  linkBase: string;
}

/** The author's keywords in the request's language (its region, else the same language); none in another language. */
function keywordsIn(keywords: Partial<Record<string, string[]>>, lang: string): string[] {
  const primary = lang.split(/[-_]/)[0]!.toLowerCase();
  const entries = Object.entries(keywords);
  const found = entries.find(([code]) => code.toLowerCase() === lang.toLowerCase()) ?? entries.find(([code]) => code.split('-')[0]!.toLowerCase() === primary);
  return found?.[1] ?? [];
}

/** The casebase object of 2.2 (also an item of the release list). */
export function casebaseView(kb: KnowledgeBase, portal: PortalData, ref: ReleaseRef, lang: string, linkBase: string) {
  const cb = ref.casebase;
  const profiles = portal.profiles.filter((p) => ref.release.profileIds.includes(p.id));
  return {
    casebaseId: cb.casebaseId,
    name: pickText(ref.release.name, lang, cb.defaultLanguage),
    // The author's description and keywords, read by the bot's topic matching when a portal gives them (U5).
    ...(cb.description ? { description: pickText(cb.description, lang, cb.defaultLanguage) } : {}),
    ...(cb.keywords ? { keywords: keywordsIn(cb.keywords, lang) } : {}),
    id: ref.release.id,
    status: kb.statusOf(ref.release.id),
    profiles: {
      profile: profiles.map((p) => ({ id: p.id, name: pickText(p.name, lang, portal.defaultLanguage) })),
      paginationInfo: { count: profiles.length, pagenum: 1, pagesize: 75, link: [] },
    },
    searchSettings: { ...cb.searchSettings },
    languages: { KbLanguage: cb.languages.map((code: KbLanguageCode) => ({ code, name: KB_LANGUAGES.find((l) => l.code === code)!.name })) },
    link: { rel: 'self', href: `${linkBase}/portals/${portal.id}/gh/casebasereleases/${ref.release.id}` },
  };
}

function solutions(kb: KnowledgeBase, cb: CasebaseData, ranked: ScoredCase[], lang: string) {
  const t = (x: Parameters<typeof pickText>[0]) => pickText(x, lang, cb.defaultLanguage);
  const caseSearch = ranked.map((s) => ({
    caseId: s.case.id,
    title: t(s.case.title),
    shortName: s.case.shortName,
    type: s.case.type,
    score: s.score,
    passedThresholdValue: s.passedThreshold,
    ...kb.caseCounts(cb, s.case.id),
    additionalInfo: s.case.metadata.length > 0,
    metadata: s.case.metadata.map((m) => metadataView(m, lang, cb.defaultLanguage)),
    action: s.case.actionIds.map((id) => {
      const a = kb.action(cb, id)!;
      return { id: a.id, title: t(a.name), type: a.type, shortName: a.shortName, ...kb.actionCounts(cb, a.id), metadata: a.metadata.map((m) => metadataView(m, lang, cb.defaultLanguage)) };
    }),
  }));
  const actionSearch = ranked.flatMap((s) =>
    s.case.actionIds.map((id) => {
      const a = kb.action(cb, id)!;
      return {
        actionId: a.id,
        caseId: s.case.id,
        name: t(a.name),
        shortName: a.shortName,
        type: a.type,
        ...(a.articleId ? { articleId: a.articleId } : {}),
        ...articleTypeOf(a),
        score: s.score,
        passedThresholdValue: s.passedThreshold,
        ...kb.actionCounts(cb, a.id),
        hasAdditionalInfo: a.metadata.length > 0,
        metadata: a.metadata.map((m) => metadataView(m, lang, cb.defaultLanguage)),
      };
    }),
  );
  return { caseSearch, actionSearch };
}

function dynamicSearch(cb: CasebaseData, answers: GivenAnswer[], lang: string, linkBase: string) {
  const t = (x: Parameters<typeof pickText>[0]) => pickText(x, lang, cb.defaultLanguage);
  return cb.dynamicSearches.flatMap((d) => {
    const text = String(answerTo(answers, d.triggerQuestionId)?.value ?? '').toLowerCase();
    const hits = text ? d.virtualCases.filter((v) => v.keywords.some((k) => text.includes(k.toLowerCase()))) : [];
    if (hits.length === 0) return [];
    return [
      {
        type: d.type,
        parentClusterId: d.parentClusterId,
        dynamicCluster: [{ id: d.dynamicCluster.id, title: t(d.dynamicCluster.title) }],
        virtualCase: hits.map((v) => ({
          id: v.id,
          virtualCaseId: v.id,
          dynamicClusterId: d.dynamicCluster.id,
          title: t(v.title),
          detailField: [{ id: v.articleId, detailType: 'article', fieldName: 'article', detailLink: `${linkBase}/articles/${v.articleId}` }],
          displayField: [{ id: v.articleId, fieldName: 'summary', content: t(v.summary) }],
        })),
      },
    ];
  });
}

export function renderSearchResponse(i: RenderInput): GuidedHelpSearchResponse {
  const cb = i.ref.casebase;
  const cases = i.kb.casesOf(i.ref);
  const ranked = rankCases(cb, cases, i.answers, i.profileId, (id) => i.kb.caseCounts(cb, id));
  const remaining = remainingCases(cb, cases, i.answers, i.profileId);
  const view: ViewOptions = { lang: i.lang, fallbackLang: cb.defaultLanguage, customAttributes: i.customAttributes };
  const toAsk = nextQuestions(cb, remaining, i.answers);
  const question = (id: string) => cb.questions.find((q) => q.id === id)!;
  const targetClusters = [...new Set(ranked.map((s) => s.case.clusterId))].map((id) => ({ id }));
  return {
    casebase: casebaseView(i.kb, i.portal, i.ref, i.lang, i.linkBase),
    unansweredQuestion: toAsk.map((q) => questionView(q, view)),
    answeredQuestion: i.answers.map((a) => answeredQuestionView(question(a.questionId), a, view)),
    startupQuestion: toAsk.filter((q) => q.startup).map((q) => questionView(q, view)),
    ...solutions(i.kb, cb, ranked, i.lang),
    dynamicSearch: dynamicSearch(cb, i.answers, i.lang, i.linkBase),
    targetClusters,
  };
}
