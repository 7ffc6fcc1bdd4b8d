/**
 * The ready guided-help bot with the numbered-list renderer: the dialog, commands, languages
 * and persistence are the bot's own; only how questions look changes.
 */
import type { Storage } from 'botbuilder-core';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import type { GuidedHelpPortal } from '../../dialogs/guidedHelp/guidedHelpPortal.js';
import { NumberedListRenderer } from './numberedListRenderer.js';

export function createCustomRendererBot(storage: Storage, portal: GuidedHelpPortal): GuidedHelpBot {
  return new GuidedHelpBot({ storage, portal, renderer: new NumberedListRenderer() });
}
