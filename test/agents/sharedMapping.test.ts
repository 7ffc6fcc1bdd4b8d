import { expect } from 'chai';
import * as botbuilder from 'botbuilder-core';
import * as agents from '@microsoft/agents-hosting';
import { Activity } from '@microsoft/agents-activity';
import { activityFromHubMessage } from '../../src/adapter/activityFromHubMessage.js';
import { hubMessagesFromActivity } from '../../src/adapter/hubMessagesFromActivity.js';
import { agentsActivityOf, hubActivityOf, hubReferenceOf } from '../../src/agents/agentsActivity.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';

const address = { conversationId: 'c1', botId: 'bot-1', serviceUrl: 'http://hub' };
const out = { conversationId: 'c1', senderType: 'custom_bot' as const, senderId: 'bot-1' };
const msg = (type: string, content: Record<string, unknown> = {}): HubMessage => ({
  id: 'm1',
  sender: { type: 'customer', id: 'cust-1', name: 'Ada' },
  type: { value: type },
  content,
  conversation: { id: 'c1', account: { address: 'acct' } },
  language: 'fr-CA',
});
const link = { type: 'openUrl', title: 'Open', value: 'https://kb/KB-1' };

describe('one mapping for botbuilder and the Agents SDK', () => {
  it('[G3] what each SDK\'s MessageFactory and CardFactory build maps to the same hub messages', () => {
    const pairs: [Partial<botbuilder.Activity>, Activity][] = [
      [botbuilder.MessageFactory.text('hi'), agents.MessageFactory.text('hi')],
      [botbuilder.MessageFactory.suggestedActions(['Yes', 'No'], 'Continue?'), agents.MessageFactory.suggestedActions(['Yes', 'No'], 'Continue?')],
      [botbuilder.MessageFactory.attachment(botbuilder.CardFactory.heroCard('Guide', 'KB-1', [], [link])), agents.MessageFactory.attachment(agents.CardFactory.heroCard('Guide', 'KB-1', [], [link]))],
      [
        botbuilder.MessageFactory.list([botbuilder.CardFactory.heroCard('A'), botbuilder.CardFactory.heroCard('B')], 'Pick'),
        agents.MessageFactory.list([agents.CardFactory.heroCard('A'), agents.CardFactory.heroCard('B')], 'Pick'),
      ],
    ];
    for (const [fromBotbuilder, fromAgents] of pairs) {
      const expected = hubMessagesFromActivity(fromBotbuilder, out);
      expect(expected.length).to.equal(1);
      expect(hubMessagesFromActivity(fromAgents, out)).to.deep.equal(expected);
      // And through the Agents adapter's hand-over to the HubAdapter's turn.
      expect(hubMessagesFromActivity(hubActivityOf(fromAgents), out)).to.deep.equal(expected);
    }
    expect(hubMessagesFromActivity(agents.MessageFactory.suggestedActions(['Yes'], 'Q?'), out)[0].type.value).to.equal('richMessage.quickreply');
  });

  it('[G3] a hub message\'s activity passes the Agents SDK\'s schema and keeps every field the bot reads', () => {
    for (const type of ['text', 'typing.start', 'conversation.end', 'agent.join', 'customer.info', 'customer.inactive']) {
      const hub = activityFromHubMessage(msg(type, { text: 'hello' }), address)!;
      const activity = agentsActivityOf(hub);
      expect(activity).to.be.instanceOf(Activity);
      expect([activity.type, activity.id, activity.channelId, activity.locale, activity.text, activity.name], type).to.deep.equal([hub.type, hub.id, hub.channelId, hub.locale, hub.text, hub.name]);
      expect(activity.from, type).to.deep.include({ id: 'cust-1', name: 'Ada', role: 'user' });
      expect(activity.recipient?.id, type).to.equal('bot-1');
      expect(activity.conversation?.id, type).to.equal('c1');
      expect(activity.channelData, type).to.deep.equal(hub.channelData);
    }
    // The Agents SDK refuses the empty name botbuilder requires: left out, not turned into another value.
    expect(agentsActivityOf(activityFromHubMessage(msg('text'), address)!).conversation).not.to.have.property('name');
  });

  it('[G3] an Agents SDK conversation reference is the HubAdapter\'s, with its agent as the bot', () => {
    const reference = agentsActivityOf(activityFromHubMessage(msg('text', { text: 'x' }), address)!).getConversationReference();
    const hub = hubReferenceOf(reference);
    expect(hub.bot?.id).to.equal('bot-1');
    expect(hub.conversation?.id).to.equal('c1');
    expect(hub).not.to.have.property('agent');
  });
});
