/**
 * The agent on the conversation hub: `hubbot start --bot samples/agentsApp/index.ts` runs it on
 * the local emulator, and `startHubBotServer({ config, bot })` with this default export against
 * a platform. The agent itself (agent.ts) is unchanged Agents SDK code.
 */
import { hubAgentBot } from 'botbuilder-adapter-conversation-hub/agents';
import { agentApp } from './agent.js';

export default hubAgentBot(agentApp);
