/**
 * The guided-help machine's implementations: its types, portal actors (unprovided until
 * `provide`), the inactivity delay, guards and actions. The states that wire them together
 * are in guidedHelpMachine.ts. Settings (timeouts, failures allowed) are closed over here,
 * never stored in the context, so they do not weigh on the persisted state.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import { parseYesNo } from './answerParsing.js';
import { unprovidedActors } from './guidedHelpActors.js';
import { answerOf, endDue, isNotFound, isOutcomeUnknown, isTransient, noted, offerOutput, parseResumeCode, pickedOffer, reminded, reminderDue, summaryOf, triedOffered } from './guidedHelpLogic.js';
import { answerRecord } from './searchDigest.js';
import { proposalFor } from './understanding/firstWords.js';
import { understandYesNo } from './understanding/yesNo.js';
import type { EscalationReason, GuidedHelpContext, GuidedHelpEvent, GuidedHelpInput, GuidedHelpOutput, GuidedHelpSettings, SayKey } from './guidedHelpTypes.js';

const yes = (e: GuidedHelpEvent, lang?: string) => e.type === 'ACCEPT' || (e.type === 'TEXT' && parseYesNo(e.text, lang) === 'yes');
const no = (e: GuidedHelpEvent, lang?: string) => e.type === 'REJECT' || (e.type === 'TEXT' && parseYesNo(e.text, lang) === 'no');
const replayed = (e: GuidedHelpEvent) => 'replay' in e && e.replay === true;

export function guidedHelpSetup(settings: GuidedHelpSettings) {
  return setup({
    types: {
      context: {} as GuidedHelpContext,
      events: {} as GuidedHelpEvent,
      input: {} as GuidedHelpInput,
      emitted: {} as GuidedHelpOutput,
    },
    actors: unprovidedActors,
    delays: {
      inactivity: ({ context }) => Math.max(0, context.deadline - context.lastAt),
    },
    guards: {
      reminded: ({ context }) => context.reminded,
      endDue: ({ context, event }) => event.type === 'TICK' && endDue(context, event.at, settings),
      reminderDue: ({ context, event }) => event.type === 'TICK' && reminderDue(context, event.at),
      validResumeCode: ({ event }) => event.type === 'RESUME' && parseResumeCode(event.code) !== undefined,
      validAnswer: ({ context, event }) => answerOf(context, event, settings.answerPositions).ok,
      // Words only, not "1" / "2": with the answers numbered (samples/customRenderer), "2" picks answer 2.
      confirmsProposal: ({ context, event }) => !!context.proposal && event.type === 'TEXT' && understandYesNo(event.text, context.lang) === 'yes',
      declinesProposal: ({ context, event }) => !!context.proposal && event.type === 'TEXT' && understandYesNo(event.text, context.lang) === 'no',
      offerFirst: ({ context }) => !context.preferQuestions && context.solutions.some((s) => s.passed),
      hasQuestion: ({ context }) => context.question !== undefined,
      hasSolution: ({ context }) => context.solutions.length > 0,
      liveSession: ({ context }) => context.session?.live === true && !!context.session.releaseId,
      picksAgentButton: ({ event }) => event.type === 'TEXT' && event.text.trim() === '3',
      says: ({ context, event }, p: { yes: boolean; replay?: boolean }) => (p.yes ? yes(event, context.lang) : no(event, context.lang)) && (p.replay === undefined || replayed(event) === p.replay),
      closeOnAccept: ({ context }) => context.session?.closeOnAccept === true,
      closeOnReject: ({ context }) => context.session?.closeOnReject === true,
      retryLater: ({ context, event }) => 'error' in event && isTransient(event.error) && context.failures + 1 < settings.maxPortalFailures,
      notFound: ({ event }) => 'error' in event && isNotFound(event.error),
      // The platform may or may not have recorded the call; it was not repeated (R5).
      outcomeUnknown: ({ event }) => 'error' in event && isOutcomeUnknown(event.error),
    },
    actions: {
      noteActivity: assign(({ context, event }) => noted(context, event, settings)),
      remind: assign(({ context, event }) => reminded(context, event, settings)),
      countFailure: assign(({ context }) => ({ failures: context.failures + 1, pending: undefined, starting: undefined, resumeOf: undefined })),
      say: emit((_, p: { key: SayKey }) => ({ type: 'say' as const, key: p.key })),
      escalate: emit(({ context }, p: { reason: EscalationReason }) => ({ type: 'escalate' as const, reason: p.reason, summary: summaryOf(context) })),
      endForInactivity: emit({ type: 'end' as const, reason: 'inactivity' as const }),
      endSolved: emit({ type: 'end' as const, reason: 'solved' as const }),
      emitAsk: emit(({ context }) => ({ type: 'ask' as const, question: context.question!, ...(context.proposal ? { proposal: context.proposal.shown } : {}) })),
      emitAskWithHint: emit(({ context, event }) => {
        const parsed = answerOf(context, event, settings.answerPositions);
        return { type: 'ask' as const, question: context.question!, ...(parsed.ok ? {} : { hint: parsed.hint, ...(parsed.candidates ? { candidates: parsed.candidates } : {}) }) };
      }),
      // The customer's own words (B6): say what was understood, propose what the first message said.
      echoUnderstood: enqueueActions(({ context, event, enqueue }) => {
        const parsed = answerOf(context, event, settings.answerPositions);
        if (parsed.ok && parsed.understood) enqueue.emit({ type: 'understood' as const, text: parsed.shown });
      }),
      propose: assign(({ context }) => ({ proposal: proposalFor(context) })),
      takeProposal: assign(({ context }) => ({
        pending: { questions: [context.proposal!.input], records: [answerRecord(context.question!.title, context.proposal!.shown)] },
        proposal: undefined,
      })),
      declineProposal: assign(({ context }) => ({ proposal: undefined, declined: [...(context.declined ?? []), context.question!.id] })),
      pickOffer: assign(({ context }) => pickedOffer(context)),
      emitOffer: emit(({ context }) => offerOutput(context)),
      emitOfferHint: emit(({ context }) => ({ ...offerOutput(context), hint: 'yesNo' as const })),
      emitAskMore: emit({ type: 'askMore' as const }),
      emitAskMoreHint: emit({ type: 'askMore' as const, hint: 'yesNo' as const }),
      takeAnswer: assign(({ context, event }) => {
        const parsed = answerOf(context, event, settings.answerPositions);
        if (!parsed.ok) return {};
        return { pending: { questions: [parsed.input], records: [answerRecord(context.question!.title, parsed.shown)] } };
      }),
      markAccepted: assign(({ context }) => triedOffered(context, true)),
      markRejected: assign(({ context }) => triedOffered(context, false)),
      preferQuestions: assign({ preferQuestions: true }),
    },
  });
}
