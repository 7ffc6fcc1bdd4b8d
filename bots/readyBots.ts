// The ready bots by name (documented on the table).
import type { BotDependencies, RunnableBot } from '../src/server/hubBotServer.js';
import { EchoBot } from './echoBot.js';
import { createReadyGuidedHelpBot } from './guidedHelpReadyBot.js';

/**
 * The ready bots by name, as `hubbot start --bot NAME` and the tests pick them. Each entry
 * builds its bot from the dependencies the bot server hands over.
 * `summary` says what a bot does (`hubbot start --help` lists it); `create` builds it.
 */
export const READY_BOTS: Record<string, { summary: string; create: (deps: BotDependencies) => RunnableBot }> = {
  'guided-help': { summary: 'troubleshooting dialogs over the knowledge portal (PORTAL_ID)', create: createReadyGuidedHelpBot },
  echo: { summary: 'echoes what the customer says (quick start)', create: (deps) => new EchoBot(deps.storage) },
};

/** The ready bot `hubbot start` runs when none is named: the guided-help bot. */
export const DEFAULT_BOT = 'guided-help';
