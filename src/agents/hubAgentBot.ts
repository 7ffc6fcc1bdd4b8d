/**
 * hubAgentBot: an Agents SDK agent (an AgentApplication, an Agents ActivityHandler, anything with
 * `run(context)`) as the bot of the hub bot server (G1, G2). It plugs into the same `bot` option
 * as a botbuilder bot: startHubBotServer, createHubBot, startLocalStack and `hubbot start --bot`
 * take it as they are, so the callback route, authentication, token endpoint, inbox, worker,
 * outbox and sender checks are the server's own.
 */
import type { TurnContext } from '@microsoft/agents-hosting';
import type { HubAdapter } from '../adapter/hubAdapter.js';
import type { BotDependencies, RunnableBot } from '../server/hubBotServer.js';
import { HubAgentsAdapter } from './hubAgentsAdapter.js';

/** What the server runs: AgentApplication and ActivityHandler of the Agents SDK both are one. */
export interface RunnableAgent {
  /**
   * Runs one turn of the agent.
   *
   * @param context - the Agents SDK's turn context
   */
  run(context: TurnContext): Promise<unknown>;
}

/**
 * What an agent factory is given: the server's dependencies, with the Agents SDK adapter (for
 * proactive messages: `adapter.continueConversation`) and the botbuilder HubAdapter under it
 * (for scheduled events, `hubAdapter.scheduleEvent`). `storage` satisfies the Agents SDK's Storage.
 */
export interface AgentDependencies extends Omit<BotDependencies, 'adapter'> {
  /** The Agents SDK adapter, for proactive messages (`continueConversation`). */
  adapter: HubAgentsAdapter;
  /** The botbuilder HubAdapter under it, for scheduled events (`scheduleEvent`). */
  hubAdapter: HubAdapter;
}

/** Builds an agent from the server's dependencies; called once, at start. */
export type AgentFactory = (deps: AgentDependencies) => RunnableAgent;

/**
 * Makes an Agents SDK agent the bot of the hub bot server: pass the result as the `bot` option of
 * `startHubBotServer`, `createHubBot` or `startLocalStack`. The server's callback route,
 * authentication, inbox, worker, outbox and sender checks serve it as they serve a botbuilder bot.
 *
 * @param agent - an agent built beforehand (an AgentApplication, say), or a factory that builds one
 * from the server's dependencies
 * @returns the server's `bot` option
 */
export function hubAgentBot(agent: RunnableAgent | AgentFactory): (deps: BotDependencies) => RunnableBot {
  return (deps) => {
    const adapter = new HubAgentsAdapter(deps.adapter);
    const runnable = typeof agent === 'function' ? agent({ ...deps, adapter, hubAdapter: deps.adapter }) : agent;
    return { run: (context) => adapter.runTurn(context, async (agentContext) => void (await runnable.run(agentContext))) };
  };
}
