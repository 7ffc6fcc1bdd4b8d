// The guided-help port over the real portal manager client (documented on the class).
import { PlatformError } from '../../src/errors/platformError.js';
import type { GuidedHelpSearchResponse } from '../../src/schemas/guidedHelp.js';
import { bestQueryLanguage } from '../../src/schemas/languages.js';
import type { PortalCallOptions } from '../../src/platform/portal/portalCaller.js';
import type { PortalManagerClient } from '../../src/platform/portal/portalManagerClient.js';
import type {
  CasebaseSummary,
  CreateQuickpickRequest,
  GuidedHelpPortal,
  PortalCallContext,
  ResumeQuickpickRequest,
  SolutionDecisionRequest,
  StartSearchRequest,
  StepSearchRequest,
} from './guidedHelpPortal.js';

/** Pages of quickpicks searched for a new one (75 a page, the maximum). */
const MAX_QUICKPICK_PAGES = 20;

/** How `PortalManagerGuidedHelpPortal` makes each conversation's calls. */
export interface PortalManagerGuidedHelpPortalOptions {
  /** Per-conversation call options: the customer's token provider (A2), identifier headers. */
  callOptionsFor?: (call: PortalCallContext) => PortalCallOptions | Promise<PortalCallOptions>;
}

/**
 * The guided-help port over the real portal manager client (src/platform/portal): the calls
 * go through the one HTTP core (token, throttling, 429 backoff, typed PlatformError).
 *
 * - Every call carries the conversation's language as Accept-Language (P2, E3) and as `$lang`
 *   when the portal's list has it, so questions come back in the customer's language.
 * - Portal sessions belong to the token's subject, so a bot serving many customers gives each
 *   conversation its own customer token (A2) through `callOptionsFor`.
 * - Create-quickpick answers 201 with no body (docs/platform-contract.md, assumed shapes): the new quickpick is found
 *   in the casebase's list by the unique name the dialog gave it.
 * - Resume needs a session started for the casebase (4.5's precondition): one is started on
 *   the live release first (quickpicks exist for live releases only, P5).
 */
export class PortalManagerGuidedHelpPortal implements GuidedHelpPortal {
  /**
   * @param client - the portal manager client (`BotDependencies.platform.portal`)
   * @param opts - the per-conversation call options (the customer's token)
   */
  constructor(
    private readonly client: PortalManagerClient,
    private readonly opts: PortalManagerGuidedHelpPortalOptions = {},
  ) {}

  private async options(call: PortalCallContext): Promise<PortalCallOptions> {
    const extra = (await this.opts.callOptionsFor?.(call)) ?? {};
    const lang = bestQueryLanguage(call.acceptLanguage);
    return { acceptLanguage: call.acceptLanguage, ...(lang ? { lang } : {}), ...extra };
  }

  /** {@inheritDoc GuidedHelpPortal.start} */
  async start(req: StartSearchRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse> {
    return this.client.guidedHelp.startSearch(
      {
        casebaseId: req.casebaseId,
        ...(req.useLiveRelease === undefined ? {} : { useLiveRelease: req.useLiveRelease }),
        ...(req.ghsArticleId ? { ghsArticleId: req.ghsArticleId } : {}),
        ...(req.profileId ? { profileId: req.profileId } : {}),
        ...(req.questions?.length ? { questions: req.questions } : {}),
        ...(req.sessionVariables?.length ? { sessionVariable: req.sessionVariables } : {}),
      },
      await this.options(call),
    );
  }

  /** {@inheritDoc GuidedHelpPortal.step} */
  async step(req: StepSearchRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse> {
    return this.client.guidedHelp.step(
      { casebaseId: req.casebaseId, questions: req.questions, ...(req.profileId ? { profileId: req.profileId } : {}) },
      await this.options(call),
    );
  }

  /** {@inheritDoc GuidedHelpPortal.accept} */
  async accept(req: SolutionDecisionRequest, call: PortalCallContext): Promise<void> {
    await this.client.guidedHelp.accept(req.caseId, decisionBody(req), await this.options(call));
  }

  /** {@inheritDoc GuidedHelpPortal.reject} */
  async reject(req: SolutionDecisionRequest, call: PortalCallContext): Promise<void> {
    await this.client.guidedHelp.reject(req.caseId, decisionBody(req), await this.options(call));
  }

  /** {@inheritDoc GuidedHelpPortal.createQuickpick} */
  async createQuickpick(req: CreateQuickpickRequest, call: PortalCallContext): Promise<{ quickpickId: string }> {
    const options = await this.options(call);
    const created = await this.client.quickpicks.create({ casebaseReleaseId: req.casebaseReleaseId, name: req.name, ...(req.comment ? { comment: req.comment } : {}) }, options);
    if (created.quickpickId) return { quickpickId: created.quickpickId };
    // No Location header: find it by the unique name the dialog gave it.
    for (let pagenum = 1; pagenum <= MAX_QUICKPICK_PAGES; pagenum++) {
      const list = await this.client.quickpicks.list({ casebaseID: req.casebaseId }, { pagenum, pagesize: 75 }, options);
      const items = list.quickpick ?? [];
      const found = items.filter((q) => q.name === req.name).pop();
      if (found) return { quickpickId: found.id };
      const count = list.paginationInfo?.count ?? 0;
      if (items.length === 0 || pagenum * 75 >= count) break;
    }
    throw PlatformError.of('502-101', { operation: 'gh.quickpicks.list', reason: 'the quickpick just created is not listed' });
  }

  /** {@inheritDoc GuidedHelpPortal.resumeQuickpick} */
  async resumeQuickpick(req: ResumeQuickpickRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse> {
    const options = await this.options(call);
    await this.client.guidedHelp.startSearch({ casebaseId: req.casebaseId, useLiveRelease: true }, options);
    return this.client.quickpicks.resume(req.quickpickId, options);
  }

  /** {@inheritDoc GuidedHelpPortal.listCasebases} */
  async listCasebases(call: PortalCallContext): Promise<CasebaseSummary[]> {
    const list = await this.client.guidedHelp.casebaseReleases({ pagesize: 75 }, await this.options(call));
    const out = new Map<string, CasebaseSummary>();
    for (const r of list.casebase ?? []) {
      if (!r.casebaseId || r.status !== 'live' || out.has(r.casebaseId)) continue;
      out.set(r.casebaseId, { casebaseId: r.casebaseId, ...(r.id ? { releaseId: r.id } : {}), name: r.name ?? r.casebaseId, status: r.status });
    }
    return [...out.values()];
  }
}

function decisionBody(req: SolutionDecisionRequest) {
  return { id: req.caseId, ...(req.name ? { name: req.name } : {}), ...(req.profileId ? { profileId: req.profileId } : {}) };
}
