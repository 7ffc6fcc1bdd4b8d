/**
 * Inbound mapping: a hub message becomes an activity, of botbuilder or of the Agents SDK: the
 * shape is the neutral one of hubActivity.ts, so both adapters share this mapping (G3).
 *
 *   text               → message (its assets as attachments, N5)
 *   typing.start / end → typing (channelData.hubMessage tells which)
 *   customer.info      → event named "customer.info", value = content
 *   conversation.end   → endOfConversation
 *   agent.join         → conversationUpdate with the agent in membersAdded (T4)
 *   other known types  → event named after the type, raw message in channelData
 *   unknown types      → undefined: ignored (spec 1, rule C10)
 */
import { isKnownMessageType } from '../schemas/messageTypes.js';
import type { HubMessage } from '../schemas/hubMessages.js';
import { HUB_CHANNEL_ID } from './hubChannel.js';
import { attachmentsOfHubMessage } from './customerAttachments.js';
import { HubActivityTypes as ActivityTypes, type IncomingHubActivity } from './hubActivity.js';

export interface InboundAddress {
  conversationId: string;
  /** Our participant id on the hub, used as the bot's account id. */
  botId: string;
  /** Base URL of the hub, kept as serviceUrl so references stay meaningful. */
  serviceUrl: string;
}

export function activityFromHubMessage(message: HubMessage, address: InboundAddress): IncomingHubActivity | undefined {
  const type = message.type.value;
  if (!isKnownMessageType(type)) return undefined;
  const channelData: IncomingHubActivity['channelData'] = { hubMessage: message, hubConversation: message.conversation };
  const base: Omit<IncomingHubActivity, 'type'> = {
    channelId: HUB_CHANNEL_ID,
    id: message.id,
    timestamp: message.created ? new Date(message.created) : new Date(),
    serviceUrl: address.serviceUrl,
    conversation: { id: address.conversationId, isGroup: false, conversationType: 'hub', name: '' },
    from: { id: message.sender.id ?? `${message.sender.type}:${address.conversationId}`, name: message.sender.name ?? '', role: message.sender.type === 'customer' ? 'user' : message.sender.type },
    recipient: { id: address.botId, name: 'bot', role: 'bot' },
    locale: message.language,
    channelData,
  };
  switch (type) {
    case 'text': {
      const attachments = attachmentsOfHubMessage(message, address.serviceUrl);
      return { ...base, type: ActivityTypes.Message, text: message.content?.text ?? '', ...(attachments.length > 0 ? { attachments } : {}) };
    }
    case 'typing.start':
    case 'typing.end':
      return { ...base, type: ActivityTypes.Typing };
    case 'conversation.end':
      return { ...base, type: ActivityTypes.EndOfConversation, text: message.content?.text };
    case 'agent.join':
      return { ...base, type: ActivityTypes.ConversationUpdate, membersAdded: [base.from] };
    case 'customer.info':
      return { ...base, type: ActivityTypes.Event, name: 'customer.info', value: message.content ?? {} };
    default:
      return { ...base, type: ActivityTypes.Event, name: type, value: message.content ?? {} };
  }
}
