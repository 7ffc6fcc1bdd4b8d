/**
 * What HubAdapter is built with (hubAdapter.ts), and what it asks of the store that remembers
 * which conversations have started. Kept apart so the adapter's file holds its behaviour only.
 */
import type { ConversationReference, TurnContext } from 'botbuilder-core';
import type { SenderType } from '../schemas/messageTypes.js';
import type { Outbox } from './outbox/outbox.js';
import type { Inbox } from './inbox/inbox.js';
import type { CustomerInfoReader } from './customerInfo.js';
import type { CardReport } from './cards/cardReport.js';

/**
 * What a `HubAdapter` is built with. Only `outbox` is required; the bot server fills in the rest
 * from the configuration.
 */
export interface HubAdapterOptions {
  /**
   * The outbox every reply goes through: it sends each conversation's messages in order and within
   * the hub's rates (see the `/pipeline` entry).
   */
  outbox: Outbox;
  /** The sender type our participant sends as; custom_bot unless configured otherwise. */
  senderType?: SenderType;
  /** Our participant id on the hub (sender.id of replies, recipient of activities). */
  botId?: string;
  /** Base URL of the hub, kept as serviceUrl on activities and references. */
  serviceUrl?: string;
  /**
   * Which conversations the bot has already greeted. With it, the first message of a
   * conversation is preceded by a conversationUpdate turn with membersAdded (the customer and
   * the bot), as Direct Line and Web Chat do, so `onMembersAdded` welcome handlers fire (T4).
   */
  conversationStarts?: ConversationStarts;
  /**
   * The locale of an activity whose hub message names no language: the account's default
   * language (the bot server passes DEFAULT_LANGUAGE). Without it such activities have none (N4).
   */
  defaultLocale?: string;
  /** Reads the customer's name and language from a `customer.info` message; default readCustomerInfo (N4). */
  readCustomerInfo?: CustomerInfoReader;
  /**
   * Where debug lines (unknown inbound types, C10) and warnings (a reply whose cards lost
   * something on the hub, N3) go. Without `warn`, those warnings go to Node's process warnings.
   */
  log?: { debug(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
  /**
   * Refuse a reply whose attachments the hub cannot carry whole (an input field, a second image,
   * an OAuth card without a link ...): its sendActivity rejects with PlatformError 400-121 naming
   * what would be dropped, and nothing of it is sent. Default false: such a reply is sent with
   * what cannot be carried as text, and a warning is logged (N3).
   */
  strictCards?: boolean;
  /** Called for each reply with attachments or suggested actions: their kinds and losses (the server counts them, N3). */
  onCards?: (report: CardReport) => void;
  /**
   * How the adapter waits between a typing indicator and the next message; default a real timer.
   * Tests pass a fake one.
   */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The notice a customer gets when the bot fails on their message, per language (`en`, `fr`,
   * or a full locale); false sends none. Default: DEFAULT_TURN_ERROR_NOTICES (T1).
   */
  turnErrorNotices?: Readonly<Record<string, string>> | false;
  /**
   * The inbox the worker runs turns from. With it, proactive turns and scheduled events go
   * through the conversation's line (T2); without it, continueConversation runs at once.
   */
  inbox?: Inbox;
  /** The id of this process's InboxWorker: proactive turns are pinned to it (their logic lives here). */
  workerId?: string;
  /** How long a proactive turn waits for this process's worker before any may take it; default 30 s. */
  proactivePinMs?: number;
}

/**
 * A bot's turn handler, as botbuilder's adapters take it (e.g. `(context) => bot.run(context)`).
 */
export type TurnLogic = (context: TurnContext) => Promise<void>;

/**
 * Remembers the conversations whose start turn ran, so the adapter greets each conversation once
 * (T4). `ConversationReferenceStore` is the implementation the bot server uses; any Storage-backed
 * one will do.
 */
export interface ConversationStarts {
  /**
   * Whether the conversation's start turn has not run yet.
   *
   * @param conversationId - the hub's conversation id
   */
  isNew(conversationId: string): Promise<boolean>;
  /** Called once the start turn ran; `reference` is the conversation's, for proactive messages. */
  started(conversationId: string, reference: Partial<ConversationReference>): Promise<void>;
  /**
   * The conversation's stored reference (undefined once it ended or was forgotten). When given,
   * a scheduled event does not carry a copy of the reference: its turn reads this one when due.
   *
   * @param conversationId - the hub's conversation id
   */
  reference?(conversationId: string): Promise<Partial<ConversationReference> | undefined>;
}
