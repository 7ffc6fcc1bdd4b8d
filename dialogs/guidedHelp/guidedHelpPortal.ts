/**
 * The narrow port through which the guided-help machine reaches the knowledge portal: only
 * the seven operations a dialog needs, in the dialog's own words. The machine invokes these
 * as promise actors, so unit tests replace them with `machine.provide({ actors })` and the
 * bot runs them over the real portal manager client (portalManagerGuidedHelpPortal.ts).
 *
 * Every call carries a PortalCallContext: the Accept-Language of the conversation (P2, E3)
 * and the conversation it is made for, so an implementation can pick the customer's own
 * token per conversation (A2): portal sessions belong to the token's subject.
 */
import type { GuidedHelpSearchResponse } from '../../src/schemas/guidedHelp.js';
import type { AnsweredQuestionInput, SessionVariable } from '../../src/schemas/guidedHelpRequests.js';

export interface PortalCallContext {
  /** Accept-Language of the call: the conversation's language, one of the portal's list (4.5). */
  acceptLanguage: string;
  /** The conversation the call is made for. */
  conversationId: string;
}

/** Start a search session (P7): by casebase and release type, or from a session article. */
export interface StartSearchRequest {
  casebaseId: string;
  /** The live release (true, the default) or the authoring one (false). */
  useLiveRelease?: boolean;
  /** Start from a guided-help session article (its parameters come with it). */
  ghsArticleId?: string;
  /** Profile of the session; the portal's default profile when absent. */
  profileId?: string;
  /** Answers already known, given at start. */
  questions?: AnsweredQuestionInput[];
  sessionVariables?: SessionVariable[];
}

export interface StepSearchRequest {
  casebaseId: string;
  profileId?: string;
  /** The new answers only: the portal keeps the earlier ones. */
  questions: AnsweredQuestionInput[];
}

/** Accept or reject one solution (a case of caseSearch). */
export interface SolutionDecisionRequest {
  caseId: string;
  /** Name of the solution, as the portal gave it. */
  name?: string;
  profileId?: string;
}

export interface CreateQuickpickRequest {
  casebaseId: string;
  /** The release the session runs on: quickpicks exist for live releases only (P5). */
  casebaseReleaseId: string;
  /** Unique per save, so the implementation can find the id the portal gave it. */
  name: string;
  comment?: string;
}

export interface ResumeQuickpickRequest {
  casebaseId: string;
  quickpickId: string;
}

/** A topic the customer may pick: a casebase and its live release. */
export interface CasebaseSummary {
  casebaseId: string;
  releaseId?: string;
  name: string;
  status?: string;
}

export interface GuidedHelpPortal {
  start(req: StartSearchRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse>;
  step(req: StepSearchRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse>;
  accept(req: SolutionDecisionRequest, call: PortalCallContext): Promise<void>;
  reject(req: SolutionDecisionRequest, call: PortalCallContext): Promise<void>;
  /** Creates a quickpick for the session in progress and returns its id. */
  createQuickpick(req: CreateQuickpickRequest, call: PortalCallContext): Promise<{ quickpickId: string }>;
  /** Restores a quickpick; the implementation starts the session it needs first (4.5 precondition). */
  resumeQuickpick(req: ResumeQuickpickRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse>;
  listCasebases(call: PortalCallContext): Promise<CasebaseSummary[]>;
}
