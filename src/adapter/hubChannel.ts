/**
 * Names shared by the inbound and outbound mappings: the channel id our activities carry and
 * where the hub's own conversation fields live on an activity (channelData), so a reply can be
 * addressed exactly as the hub addressed the customer's message.
 */
import type { ConversationRef, HubMessage } from '../schemas/hubMessages.js';

/**
 * The `channelId` of every activity the adapter makes from a hub message, and of the conversation
 * references it stores. A bot that serves several channels can tell the hub's turns apart by it.
 */
export const HUB_CHANNEL_ID = 'conversation-hub';

/**
 * What the adapter keeps in an activity's `channelData`: the hub message it came from and the hub's
 * conversation. A bot sets `hubType` and `content` on a reply to send a hub message type that has
 * no botbuilder activity of its own.
 */
export interface HubChannelData {
  /** The hub message this activity came from, untouched (unknown fields kept). */
  hubMessage?: HubMessage;
  /** The hub's conversation object, echoed on every reply. */
  hubConversation?: ConversationRef;
  /** Outbound: send this hub message type with `content` instead of the mapped one. */
  hubType?: string;
  /** Outbound, with `hubType`: the hub message's `content`, sent as it is. */
  content?: Record<string, unknown>;
  /** Outbound list pickers: let the customer pick several items. */
  multiSelect?: boolean;
}

/**
 * The activity's channel data as the adapter reads it; an empty object when there is none.
 *
 * @param activity - any activity
 */
export function hubChannelData(activity: { channelData?: unknown }): HubChannelData {
  const cd = activity.channelData;
  return cd && typeof cd === 'object' ? (cd as HubChannelData) : {};
}
