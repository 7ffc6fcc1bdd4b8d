/**
 * A bot developer's project on the Microsoft 365 Agents SDK: an AgentApplication written as the
 * SDK's samples write one, on the hub through the package's `/agents` entry (G1, G2). Compiled and
 * run by the consumer test once the optional peers are installed; prints one JSON line with what
 * the customer received.
 */
import { ActivityTypes } from '@microsoft/agents-activity';
import { AgentApplication, MemoryStorage, TurnState } from '@microsoft/agents-hosting';
import { hubAgentBot } from 'botbuilder-adapter-conversation-hub/agents';
import { chatOnEmulator } from './consumerHarness.js';

const app = new AgentApplication<TurnState>({ storage: new MemoryStorage() });
app.onActivity(ActivityTypes.Message, async (context) => {
  await context.sendActivity(`agent says: ${context.activity.text}`);
});

await chatOnEmulator(hubAgentBot(app), async (customer) => {
  await customer.say('hello from an agent consumer');
  console.log(JSON.stringify({ texts: await customer.receivedTexts(1) }));
});
