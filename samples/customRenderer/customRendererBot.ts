/**
 * The ready guided-help bot with the numbered-list renderer: the dialog, commands, languages
 * and persistence are the bot's own; only how questions look changes.
 */
import type { Storage } from 'botbuilder-core';
import { GuidedHelpBot } from 'botbuilder-adapter-conversation-hub/bots';
import type { GuidedHelpPortal } from 'botbuilder-adapter-conversation-hub/dialogs';
import { NumberedListRenderer } from './numberedListRenderer.js';

export function createCustomRendererBot(storage: Storage, portal: GuidedHelpPortal): GuidedHelpBot {
  // Every question's answers are numbered here, so a bare "2" picks the second everywhere (U3).
  return new GuidedHelpBot({ storage, portal, renderer: new NumberedListRenderer(), settings: { answerPositions: 'all' } });
}
