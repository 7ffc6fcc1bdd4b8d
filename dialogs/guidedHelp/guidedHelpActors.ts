/**
 * The portal calls of the guided-help machine, as promise actors. The machine is defined with
 * `unprovidedActors` (each fails plainly) and gets real ones with
 * `machine.provide({ actors: guidedHelpActors(portal) })`; tests provide their own stubs the
 * same way, and can then tell whether a call was made at all.
 */
import { fromPromise } from 'xstate';
import type { GuidedHelpSearchResponse } from '../../src/schemas/guidedHelp.js';
import type {
  CreateQuickpickRequest,
  GuidedHelpPortal,
  PortalCallContext,
  ResumeQuickpickRequest,
  SolutionDecisionRequest,
  StartSearchRequest,
  StepSearchRequest,
} from './guidedHelpPortal.js';

export interface CallInput<R> {
  req: R;
  call: PortalCallContext;
}

function unprovided<O, R>(name: string) {
  return fromPromise<O, CallInput<R>>(async () => {
    throw new Error(`guided help: no portal was provided for ${name} (use guidedHelpActors(portal))`);
  });
}

export const unprovidedActors = {
  startSearch: unprovided<GuidedHelpSearchResponse, StartSearchRequest>('startSearch'),
  stepSearch: unprovided<GuidedHelpSearchResponse, StepSearchRequest>('stepSearch'),
  acceptSolution: unprovided<void, SolutionDecisionRequest>('acceptSolution'),
  rejectSolution: unprovided<void, SolutionDecisionRequest>('rejectSolution'),
  createQuickpick: unprovided<{ quickpickId: string }, CreateQuickpickRequest>('createQuickpick'),
  resumeQuickpick: unprovided<GuidedHelpSearchResponse, ResumeQuickpickRequest>('resumeQuickpick'),
};

/** The machine's actors over a portal port. */
export function guidedHelpActors(portal: GuidedHelpPortal) {
  return {
    startSearch: fromPromise<GuidedHelpSearchResponse, CallInput<StartSearchRequest>>(({ input }) => portal.start(input.req, input.call)),
    stepSearch: fromPromise<GuidedHelpSearchResponse, CallInput<StepSearchRequest>>(({ input }) => portal.step(input.req, input.call)),
    acceptSolution: fromPromise<void, CallInput<SolutionDecisionRequest>>(({ input }) => portal.accept(input.req, input.call)),
    rejectSolution: fromPromise<void, CallInput<SolutionDecisionRequest>>(({ input }) => portal.reject(input.req, input.call)),
    createQuickpick: fromPromise<{ quickpickId: string }, CallInput<CreateQuickpickRequest>>(({ input }) => portal.createQuickpick(input.req, input.call)),
    resumeQuickpick: fromPromise<GuidedHelpSearchResponse, CallInput<ResumeQuickpickRequest>>(({ input }) => portal.resumeQuickpick(input.req, input.call)),
  };
}
