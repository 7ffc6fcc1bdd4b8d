/**
 * Guided help of one portal (spec 4.3, P11): casebase releases, one release, clusters, the
 * cases of a cluster, one case, profiles, search start and step, accept and reject. Bodies are
 * those of the assumed shapes of docs/platform-contract.md (src/schemas/guidedHelp*.ts); start and step answer the body of
 * 2.2. The static lists (releases, profiles, clusters) are served from a StaticListCache (L7).
 *
 * Session preconditions (a session in progress for steps and cases, started for accept and
 * reject, a profile assigned to the user) are the platform's to check: it knows the session.
 */
import { z } from 'zod';
import type { GuidedHelpSearchResponse } from '../../schemas/guidedHelp.js';
import {
  casebaseReleaseListSchema,
  caseDecisionBodySchema,
  clusterCaseListSchema,
  clusterListSchema,
  profileListSchema,
  searchStartBodySchema,
  searchStepBodySchema,
  type CasebaseReleaseList,
  type CaseDecisionBody,
  type ClusterCaseList,
  type ClusterList,
  type ProfileList,
  type SearchStartBody,
  type SearchStepBody,
} from '../../schemas/guidedHelpRequests.js';
import { readCasebaseRelease, readCaseDetail, readSearchResponse, type CasebaseRelease, type CaseDetail } from './guidedHelpReading.js';
import { checkedBody, readAnswer } from './portalBodies.js';
import { pathSegment } from '../http/pathSegment.js';
import type { PageOptions, PortalCallOptions, PortalCaller } from './portalCaller.js';
import type { PortalOperation } from './portalOperations.js';
import { badValue, ghCustomAttributesQuery } from './portalParameterChecks.js';
import type { StaticListCache } from './staticListCache.js';

export const CASE_ADDITIONAL_ATTRIBUTES = ['questionDetail', 'actions', 'all'] as const;
export type CaseAdditionalAttributes = (typeof CASE_ADDITIONAL_ATTRIBUTES)[number];

export { readSearchResponse, type CasebaseRelease, type CaseDetail } from './guidedHelpReading.js';

/** Options of the cached lists: `cache: false` skips the cache for one call (and does not fill it). */
export interface StaticListOptions extends PortalCallOptions {
  cache?: boolean;
}

export class GuidedHelpClient {
  constructor(
    private readonly caller: PortalCaller,
    private readonly cache: StaticListCache,
  ) {}

  /** GET /gh/casebasereleases (cached). 204 reads as an empty list. */
  casebaseReleases(page: PageOptions = {}, options: StaticListOptions = {}): Promise<CasebaseReleaseList> {
    return this.cachedList('gh.casebaseReleases.list', {}, page, options, casebaseReleaseListSchema, { casebase: [] });
  }

  /**
   * GET /gh/casebasereleases/{casebaseReleaseID}: the bare casebase or the vendor's
   * `{casebase: [ ... ]}`, read as the release asked for; 502-101 when neither gives its id,
   * name and status (F1).
   */
  async casebaseRelease(casebaseReleaseID: string, options?: PortalCallOptions): Promise<CasebaseRelease> {
    const res = await this.caller.call('gh.casebaseReleases.get', { params: { casebaseReleaseID }, options });
    return readCasebaseRelease(res.data, casebaseReleaseID, 'gh.casebaseReleases.get', res.notes);
  }

  /** GET /gh/casebasereleases/{casebaseReleaseID}/clusters (cached). */
  clusters(casebaseReleaseID: string, page: PageOptions = {}, options: StaticListOptions = {}): Promise<ClusterList> {
    return this.cachedList('gh.clusters.list', { casebaseReleaseID }, page, options, clusterListSchema, { cluster: [] });
  }

  /** GET /gh/profiles (cached). Profile id 1 is the system profile (P9). */
  profiles(page: PageOptions = {}, options: StaticListOptions = {}): Promise<ProfileList> {
    return this.cachedList('gh.profiles.list', {}, page, options, profileListSchema, { profile: [] });
  }

  /** GET .../clusters/{clusterID}/cases: needs a session in progress for the release. */
  async clusterCases(casebaseReleaseID: string, clusterID: string, options?: PortalCallOptions): Promise<ClusterCaseList> {
    const res = await this.caller.call('gh.clusterCases.list', { params: { casebaseReleaseID, clusterID }, options });
    return readAnswer(clusterCaseListSchema, res.data, 'gh.clusterCases.list', { case: [] }, res.notes);
  }

  /**
   * GET .../cases/{caseID}, optionally with `caseAdditionalAttributes` (questionDetail, actions,
   * all): a bare case or `{case: [item]}`, question details under `questionDetail` either way (F1).
   */
  async getCase(
    casebaseReleaseID: string,
    caseID: string,
    opts: { caseAdditionalAttributes?: CaseAdditionalAttributes } & PortalCallOptions = {},
  ): Promise<CaseDetail> {
    const { caseAdditionalAttributes, ...options } = opts;
    if (caseAdditionalAttributes !== undefined && !(CASE_ADDITIONAL_ATTRIBUTES as readonly string[]).includes(caseAdditionalAttributes)) {
      throw badValue('caseAdditionalAttributes', CASE_ADDITIONAL_ATTRIBUTES.join(', '));
    }
    const res = await this.caller.call('gh.cases.get', { params: { casebaseReleaseID, caseID }, query: { caseAdditionalAttributes }, options });
    return readCaseDetail(res.data, caseID, 'gh.cases.get', res.notes);
  }

  /**
   * POST /gh/search: starts a session by release (`casebaseId`), by casebase plus release type
   * (`useLiveRelease`) or from a session article (`ghsArticleId`); questions may be answered at
   * start; `profileId` defaults to the portal's profile.
   */
  async startSearch(
    body: SearchStartBody,
    opts: { ghCustomAdditionalAttributes?: string | readonly string[] } & PortalCallOptions = {},
  ): Promise<GuidedHelpSearchResponse> {
    const { ghCustomAdditionalAttributes, ...options } = opts;
    const checked = checkedBody(searchStartBodySchema, body, 'search');
    const query = { ghCustomAdditionalAttributes: ghCustomAttributesQuery(ghCustomAdditionalAttributes) };
    const res = await this.caller.call('gh.search.start', { body: checked, query, options });
    return readSearchResponse(res.data, 'gh.search.start', res.notes);
  }

  /** PUT /gh/search: answers one or more questions of the session in progress. */
  async step(body: SearchStepBody, options?: PortalCallOptions): Promise<GuidedHelpSearchResponse> {
    const res = await this.caller.call('gh.search.step', { body: checkedBody(searchStepBodySchema, body, 'search'), options });
    return readSearchResponse(res.data, 'gh.search.step', res.notes);
  }

  /** POST /gh/cases/{caseID}/accept with the solution and the profile; answers 201, no body. */
  async accept(caseID: string, body: CaseDecisionBody, options?: PortalCallOptions): Promise<void> {
    await this.caller.call('gh.cases.accept', { params: { caseID }, body: checkedBody(caseDecisionBodySchema, body, 'solution'), options });
  }

  /** POST /gh/cases/{caseID}/reject with the solution and the profile; answers 201, no body. */
  async reject(caseID: string, body: CaseDecisionBody, options?: PortalCallOptions): Promise<void> {
    await this.caller.call('gh.cases.reject', { params: { caseID }, body: checkedBody(caseDecisionBodySchema, body, 'solution'), options });
  }

  /**
   * A static list through the cache. The key holds the portal, the operation, its path
   * parameters, both languages and the page, so no two different answers share a key. It does
   * not hold the caller's token: releases, profiles and clusters are the portal's, not a user's.
   */
  private cachedList<S extends z.ZodType, E>(
    op: PortalOperation,
    params: Record<string, string>,
    page: PageOptions,
    options: StaticListOptions,
    schema: S,
    empty: E,
  ): Promise<z.output<S> | E> {
    const { cache, ...callOptions } = options;
    const load = async () => {
      const res = await this.caller.call(op, { params, page, options: callOptions });
      return readAnswer(schema, res.data, op, empty, res.notes);
    };
    if (cache === false) return load();
    // Checks run before the cache too, so a bad page or $lang is refused even when cached.
    this.caller.queryOf({ page, options: callOptions });
    const key = [
      this.caller.portalID,
      op,
      ...Object.entries(params).map(([k, v]) => `${k}=${pathSegment(v)}`),
      `lang=${pathSegment(callOptions.lang ?? '')}`,
      `al=${pathSegment(this.caller.acceptLanguageOf(callOptions))}`,
      `p=${page.pagenum ?? ''}`,
      `s=${page.pagesize ?? ''}`,
    ].join('|');
    return this.cache.getOrLoad(key, load);
  }
}
