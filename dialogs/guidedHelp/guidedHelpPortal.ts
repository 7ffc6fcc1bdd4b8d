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

/**
 * What every portal call carries: the conversation's language (Accept-Language, P2, E3) and the
 * conversation it is made for, so an implementation can use the customer's own token per
 * conversation (A2).
 */
export interface PortalCallContext {
  /** Accept-Language of the call: the conversation's language, one of the portal's list (4.5). */
  acceptLanguage: string;
  /** The conversation the call is made for. */
  conversationId: string;
}

/** Start a search session (P7): by casebase and release type, or from a session article. */
export interface StartSearchRequest {
  /** The casebase (topic) to search. */
  casebaseId: string;
  /** The live release (true, the default) or the authoring one (false). */
  useLiveRelease?: boolean;
  /** Start from a guided-help session article (its parameters come with it). */
  ghsArticleId?: string;
  /** Profile of the session; the portal's default profile when absent. */
  profileId?: string;
  /** Answers already known, given at start. */
  questions?: AnsweredQuestionInput[];
  /** Variables of the session, as the portal's guided-help API takes them. */
  sessionVariables?: SessionVariable[];
}

/** Go one step further in a search session: the customer's new answers. */
export interface StepSearchRequest {
  /** The casebase of the session. */
  casebaseId: string;
  /** Profile of the session; the portal's default when absent. */
  profileId?: string;
  /** The new answers only: the portal keeps the earlier ones. */
  questions: AnsweredQuestionInput[];
}

/** Accept or reject one solution (a case of caseSearch). */
export interface SolutionDecisionRequest {
  /** The solution's case id. */
  caseId: string;
  /** Name of the solution, as the portal gave it. */
  name?: string;
  /** Profile of the session; the portal's default when absent. */
  profileId?: string;
}

/** Save the session in progress as a quickpick, to resume later. */
export interface CreateQuickpickRequest {
  /** The casebase of the session. */
  casebaseId: string;
  /** The release the session runs on: quickpicks exist for live releases only (P5). */
  casebaseReleaseId: string;
  /** Unique per save, so the implementation can find the id the portal gave it. */
  name: string;
  /** A note kept with the quickpick. */
  comment?: string;
}

/** Resume a saved session. */
export interface ResumeQuickpickRequest {
  /** The casebase of the saved session. */
  casebaseId: string;
  /** The quickpick's id, as `createQuickpick` returned it. */
  quickpickId: string;
}

/** A topic the customer may pick: a casebase and its live release. */
export interface CasebaseSummary {
  /** The casebase's id. */
  casebaseId: string;
  /** Its live release, when it has one. */
  releaseId?: string;
  /** Its name, in the call's language. */
  name: string;
  /** The release's status, as the portal gives it. */
  status?: string;
}

/**
 * The portal as the guided-help dialog uses it (a port): `PortalManagerGuidedHelpPortal` over the
 * real portal manager client, or a double in tests. Every call names the conversation it is made
 * for and its language.
 */
export interface GuidedHelpPortal {
  /**
   * Starts a search session.
   *
   * @param req - the casebase, release, profile and known answers
   * @param call - the conversation and its language
   * @returns the portal's answer: the question asked and the solutions found
   */
  start(req: StartSearchRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse>;
  /**
   * Goes one step further with the customer's new answers.
   *
   * @param req - the casebase, profile and new answers
   * @param call - the conversation and its language
   * @returns the portal's answer
   */
  step(req: StepSearchRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse>;
  /**
   * Tells the portal the customer accepted a solution.
   *
   * @param req - the solution
   * @param call - the conversation and its language
   */
  accept(req: SolutionDecisionRequest, call: PortalCallContext): Promise<void>;
  /**
   * Tells the portal the customer rejected a solution.
   *
   * @param req - the solution
   * @param call - the conversation and its language
   */
  reject(req: SolutionDecisionRequest, call: PortalCallContext): Promise<void>;
  /**
   * Creates a quickpick for the session in progress and returns its id.
   *
   * @param req - the session's casebase and release, and the quickpick's name
   * @param call - the conversation and its language
   */
  createQuickpick(req: CreateQuickpickRequest, call: PortalCallContext): Promise<{ quickpickId: string }>;
  /**
   * Restores a quickpick; the implementation starts the session it needs first (4.5 precondition).
   *
   * @param req - the quickpick
   * @param call - the conversation and its language
   */
  resumeQuickpick(req: ResumeQuickpickRequest, call: PortalCallContext): Promise<GuidedHelpSearchResponse>;
  /**
   * The casebases with a live release: the topics a customer may pick.
   *
   * @param call - the conversation and its language
   */
  listCasebases(call: PortalCallContext): Promise<CasebaseSummary[]>;
}
