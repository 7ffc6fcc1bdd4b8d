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
  // The activity is built once and its type's fields added after the common ones (the order a
  // spread of the common fields gave), rather than copied by a spread per message.
  const activity = {
    channelId: HUB_CHANNEL_ID,
    id: message.id,
    timestamp: message.created ? new Date(message.created) : new Date(),
    serviceUrl: address.serviceUrl,
    conversation: { id: address.conversationId, isGroup: false, conversationType: 'hub', name: '' },
    from: { id: message.sender.id ?? `${message.sender.type}:${address.conversationId}`, name: message.sender.name ?? '', role: message.sender.type === 'customer' ? 'user' : message.sender.type },
    recipient: { id: address.botId, name: 'bot', role: 'bot' },
    locale: message.language,
    channelData,
  } as Omit<IncomingHubActivity, 'type'> as IncomingHubActivity;
  switch (type) {
    case 'text': {
      const attachments = attachmentsOfHubMessage(message, address.serviceUrl);
      activity.type = ActivityTypes.Message;
      activity.text = message.content?.text ?? '';
      if (attachments.length > 0) activity.attachments = attachments;
      return activity;
    }
    case 'typing.start':
    case 'typing.end':
      activity.type = ActivityTypes.Typing;
      return activity;
    case 'conversation.end':
      activity.type = ActivityTypes.EndOfConversation;
      activity.text = message.content?.text;
      return activity;
    case 'agent.join':
      activity.type = ActivityTypes.ConversationUpdate;
      activity.membersAdded = [activity.from];
      return activity;
    default:
      // customer.info and the other known types: an event named after the type.
      activity.type = ActivityTypes.Event;
      activity.name = type;
      activity.value = message.content ?? {};
      return activity;
  }
}
