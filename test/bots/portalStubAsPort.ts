/**
 * A GuidedHelpPortal answering from fixed search responses: two questions, then the second
 * one alone. For bot tests that are not about the portal.
 */
import type { GuidedHelpPortal } from '../../dialogs/guidedHelp/guidedHelpPortal.js';
import { question, searchResponse } from '../dialogs/guidedHelpFixtures.js';

export function portalStubAsPort(): GuidedHelpPortal {
  const first = searchResponse({ questions: [question('1001', 'radioButton'), question('1002', 'dropdown')] });
  return {
    start: async () => first,
    step: async () => searchResponse({ questions: [question('1002', 'dropdown')] }),
    accept: async () => {},
    reject: async () => {},
    createQuickpick: async () => ({ quickpickId: '77' }),
    resumeQuickpick: async () => first,
    listCasebases: async () => [{ casebaseId: '101', name: 'Home internet' }],
  };
}
