/**
 * The ready bots by name, as `hubbot start --bot NAME` and the tests pick them. Each entry
 * builds its bot from the dependencies the bot server hands over.
 */
import type { BotDependencies, RunnableBot } from '../src/server/hubBotServer.js';
import { EchoBot } from './echoBot.js';
import { createReadyGuidedHelpBot } from './guidedHelpReadyBot.js';

export const READY_BOTS: Record<string, { summary: string; create: (deps: BotDependencies) => RunnableBot }> = {
  'guided-help': { summary: 'troubleshooting dialogs over the knowledge portal (PORTAL_ID)', create: createReadyGuidedHelpBot },
  echo: { summary: 'echoes what the customer says (quick start)', create: (deps) => new EchoBot(deps.storage) },
};

export const DEFAULT_BOT = 'guided-help';
