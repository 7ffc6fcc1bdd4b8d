/**
 * The guided-help dialog as an xstate 5 machine (B3). It starts a portal search session (by
 * casebase, by session article, or from a quickpick), asks each unanswered question, checks
 * typed answers before any call, steps, offers the solutions best first, accepts or rejects
 * them as the casebase's searchSettings say (P10), saves quickpicks on live releases (P5), and
 * hands the customer to an agent when asked, when nothing is left, or when the portal keeps
 * failing. Portal calls are invoked promise actors (guidedHelpActors.ts).
 *
 * It renders nothing: it emits GuidedHelpOutput events for a renderer. States tagged `stable`
 * wait for the customer; only those are persisted (an invoked call is never in a snapshot).
 * Inactivity is a deadline in the context: `after` drives it while an actor lives, and TICK
 * events drive it after a restore, since delayed events are not part of persisted snapshots.
 */
import { assign, emit } from 'xstate';
import { afterSearch, callOf, firstMessageAnswers, initialContext, offeredSolution, parseResumeCode, resumeCode } from './guidedHelpLogic.js';
import { guidedHelpSetup } from './guidedHelpSetup.js';
import { DEFAULT_GUIDED_HELP_SETTINGS, type GuidedHelpContext, type GuidedHelpSettings } from './guidedHelpTypes.js';

/** Stored beside every snapshot: a snapshot of another version is not restored (the dialog starts over). */
export const GUIDED_HELP_MACHINE_VERSION = 1;

/**
 * Makes the guided-help state machine (xstate) with the given settings; provide its portal actors
 * to run it. `GuidedHelpDialog` does this for you.
 *
 * @param overrides - timing and patience, over the defaults
 */
export function createGuidedHelpMachine(overrides: Partial<GuidedHelpSettings> = {}) {
  const settings: GuidedHelpSettings = { ...DEFAULT_GUIDED_HELP_SETTINGS, ...overrides };

  /** Inactivity in a stable state: reminder (and the prompt again), then the end. */
  const inactivity = (self: string) => ({
    after: {
      inactivity: [
        { guard: 'reminded' as const, target: '#guidedHelp.ended', actions: 'endForInactivity' as const },
        { target: self, reenter: true, actions: ['remind' as const, { type: 'say' as const, params: { key: 'reminder' as const } }] },
      ],
    },
    tick: [
      { guard: 'endDue' as const, target: '#guidedHelp.ended', actions: 'endForInactivity' as const },
      { guard: 'reminderDue' as const, target: self, reenter: true, actions: ['remind' as const, { type: 'say' as const, params: { key: 'reminder' as const } }] },
    ],
  });
  const failed = (retryTarget: string) => [
    { guard: 'retryLater' as const, target: retryTarget, actions: ['countFailure' as const, { type: 'say' as const, params: { key: 'portalTrouble' as const } }] },
    { target: '#guidedHelp.escalated', actions: { type: 'escalate' as const, params: { reason: 'portalFailure' as const } } },
  ];
  const asking = inactivity('#guidedHelp.session.asking');
  const offering = inactivity('#guidedHelp.session.offering');
  const askingMore = inactivity('#guidedHelp.session.askingMore');

  return guidedHelpSetup(settings).createMachine({
    id: 'guidedHelp',
    context: ({ input }) => initialContext(input),
    initial: 'idle',
    states: {
      idle: {
        tags: 'stable',
        on: {
          START: {
            target: 'starting',
            actions: [
              'noteActivity',
              assign(({ event }) => ({
                starting: {
                  req: {
                    casebaseId: event.casebaseId,
                    useLiveRelease: event.useLiveRelease ?? true,
                    ...(event.articleId ? { ghsArticleId: event.articleId } : {}),
                    ...(event.answers?.length ? { questions: event.answers } : {}),
                  },
                  ...(event.initialText ? { text: event.initialText } : {}),
                },
              })),
            ],
          },
          RESUME: [
            { guard: 'validResumeCode', target: 'resuming', actions: ['noteActivity', assign(({ event }) => ({ resumeOf: parseResumeCode(event.code) }))] },
            { actions: ['noteActivity', { type: 'say', params: { key: 'resumeCodeInvalid' } }] },
          ],
          AGENT: { target: 'escalated', actions: ['noteActivity', { type: 'escalate', params: { reason: 'customer' } }] },
          TEXT: { actions: ['noteActivity', { type: 'say', params: { key: 'noSession' } }] },
          SAVE: { actions: ['noteActivity', { type: 'say', params: { key: 'saveUnavailable' } }] },
        },
      },
      starting: {
        invoke: {
          src: 'startSearch',
          input: ({ context }) => ({ req: { ...context.starting!.req, ...(context.profileId ? { profileId: context.profileId } : {}) }, call: callOf(context) }),
          onDone: [
            {
              guard: ({ context, event }) => firstMessageAnswers(context, event.output) !== undefined,
              target: 'session.stepping',
              actions: assign(({ context, event }) => ({ ...afterSearch(context, event.output, context.starting!.req.casebaseId), pending: firstMessageAnswers(context, event.output) })),
            },
            { target: 'session', actions: assign(({ context, event }) => afterSearch(context, event.output, context.starting!.req.casebaseId)) },
          ],
          onError: failed('#guidedHelp.idle'),
        },
      },
      resuming: {
        invoke: {
          src: 'resumeQuickpick',
          input: ({ context }) => ({ req: context.resumeOf!, call: callOf(context) }),
          onDone: {
            target: 'session',
            actions: [assign(({ context, event }) => afterSearch(context, event.output, context.resumeOf!.casebaseId)), { type: 'say', params: { key: 'resumed' } }],
          },
          onError: [
            { guard: 'notFound', target: 'idle', actions: [assign({ resumeOf: undefined }), { type: 'say', params: { key: 'resumeNotFound' } }] },
            ...failed('#guidedHelp.idle'),
          ],
        },
      },
      session: {
        initial: 'deciding',
        on: {
          AGENT: { target: 'escalated', actions: ['noteActivity', { type: 'escalate', params: { reason: 'customer' } }] },
        },
        states: {
          deciding: {
            always: [
              { guard: 'offerFirst', target: 'offering', actions: 'pickOffer' },
              { guard: 'hasQuestion', target: 'asking' },
              { guard: 'hasSolution', target: 'offering', actions: 'pickOffer' },
              { target: '#guidedHelp.escalated', actions: { type: 'escalate', params: { reason: 'noSolution' } } },
            ],
          },
          asking: {
            tags: 'stable',
            entry: ['propose', 'emitAsk'],
            after: asking.after,
            on: {
              TICK: asking.tick,
              TEXT: [
                { guard: 'confirmsProposal', target: 'stepping', actions: ['noteActivity', 'takeProposal'] },
                { guard: 'declinesProposal', actions: ['noteActivity', 'declineProposal', 'emitAsk'] },
                { guard: 'validAnswer', target: 'stepping', actions: ['noteActivity', 'echoUnderstood', 'takeAnswer'] },
                { actions: ['noteActivity', 'emitAskWithHint'] },
              ],
              SAVE: [{ guard: 'liveSession', target: 'saving', actions: 'noteActivity' }, { actions: ['noteActivity', { type: 'say', params: { key: 'saveNotLive' } }] }],
              REPEAT: { actions: 'emitAsk' },
            },
          },
          stepping: {
            invoke: {
              src: 'stepSearch',
              input: ({ context }) => ({
                req: { casebaseId: context.session!.casebaseId, ...(context.profileId ? { profileId: context.profileId } : {}), questions: context.pending!.questions },
                call: callOf(context),
              }),
              onDone: { target: 'deciding', actions: assign(({ context, event }) => afterSearch(context, event.output, context.session!.casebaseId)) },
              onError: failed('deciding'),
            },
          },
          offering: {
            tags: 'stable',
            entry: 'emitOffer',
            after: offering.after,
            on: {
              TICK: offering.tick,
              ACCEPT: [{ guard: { type: 'says', params: { yes: true, replay: true } }, target: 'afterAccept', actions: 'noteActivity' }, { target: 'accepting', actions: 'noteActivity' }],
              REJECT: [{ guard: { type: 'says', params: { yes: false, replay: true } }, target: 'afterReject', actions: ['noteActivity', 'markRejected'] }, { target: 'rejecting', actions: 'noteActivity' }],
              TEXT: [
                { guard: { type: 'says', params: { yes: true, replay: true } }, target: 'afterAccept', actions: 'noteActivity' },
                { guard: { type: 'says', params: { yes: true } }, target: 'accepting', actions: 'noteActivity' },
                { guard: { type: 'says', params: { yes: false, replay: true } }, target: 'afterReject', actions: ['noteActivity', 'markRejected'] },
                { guard: { type: 'says', params: { yes: false } }, target: 'rejecting', actions: 'noteActivity' },
                // "3": the offer's third button, the agent, as a bare number picks by position everywhere (U9).
                { guard: 'picksAgentButton', target: '#guidedHelp.escalated', actions: ['noteActivity', { type: 'escalate', params: { reason: 'customer' } }] },
                { actions: ['noteActivity', 'emitOfferHint'] },
              ],
              SAVE: [{ guard: 'liveSession', target: 'saving', actions: 'noteActivity' }, { actions: ['noteActivity', { type: 'say', params: { key: 'saveNotLive' } }] }],
              REPEAT: { actions: 'emitOffer' },
            },
          },
          accepting: {
            invoke: {
              src: 'acceptSolution',
              input: ({ context }) => decisionInput(context),
              onDone: { target: 'afterAccept' },
              // Maybe recorded, maybe not: say so and go on as the customer said, never score twice.
              onError: [{ guard: 'outcomeUnknown', target: 'afterAccept', actions: { type: 'say', params: { key: 'acceptUnknown' } } }, ...failed('deciding')],
            },
          },
          afterAccept: {
            entry: 'markAccepted',
            always: [{ guard: 'closeOnAccept', target: '#guidedHelp.solved', actions: 'endSolved' }, { target: 'askingMore' }],
          },
          askingMore: {
            tags: 'stable',
            entry: 'emitAskMore',
            after: askingMore.after,
            on: {
              TICK: askingMore.tick,
              ACCEPT: { target: 'deciding', actions: ['noteActivity', 'preferQuestions'] },
              REJECT: { target: '#guidedHelp.solved', actions: ['noteActivity', 'endSolved'] },
              TEXT: [
                { guard: { type: 'says', params: { yes: true } }, target: 'deciding', actions: ['noteActivity', 'preferQuestions'] },
                { guard: { type: 'says', params: { yes: false } }, target: '#guidedHelp.solved', actions: ['noteActivity', 'endSolved'] },
                { actions: ['noteActivity', 'emitAskMoreHint'] },
              ],
              REPEAT: { actions: 'emitAskMore' },
            },
          },
          rejecting: {
            invoke: {
              src: 'rejectSolution',
              input: ({ context }) => decisionInput(context),
              onDone: { target: 'afterReject', actions: 'markRejected' },
              onError: [{ guard: 'outcomeUnknown', target: 'afterReject', actions: ['markRejected', { type: 'say', params: { key: 'rejectUnknown' } }] }, ...failed('deciding')],
            },
          },
          afterReject: {
            always: [
              { guard: 'closeOnReject', target: '#guidedHelp.escalated', actions: { type: 'escalate', params: { reason: 'rejectedClosed' } } },
              { target: 'deciding', actions: ['preferQuestions', { type: 'say', params: { key: 'rejectedNext' } }] },
            ],
          },
          saving: {
            invoke: {
              src: 'createQuickpick',
              input: ({ context }) => ({
                req: { casebaseId: context.session!.casebaseId, casebaseReleaseId: context.session!.releaseId!, name: `guided-help ${context.conversationId} ${context.lastAt}` },
                call: callOf(context),
              }),
              onDone: { target: 'deciding', actions: emit(({ context, event }) => ({ type: 'saved' as const, code: resumeCode(context.session!.casebaseId, event.output.quickpickId) })) },
              onError: { target: 'deciding', actions: { type: 'say', params: { key: 'saveFailed' } } },
            },
          },
        },
      },
      escalated: { type: 'final' },
      ended: { type: 'final' },
      solved: { type: 'final' },
    },
  });
}

function decisionInput(context: GuidedHelpContext) {
  const s = offeredSolution(context)!;
  return { req: { caseId: s.caseId, name: s.title, ...(context.profileId ? { profileId: context.profileId } : {}) }, call: callOf(context) };
}

/** The machine with default settings and no portal: provide actors (guidedHelpActors) to run it. */
export const guidedHelpMachine = createGuidedHelpMachine();
/** The guided-help state machine, as `createGuidedHelpMachine` makes it. */
export type GuidedHelpMachine = ReturnType<typeof createGuidedHelpMachine>;
