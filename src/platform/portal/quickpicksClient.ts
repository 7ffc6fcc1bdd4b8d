/**
 * Quickpicks (bookmarks of a guided-help session) of one portal: create (4.3, P5), list (4.3,
 * P6) and resume (4.5, P2, specified in full). Every parameter rule the spec states is checked
 * here before any network call; the ones that depend on server state (a session in progress,
 * a live release) are the platform's.
 */
import type { z } from 'zod';
import type { GuidedHelpSearchResponse } from '../../schemas/guidedHelp.js';
import { createQuickpickBodySchema, quickpickListSchema, type QuickpickList } from '../../schemas/guidedHelpRequests.js';
import { readSearchResponse } from './guidedHelpClient.js';
import { checkedBody, readAnswer } from './portalBodies.js';
import type { PageOptions, PortalCallOptions, PortalCaller } from './portalCaller.js';
import {
  assertAcceptLanguage,
  assertResumeIdentifierHeaders,
  assertSomeIdentifierHeader,
  badValue,
  ghCustomAttributesQuery,
  missing,
} from './portalParameterChecks.js';

export type CreateQuickpickInput = z.input<typeof createQuickpickBodySchema>;

export const LAST_SAVED_VALUES = ['Yes', 'No'] as const;

export interface ListQuickpicksQuery {
  /** The casebase whose quickpicks to list. */
  casebaseID?: string;
  /** `Yes`: the last quickpick saved for the interaction named by the identifier headers. */
  getLastSavedQuickPickForInteraction?: (typeof LAST_SAVED_VALUES)[number];
}

export interface ResumeQuickpickOptions extends PortalCallOptions {
  /** Custom attributes to fetch, each `question.custom.<internal_name>`. */
  ghCustomAdditionalAttributes?: string | readonly string[];
}

export class QuickpicksClient {
  constructor(private readonly caller: PortalCaller) {}

  /**
   * POST /gh/quickpicks: bookmarks the session in progress (live releases only; answers 201,
   * no body). With `linkToActivity: true` one of the tenant, activity or interaction
   * identifiers must go in the headers (P5).
   */
  /**
   * POST /gh/quickpicks answers 201 with no body (docs/platform-contract.md, assumed shapes). When the answer names the
   * new quickpick in a `Location` header, its id is returned; otherwise `quickpickId` is absent.
   */
  async create(body: CreateQuickpickInput, options: PortalCallOptions = {}): Promise<{ quickpickId?: string }> {
    const checked = checkedBody(createQuickpickBodySchema, body, 'quickpick');
    if (checked.linkToActivity === true) assertSomeIdentifierHeader(this.caller.headersOf(options), 'linkToActivity is true');
    const res = await this.caller.call('gh.quickpicks.create', { body: checked, options });
    const id = /\/quickpicks\/([^/?#]+)\/?(?:[?#].*)?$/.exec(res.headers.location ?? '')?.[1];
    return id ? { quickpickId: decodeURIComponent(id) } : {};
  }

  /**
   * GET /gh/quickpicks: needs `casebaseID` or `getLastSavedQuickPickForInteraction`; the value
   * Yes needs at least one of the three identifier headers (P6). 204 reads as an empty list.
   */
  async list(query: ListQuickpicksQuery, page: PageOptions = {}, options: PortalCallOptions = {}): Promise<QuickpickList> {
    const { casebaseID, getLastSavedQuickPickForInteraction: last } = query;
    if ((casebaseID === undefined || casebaseID === '') && last === undefined) throw missing('casebaseID or getLastSavedQuickPickForInteraction');
    if (last !== undefined && !(LAST_SAVED_VALUES as readonly string[]).includes(last)) {
      throw badValue('getLastSavedQuickPickForInteraction', LAST_SAVED_VALUES.join(', '));
    }
    if (last === 'Yes') assertSomeIdentifierHeader(this.caller.headersOf(options), 'getLastSavedQuickPickForInteraction is Yes');
    const res = await this.caller.call('gh.quickpicks.list', {
      query: { casebaseID: casebaseID === '' ? undefined : casebaseID, getLastSavedQuickPickForInteraction: last },
      page,
      options,
    });
    return readAnswer(quickpickListSchema, res.data, 'gh.quickpicks.list', { quickpick: [] }, res.notes);
  }

  /**
   * POST /gh/quickpicks/{quickpickID} (4.5): restores a quickpick into the session started for
   * its casebase, answering the body of 2.2. Checked first (P2): `$lang` from its list;
   * ghCustomAdditionalAttributes of the form question.custom.<internal_name>;
   * x-platform-activity-id numeric and allowed alone; x-ext-integration-id (numeric) and
   * x-ext-interaction-id only together; Accept-Language present and from its own list.
   */
  async resume(quickpickID: string, options: ResumeQuickpickOptions = {}): Promise<GuidedHelpSearchResponse> {
    const { ghCustomAdditionalAttributes, ...callOptions } = options;
    if (quickpickID === undefined || quickpickID === '') throw missing('quickpickID');
    const custom = ghCustomAttributesQuery(ghCustomAdditionalAttributes);
    assertResumeIdentifierHeaders(this.caller.headersOf(callOptions));
    assertAcceptLanguage(this.caller.acceptLanguageOf(callOptions));
    const res = await this.caller.call('gh.quickpicks.resume', {
      params: { quickpickID },
      query: { ghCustomAdditionalAttributes: custom },
      options: callOptions,
    });
    return readSearchResponse(res.data, 'gh.quickpicks.resume', res.notes);
  }
}
