// Which conversations the guided-help bot has greeted (documented on the class).
import type { Storage } from 'botbuilder-core';
import { pathSegment } from '../src/platform/http/pathSegment.js';

/** What is kept for a greeted conversation: when the greeting was sent. */
interface GreetedItem {
  at: number;
}

/**
 * Which conversations the guided-help bot has greeted (U1), from the bot's own Storage: a small
 * marker item, kept only until the conversation's dialog starts, or that dialog's item. The
 * bot greets before any dialog exists, and a dialog exists only after a greeting or the
 * customer's own words (which the start turn leaves unanswered for them), so a dialog's item
 * says as much as the marker; an idle conversation then keeps no key of its own for it. A conversation can reach the bot twice as a start:
 * the hub's start signal opens it, and the customer's first message may come right behind it,
 * or before it, or on another replica. Whether to greet is decided inside the turn, which the
 * inbox runs one at a time per conversation, from this stored item rather than from what one
 * process remembers, so the customer is greeted once whatever the order and whichever replica
 * takes the turn.
 *
 * The item is written after the greeting was queued: a turn that fails between the two runs
 * again and greets again with the same reply ids (the hub drops the repeat), whereas marking
 * first would lose the greeting on such a rerun.
 */
export class GreetedConversations {
  /**
   * @param storage - the bot's Storage (Redis across replicas, memory embedded)
   * @param dialogKeyOf - the storage key of the conversation's dialog, whose presence says it was greeted
   * @param namespace - the first part of every marker's key; default `guidedHelpGreeted`
   */
  constructor(
    private readonly storage: Storage,
    private readonly dialogKeyOf: (conversationId: string) => string,
    private readonly namespace = 'guidedHelpGreeted',
  ) {}

  private keyOf(conversationId: string): string {
    return `${this.namespace}/${pathSegment(conversationId)}`;
  }

  /** Whether the conversation's greeting was sent: its marker or its dialog is stored (one read). */
  async has(conversationId: string): Promise<boolean> {
    const keys = [this.keyOf(conversationId), this.dialogKeyOf(conversationId)];
    const items = await this.storage.read(keys);
    return keys.some((key) => items[key] !== undefined);
  }

  /** Records the greeting; a second record of the same conversation overwrites the first. */
  async mark(conversationId: string, at: number): Promise<void> {
    const item: GreetedItem = { at };
    await this.storage.write({ [this.keyOf(conversationId)]: item });
  }

  /**
   * The conversation's dialog was stored: the marker is not needed any more. Called after the
   * dialog's write, so `has` never finds neither.
   */
  async dialogStarted(conversationId: string): Promise<void> {
    await this.storage.delete([this.keyOf(conversationId)]);
  }

  /** Forgets the conversation (it ended), so the storage does not keep it. */
  async forget(conversationId: string): Promise<void> {
    await this.storage.delete([this.keyOf(conversationId)]);
  }
}
