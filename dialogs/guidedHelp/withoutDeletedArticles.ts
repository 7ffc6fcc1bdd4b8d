// A portal that no longer offers deleted articles (documented on the function).
import type { GuidedHelpSearchResponse } from '../../src/schemas/guidedHelp.js';
import type { GuidedHelpPortal } from './guidedHelpPortal.js';

/** What the decorator needs of DeletedArticles (src/webhook/deletedArticles.ts). */
export interface DeletedArticleIds {
  /**
   * The deleted ones among some article ids.
   *
   * @param ids - the article ids to look at
   */
  deletedAmong(ids: string[]): Promise<ReadonlySet<string>>;
}

export async function dropDeletedArticles(response: GuidedHelpSearchResponse, deleted: DeletedArticleIds): Promise<GuidedHelpSearchResponse> {
  const actions = response.actionSearch ?? [];
  const ids = [...new Set(actions.map((a) => a.articleId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return response;
  const gone = new Set(await deleted.deletedAmong(ids));
  if (gone.size === 0) return response;
  const kept = actions.filter((a) => !a.articleId || !gone.has(a.articleId));
  const casesWithArticles = new Set(actions.filter((a) => a.caseId && a.articleId).map((a) => a.caseId));
  const casesStillLinked = new Set(kept.filter((a) => a.caseId && a.articleId).map((a) => a.caseId));
  const orphaned = (caseId: string | undefined) => Boolean(caseId && casesWithArticles.has(caseId) && !casesStillLinked.has(caseId));
  return {
    ...response,
    actionSearch: kept,
    ...(response.caseSearch ? { caseSearch: response.caseSearch.filter((c) => !orphaned(c.caseId)) } : {}),
  };
}

/**
 * A guided-help portal that no longer offers what a knowledge event said was deleted (
 * built-in use): the articles of deleted (or expired) ids are taken out of every search
 * response, and a solution whose every linked article is gone is not offered at all. The
 * portal may still return them for a while (its index catches up later); the customer should
 * never be sent to an article that no longer exists.
  *
  * @param portal - the portal to wrap
  * @param deleted - which articles are gone (`BotDependencies.knowledge.deletedArticles`)
  * @returns the same portal, its search answers without the deleted articles
  */
export function withoutDeletedArticles(portal: GuidedHelpPortal, deleted: DeletedArticleIds): GuidedHelpPortal {
  return {
    start: async (req, call) => dropDeletedArticles(await portal.start(req, call), deleted),
    step: async (req, call) => dropDeletedArticles(await portal.step(req, call), deleted),
    resumeQuickpick: async (req, call) => dropDeletedArticles(await portal.resumeQuickpick(req, call), deleted),
    accept: (req, call) => portal.accept(req, call),
    reject: (req, call) => portal.reject(req, call),
    createQuickpick: (req, call) => portal.createQuickpick(req, call),
    listCasebases: (call) => portal.listCasebases(call),
  };
}
