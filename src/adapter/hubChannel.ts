/**
 * Names shared by the inbound and outbound mappings: the channel id our activities carry and
 * where the hub's own conversation fields live on an activity (channelData), so a reply can be
 * addressed exactly as the hub addressed the customer's message.
 */
import type { ConversationRef, HubMessage } from '../schemas/hubMessages.js';

export const HUB_CHANNEL_ID = 'conversation-hub';

export interface HubChannelData {
  /** The hub message this activity came from, untouched (unknown fields kept). */
  hubMessage?: HubMessage;
  /** The hub's conversation object, echoed on every reply. */
  hubConversation?: ConversationRef;
  /** Outbound: send this hub message type with `content` instead of the mapped one. */
  hubType?: string;
  content?: Record<string, unknown>;
  /** Outbound list pickers: let the customer pick several items. */
  multiSelect?: boolean;
}

export function hubChannelData(activity: { channelData?: unknown }): HubChannelData {
  const cd = activity.channelData;
  return cd && typeof cd === 'object' ? (cd as HubChannelData) : {};
}
