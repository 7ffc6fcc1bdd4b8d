/**
 * The neutral activity shape of the mapping between hub messages and activities (G3 of
 * docs/platform-contract.md). It names only the fields the mapping reads and writes, typed so that
 * botbuilder's `Activity` and the Microsoft 365 Agents SDK's `Activity` both fit it without a
 * conversion: the botbuilder adapter (HubAdapter) and the Agents SDK's (src/agents) share the one
 * mapping, and this file imports neither SDK.
 */
import type { HubChannelData } from './hubChannel.js';
import type { CustomerAttachment } from './customerAttachments.js';

/** Activity type names, the same strings in both SDKs' ActivityTypes. */
export const HubActivityTypes = {
  Message: 'message',
  Typing: 'typing',
  EndOfConversation: 'endOfConversation',
  ConversationUpdate: 'conversationUpdate',
  Event: 'event',
  Handoff: 'handoff',
} as const;

/** A participant as the inbound mapping writes it (botbuilder's ChannelAccount requires a name). */
export interface HubAccount {
  id: string;
  name: string;
  role?: string;
}

/** The conversation as the inbound mapping writes it. */
export interface HubConversationAccount {
  id: string;
  isGroup: boolean;
  conversationType: string;
  name: string;
}

/** What activityFromHubMessage produces: an incoming activity of either SDK. */
export interface IncomingHubActivity {
  type: string;
  channelId: string;
  id?: string;
  timestamp: Date;
  serviceUrl: string;
  conversation: HubConversationAccount;
  from: HubAccount;
  recipient: HubAccount;
  locale?: string;
  /** The hub message it came from is always there (hubChannel.ts). */
  channelData: HubChannelData & Required<Pick<HubChannelData, 'hubMessage'>>;
  text?: string;
  name?: string;
  value?: unknown;
  membersAdded?: HubAccount[];
  /** A customer's files (N5, customerAttachments.ts). */
  attachments?: CustomerAttachment[];
}

/** A card action as the outbound mapping reads it (suggested actions, card buttons). */
export interface HubCardAction {
  type?: string;
  title: string;
  value?: unknown;
}

export interface HubAttachment {
  contentType?: string;
  content?: unknown;
}

/** What hubMessagesFromActivity reads of an outgoing activity of either SDK. */
export interface OutgoingHubActivity {
  type?: string;
  text?: string;
  locale?: string;
  name?: string;
  value?: unknown;
  channelData?: unknown;
  suggestedActions?: { actions?: HubCardAction[] };
  attachments?: HubAttachment[];
  /** `carousel` or `list` (botbuilder's default). */
  attachmentLayout?: string;
}
