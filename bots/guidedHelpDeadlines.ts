// Guided-help deadlines kept in the inbox (documented on the class).
import type { ConversationReference } from 'botbuilder-core';

/** The event a guided-help deadline turn runs on (GuidedHelpBot handles it). */
export const GUIDED_HELP_DEADLINE_EVENT = 'guidedHelp.deadline';

/** What InboxDeadlines needs of the adapter (HubAdapter with an inbox). */
export interface EventScheduler {
  /**
   * Schedules the named event for the reference's conversation at `at` (ms since the epoch),
   * replacing the one in the same slot.
   *
   * @param reference - the conversation
   * @param event - the event's name and value
   * @param at - when it is due
   * @param slot - names the event in the conversation
   */
  scheduleEvent(reference: Partial<ConversationReference>, event: { name: string; value?: unknown }, at: number, slot?: string): Promise<void>;
  /**
   * Cancels the conversation's event in `slot` if it is not due yet.
   *
   * @param conversationId - the conversation
   * @param slot - the event's slot
   * @returns false when there was none
   */
  cancelScheduledEvent(conversationId: string, slot: string): Promise<boolean>;
}

/**
 * Guided-help inactivity deadlines kept in the conversation's inbox (T2): each one is a
 * scheduled `guidedHelp.deadline` event (adapter.scheduleEvent), due at the deadline, whose value
 * names the deadline. So it takes its turn in line with the customer's messages, never beside
 * one, on whichever replica is free, and it survives a restart (with RedisInbox).
 *
 * One slot per conversation: a new deadline replaces the previous one, and cancel removes it. A
 * deadline already due when the customer's answer came in still runs after that answer; the bot
 * sees that it is not the dialog's current deadline any more and does nothing.
 *
 * Pass `schedule` and `cancel` as the bot's `scheduleDeadline` and `cancelDeadline`.
 */
export class InboxDeadlines {
  /** @param adapter - the HubAdapter (with an inbox), or anything that schedules events */
  constructor(private readonly adapter: EventScheduler) {}

  /** For GuidedHelpBotOptions.scheduleDeadline. */
  readonly schedule = async (reference: Partial<ConversationReference>, at: number): Promise<void> => {
    await this.adapter.scheduleEvent(reference, { name: GUIDED_HELP_DEADLINE_EVENT, value: { deadline: at } }, at, GUIDED_HELP_DEADLINE_EVENT);
  };

  /** For GuidedHelpBotOptions.cancelDeadline. */
  readonly cancel = async (conversationId: string): Promise<void> => {
    await this.adapter.cancelScheduledEvent(conversationId, GUIDED_HELP_DEADLINE_EVENT);
  };
}
