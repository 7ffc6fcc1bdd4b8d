/**
 * The guided-help machine's vocabulary: the events a bot sends it, the outputs it emits for a
 * renderer to turn into messages, its context (what is persisted per conversation) and its
 * settings. The machine renders no text itself, so a sample can replace the renderer and keep
 * the dialog.
 */
import type { AnsweredQuestionInput } from '../../src/schemas/guidedHelpRequests.js';
import { DEFAULT_ANSWER_POSITIONS, type AnswerHint, type AnswerPositions } from './answerParsing.js';
import type { AnswerOption, AskedQuestion } from './askedQuestion.js';
import type { AnswerRecord, OfferedSolution, SessionInfo } from './searchDigest.js';
import type { StartSearchRequest } from './guidedHelpPortal.js';

/** Every event carries the time it happened (ms since epoch) and, from a customer, the inbound activity id. */
export interface At {
  /** When it happened, in ms since the epoch. */
  at: number;
  /** The inbound activity it came from, to recognise a turn run twice. */
  activityId?: string;
}

/**
 * What can happen to a guided-help dialog: it starts or resumes, the customer answers, accepts or
 * rejects a solution, asks for an agent or to save, time passes, or the prompt is to be said again.
 */
export type GuidedHelpEvent =
  | (At & {
      type: 'START';
      casebaseId: string;
      /** false: the authoring release; default: the live one. */
      useLiveRelease?: boolean;
      /** Start from a guided-help session article instead. */
      articleId?: string;
      /** Answers already known (from channelData or configuration), sent with the start. */
      answers?: AnsweredQuestionInput[];
      /** The customer's first message: startup questions it already answers are not asked. */
      initialText?: string;
    })
  | (At & { type: 'RESUME'; code: string })
  | (At & { type: 'TEXT'; text: string; replay?: boolean })
  | (At & { type: 'ACCEPT'; replay?: boolean })
  | (At & { type: 'REJECT'; replay?: boolean })
  | (At & { type: 'AGENT' })
  | (At & { type: 'SAVE' })
  /** Time passes: fires the inactivity reminder or end whose deadline is due. */
  | { type: 'TICK'; at: number }
  /** Say the current prompt again (a turn processed twice re-sends its prompt, nothing else). */
  | { type: 'REPEAT'; at: number };

/**
 * The texts the dialog says outside questions and solutions (reminders, portal trouble, save and
 * resume outcomes ...).
 */
export type SayKey =
  | 'reminder'
  | 'portalTrouble'
  | 'rejectedNext'
  | 'saveNotLive'
  | 'saveUnavailable'
  | 'saveFailed'
  | 'acceptUnknown'
  | 'rejectUnknown'
  | 'resumed'
  | 'resumeNotFound'
  | 'resumeCodeInvalid'
  | 'noSession';

/**
 * Why the dialog hands the customer to an agent: they asked, no solution was found, the portal kept
 * failing, or every solution was rejected.
 */
export type EscalationReason = 'customer' | 'noSolution' | 'portalFailure' | 'rejectedClosed';

/** A solution the customer accepted or rejected, as the agent's summary lists it. */
export interface TriedSolution {
  /** The solution's case id. */
  id: string;
  /** Its title, cut short. */
  t: string;
  /** Accepted (true) or rejected (false). */
  ok: boolean;
  /** Ids of the solution's articles (at most a few), for the agent to open (H3). */
  a?: string[];
}

/** What goes with a handover for the agent's first glance (H3). */
export interface EscalationSummary {
  /** The questions answered so far, with their answers. */
  answers: AnswerRecord[];
  /** The solutions accepted or rejected. */
  tried: TriedSolution[];
  /** The solution on offer when the customer left it unanswered, if any. */
  offered?: Omit<TriedSolution, 'ok'>;
  /** The conversation's language (the portal's Accept-Language, e.g. fr-FR). */
  lang?: string;
  /** The transcript's id: the conversation id (hubbot transcript <id>). */
  transcript?: string;
}

/**
 * What the dialog asks the bot to say: a question, what it understood, a solution on offer, whether
 * to go on, a fixed text, a saved session's code, an escalation with its summary, or the end.
 */
export type GuidedHelpOutput =
  /**
   * `candidates`: the answers the customer's words are close to, to pick from (B6);
   * `proposal`: the answer the first message gave, for a one-tap confirmation (yes / no).
   */
  | { type: 'ask'; question: AskedQuestion; hint?: AnswerHint; candidates?: AnswerOption[]; proposal?: string }
  /** What was understood from the customer's own words ("Printers: got it"), before going on (B6). */
  | { type: 'understood'; text: string }
  | { type: 'offer'; solution: OfferedSolution; rank: number; count: number; hint?: 'yesNo'; countChanged?: boolean }
  | { type: 'askMore'; hint?: 'yesNo' }
  | { type: 'say'; key: SayKey }
  | { type: 'saved'; code: string }
  | { type: 'escalate'; reason: EscalationReason; summary: EscalationSummary }
  | { type: 'end'; reason: 'solved' | 'inactivity' };

/**
 * What a turn of the dialog is given besides its event: the conversation, its language and the
 * profile.
 */
export interface GuidedHelpInput {
  /** The conversation. */
  conversationId: string;
  /** The conversation's language, as the portal's Accept-Language (e.g. en-US, fr-FR). */
  lang: string;
  /** Profile from configuration; the portal's default profile when absent. */
  profileId?: string;
  /** When the turn runs, in ms since the epoch; default now. */
  at?: number;
}

/** Everything here is persisted per conversation: ids and short texts only. */
export interface GuidedHelpContext {
  /** The conversation. */
  conversationId: string;
  /** The conversation's language (the portal's Accept-Language). */
  lang: string;
  /** The guided-help profile of the session. */
  profileId?: string;
  /** The portal session, once started. */
  session?: SessionInfo;
  /** The question to ask (the first unanswered one of the last response). */
  question?: AskedQuestion;
  /** Solutions of the last response, best first, without those already tried. */
  solutions: OfferedSolution[];
  /** caseId of the solution being offered. */
  offered?: string;
  /** The solutions accepted or rejected so far. */
  tried: TriedSolution[];
  /** "n of m" (U3): the m of the solution offered now, and of the one before (a changed m is said). */
  offerCount?: number;
  /** The m of the solution offered before, to say when it changed. */
  previousOfferCount?: number;
  /** The questions answered so far. */
  answers: AnswerRecord[];
  /** After a rejection the next questions come before further solutions. */
  preferQuestions: boolean;
  /** Consecutive portal failures. */
  failures: number;
  /** Inactivity: the deadline (ms since epoch), whether the reminder was sent, and the time of the last event. */
  deadline: number;
  /** Whether the inactivity reminder was sent. */
  reminded: boolean;
  /** When the last event happened, in ms since the epoch. */
  lastAt: number;
  /** The inbound activity whose event this state already includes (a repeat of it is not applied again). */
  lastActivityId?: string;
  /** Only between an event and the portal's answer (never at a persisted, stable state). */
  starting?: { req: StartSearchRequest; text?: string };
  /** The quickpick being resumed, while it is. */
  resumeOf?: { casebaseId: string; quickpickId: string };
  /** Answers sent to the portal and not confirmed yet. */
  pending?: { questions: AnsweredQuestionInput[]; records: AnswerRecord[] };
  /** The customer's first message (cut), kept to propose the answers it gives when their question comes (B6). */
  firstWords?: string;
  /** The answer proposed from the first message for the question being asked, awaiting yes or no. */
  proposal?: { input: AnsweredQuestionInput; shown: string };
  /** Questions whose proposal the customer declined (not proposed again). */
  declined?: string[];
}

/**
 * The dialog's timing and patience: the inactivity reminder and end, and how many portal failures
 * in a row it tolerates.
 */
export interface GuidedHelpSettings {
  /** Silence before the reminder. */
  reminderAfterMs: number;
  /** Silence after the reminder before the session ends. */
  endAfterMs: number;
  /** Consecutive portal failures before the customer is handed to an agent. */
  maxPortalFailures: number;
  /** Where a bare number picks an answer by position (U3, U9): wherever answers are shown in order. */
  answerPositions: AnswerPositions;
}

export const DEFAULT_GUIDED_HELP_SETTINGS: GuidedHelpSettings = {
  reminderAfterMs: 5 * 60_000,
  endAfterMs: 5 * 60_000,
  maxPortalFailures: 2,
  answerPositions: DEFAULT_ANSWER_POSITIONS,
};
