/**
 * The `/dialogs` entry of the package: the guided-help dialog, the pieces a bot developer
 * combines or replaces (the portal port, the renderer, the store), and the texts.
 * Everything else under dialogs/ is internal and may change.
 */
export { GuidedHelpDialog, type GuidedHelpDialogOptions, type GuidedHelpTurn, type DialogState, type DialogStatus } from './guidedHelp/guidedHelpDialog.js';
export { createGuidedHelpMachine, guidedHelpMachine, type GuidedHelpMachine } from './guidedHelp/guidedHelpMachine.js';
export { GuidedHelpStore, type StoredDialog } from './guidedHelp/guidedHelpStore.js';
export type {
  GuidedHelpPortal,
  PortalCallContext,
  StartSearchRequest,
  StepSearchRequest,
  SolutionDecisionRequest,
  CreateQuickpickRequest,
  ResumeQuickpickRequest,
  CasebaseSummary,
} from './guidedHelp/guidedHelpPortal.js';
export { PortalManagerGuidedHelpPortal, type PortalManagerGuidedHelpPortalOptions } from './guidedHelp/portalManagerGuidedHelpPortal.js';
export { withoutDeletedArticles, type DeletedArticleIds } from './guidedHelp/withoutDeletedArticles.js';
export { DefaultGuidedHelpRenderer, hintText, rangeText, summaryText, type GuidedHelpRenderer, type DefaultRendererOptions } from './guidedHelp/guidedHelpRenderer.js';
export { textLanguageOf, portalLanguageOf, message, type TextLanguage, type MessageKey } from './guidedHelp/guidedHelpMessages.js';
export { isChoice, isMulti, askedQuestionOf, type AskedQuestion, type AnswerOption, type NumericInterval } from './guidedHelp/askedQuestion.js';
export { parseAnswer, parseYesNo, type ParsedAnswer, type AnswerHint } from './guidedHelp/answerParsing.js';
export { matchFreeText, type MatchCandidate, type MatchDecision, type MatchOptions } from './guidedHelp/understanding/freeTextMatcher.js';
export { understandYesNo } from './guidedHelp/understanding/yesNo.js';
export { numbersInText, type NumbersInText, type NumberRange } from './guidedHelp/understanding/numbersInText.js';
export { asksForPerson } from './guidedHelp/personRequest.js';
export { SUMMARY_MAX_LENGTH } from './guidedHelp/handoverSummary.js';
export type {
  GuidedHelpOutput,
  GuidedHelpInput,
  GuidedHelpContext,
  GuidedHelpSettings,
  GuidedHelpEvent,
  EscalationReason,
  EscalationSummary,
  TriedSolution,
} from './guidedHelp/guidedHelpTypes.js';
