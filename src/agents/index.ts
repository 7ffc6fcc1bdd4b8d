/**
 * The `/agents` entry: bots written on the Microsoft 365 Agents SDK join the hub (G1-G4 of
 * docs/platform-contract.md). Only this entry loads `@microsoft/agents-hosting` and
 * `@microsoft/agents-activity`, optional peer dependencies of the package (G4).
 */
export { HubAgentsAdapter } from './hubAgentsAdapter.js';
export { hubAgentBot, type AgentDependencies, type AgentFactory, type RunnableAgent } from './hubAgentBot.js';
export { agentsActivityOf, hubActivityOf, hubReferenceOf } from './agentsActivity.js';
