/**
 * A scripted portal of eleven list questions with realistic titles and answers: each step
 * answers one and the response lists every answer so far, as a portal does. Used to measure
 * the stored state after ten answered questions (test and bench).
 */
import { fromPromise } from 'xstate';
import type { CallInput } from '../../dialogs/guidedHelp/guidedHelpActors.js';
import type { StartSearchRequest, StepSearchRequest } from '../../dialogs/guidedHelp/guidedHelpPortal.js';
import { guidedHelpSearchResponseSchema, parseGuidedHelpBody, type GuidedHelpSearchResponse } from '../../src/schemas/guidedHelp.js';

const QUESTIONS = 11;

function q(i: number) {
  const id = String(3000 + i);
  return {
    id,
    shortName: `symptom_${i}`,
    title: `Question number ${i}: which of these best describes what you see now?`,
    type: 'list',
    format: i % 2 ? 'radioButton' : 'dropdown',
    validAnswer: [1, 2, 3, 4].map((k) => ({ id: `${id}${k}`, text: `Answer ${k} of question ${i}, a typical length` })),
    metadata: [{ title: 'Tip', additionalInformation: 'Look at the device before answering.' }],
  };
}

function response(answered: number): GuidedHelpSearchResponse {
  const all = Array.from({ length: QUESTIONS }, (_, i) => q(i + 1));
  return parseGuidedHelpBody(guidedHelpSearchResponseSchema, {
    casebase: { casebaseId: '101', id: '1011', status: 'live', searchSettings: { closeSessionOnAccept: true, closeSessionOnReject: false } },
    unansweredQuestion: all.slice(answered),
    answeredQuestion: all.slice(0, answered).map((x) => ({ ...x, answerSource: 'user', previousAnswer: [{ id: `${x.id}2`, text: x.validAnswer[1].text }] })),
    caseSearch: [1, 2, 3].map((k) => ({ caseId: String(5000 + k), title: `A possible solution number ${k} with a long descriptive title`, score: 10 * k, passedThresholdValue: false })),
    actionSearch: [1, 2, 3].map((k) => ({ actionId: String(7000 + k), caseId: String(5000 + k), name: `How-to article ${k}`, articleId: `KB-1000${k}`, type: 'article' })),
  });
}

export function tenQuestionPortal() {
  let answered = 0;
  return {
    steps: () => answered,
    actors: {
      startSearch: fromPromise<GuidedHelpSearchResponse, CallInput<StartSearchRequest>>(async () => response(0)),
      stepSearch: fromPromise<GuidedHelpSearchResponse, CallInput<StepSearchRequest>>(async () => response(++answered)),
    },
  };
}
