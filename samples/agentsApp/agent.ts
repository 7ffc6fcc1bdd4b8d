/**
 * An agent written on the Microsoft 365 Agents SDK alone, as its own samples write one: an
 * AgentApplication with routes for the conversation's new members and for messages, and a counter
 * kept in the conversation's TurnState. Nothing here knows about the conversation hub.
 */
import { ActivityTypes } from '@microsoft/agents-activity';
import { AgentApplication, MemoryStorage, TurnState, type TurnContext } from '@microsoft/agents-hosting';

export const agentApp = new AgentApplication<TurnState>({ storage: new MemoryStorage() });

// AgentApplication 1.8 writes the TurnState back after a turn only when an afterTurn handler agrees.
agentApp.onTurn('afterTurn', async () => true);

agentApp.onConversationUpdate('membersAdded', async (context: TurnContext) => {
  for (const member of context.activity.membersAdded ?? []) {
    if (member.id !== context.activity.recipient?.id) await context.sendActivity('Hello! I repeat what you say, and count. Say "reset" to start again.');
  }
});

agentApp.onMessage('reset', async (context: TurnContext, state: TurnState) => {
  state.deleteConversationState();
  await context.sendActivity('The count starts again.');
});

agentApp.onActivity(ActivityTypes.Message, async (context: TurnContext, state: TurnState) => {
  const count = ((state.getValue('conversation.count') as number | undefined) ?? 0) + 1;
  state.setValue('conversation.count', count);
  await context.sendActivity(`[${count}] You said: ${context.activity.text}`);
});
