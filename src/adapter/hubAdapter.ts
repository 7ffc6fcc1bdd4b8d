// The hub's BotAdapter: turns from the inbox, replies through the outbox (documented on the class).
import { randomUUID } from 'node:crypto';
import { ActivityTypes, BotAdapter, TurnContext, type Activity, type ConversationReference, type ResourceResponse } from 'botbuilder-core';
import { PlatformError } from '../errors/platformError.js';
import type { SenderType } from '../schemas/messageTypes.js';
import type { HubMessage } from '../schemas/hubMessages.js';
import { readCustomerInfo } from './customerInfo.js';
import { activityFromHubMessage } from './activityFromHubMessage.js';
import { BotTurnError, isTransientTurnError, turnErrorNotice } from './turnErrors.js';
import type { DeadLetter, Inbox, InboxItem } from './inbox/inbox.js';
import { deadlineItem, readInboxItem, type Reference, type ScheduledEvent } from './inbox/inboxItems.js';
import { HubTurnContext, runThroughMiddleware } from './nativeTurnPlumbing.js';
import { activityOfReference, ProactiveTurns, TurnScope } from './proactiveTurns.js';
import type { HubAdapterOptions, TurnLogic } from './hubAdapterOptions.js';
import { TurnReplies, type ReplySettings } from './turnReplies.js';

export type { ConversationStarts, HubAdapterOptions } from './hubAdapterOptions.js';

/**
 * HubAdapter: botbuilder's BotAdapter for the conversation hub. A bot developer's
 * ActivityHandler runs unchanged: hub messages come in as activities (activityFromHubMessage),
 * replies go out through the outbox as hub messages (turnReplies.ts), each checked against the
 * sender matrix before anything is queued (C5).
 *
 * Delivery is ordered per conversation and budget-aware (Outbox). A typing.start the bot sends
 * is always paired with a typing.end, before its next message or at the end of the turn.
 *
 * Every turn enters through the conversation's inbox (T2): `processInboxItem` runs the item a
 * worker claimed, whatever its kind (the customer's message, a proactive turn, a deadline).
 * `continueConversation` puts a proactive turn in the inbox and waits for it (proactiveTurns.ts);
 * `scheduleEvent` is the durable form: a named event activity due at a time, kept in the inbox,
 * run by any replica, after a restart too.
 */
export class HubAdapter extends BotAdapter {
  /**
   * The sender type the bot's replies carry on the hub (`custom_bot` unless the options say
   * otherwise); a reply its type may not send is refused before it is queued (C5).
   */
  readonly senderType: SenderType;
  /**
   * The bot's participant id on the hub: the `sender.id` of its replies and the recipient of the
   * activities it receives (default `hub-bot`).
   */
  readonly botId: string;
  private readonly serviceUrl: string;
  /** The developer's onTurnError: it runs for bot errors, after the customer's notice. */
  private botErrorHandler?: (context: TurnContext, error: Error) => Promise<void>;
  private readonly proactive = new ProactiveTurns();
  private readonly scope = new TurnScope();
  /** What every turn's replies share, made once rather than per turn. */
  private readonly replySettings: ReplySettings;

  /**
   * Builds the adapter. Most bots never call this: `startHubBotServer` and `createHubBot` build it
   * with the outbox, inbox and conversation-start store of the configuration.
   *
   * @param opts - the outbox replies go through, and the optional inbox, sender type, bot id, turn-
   * error notices and conversation-start store
   */
  constructor(private readonly opts: HubAdapterOptions) {
    super();
    this.senderType = opts.senderType ?? 'custom_bot';
    this.botId = opts.botId ?? 'hub-bot';
    this.serviceUrl = opts.serviceUrl ?? 'hub://local';
    this.replySettings = { opts, senderType: this.senderType, botId: this.botId };
  }

  /**
   * Runs one turn for one hub message. Returns false when the message type is unknown and
   * was ignored (C10). Resolves once the turn's replies are sent (or rejects if one finally
   * failed), so an inbox can complete the message only when its effects have left.
   */
  async processHubMessage(conversationId: string, message: HubMessage, logic: TurnLogic): Promise<boolean> {
    const activity = activityFromHubMessage(message, { conversationId, botId: this.botId, serviceUrl: this.serviceUrl });
    // The hub just sent a message in it: the conversation exists, its replies may share a batch
    // (S6); unless the message ends it: then its replies are dropped without a POST (S11).
    if (message.type.value === 'conversation.end') this.opts.outbox.markEnded(conversationId);
    else this.opts.outbox.markLive(conversationId);
    if (!activity) {
      this.opts.log?.debug({ conversationId, type: message.type.value }, 'ignoring a hub message type this bot does not support');
      return false;
    }
    this.fillCustomer(activity, message);
    const starts = this.opts.conversationStarts;
    if (starts && (await starts.isNew(conversationId))) {
      // Replies of the start turn get ids of their own, the same on a rerun, so a hub that
      // deduplicates by id drops a repeated welcome; the conversation is marked started only
      // after the turn, so a crash before it greets again rather than never.
      const update: Partial<Activity> = { ...activity, type: ActivityTypes.ConversationUpdate, id: `${activity.id ?? conversationId}:start`, text: undefined, membersAdded: [activity.from!, activity.recipient!] };
      await this.runTurn(update, logic, `${conversationId}:start`);
      await starts.started(conversationId, TurnContext.getConversationReference(activity));
    }
    await this.runTurn(activity, logic);
    return true;
  }

  /**
   * The customer's name and language (N4): from a `customer.info` message, read leniently (it
   * is the hub's signal that a conversation starts, so the start turn carries them too); and
   * the account's default language for a message that names none.
   */
  private fillCustomer(activity: Partial<Activity>, message: HubMessage): void {
    if (message.type.value === 'customer.info') {
      const info = (this.opts.readCustomerInfo ?? readCustomerInfo)(message);
      if (info.name && activity.from) activity.from = { ...activity.from, name: info.name };
      if (info.language) activity.locale = info.language;
    }
    if (!activity.locale && this.opts.defaultLocale) activity.locale = this.opts.defaultLocale;
  }

  /**
   * Runs the turn of an inbox item, for the InboxWorker's handler: `logic` is the bot's (its run
   * method) for a message or a deadline; a proactive turn runs the logic its caller registered.
   * An unreadable item throws an error the worker parks at once (dead letters, with the reason).
   */
  async processInboxItem(conversationId: string, item: InboxItem, logic: TurnLogic): Promise<boolean> {
    const read = readInboxItem(conversationId, item);
    if (read.kind === 'message') return this.processHubMessage(conversationId, read.message, logic);
    if (read.kind === 'deadline') {
      // An item without a reference runs on the stored one; with none stored the conversation
      // ended or was forgotten (its state expires with it), so there is no turn to run.
      const reference = read.reference ?? (await this.opts.conversationStarts?.reference?.(conversationId));
      if (!reference) return true;
      const event = { type: ActivityTypes.Event, name: read.event.name, value: read.event.value };
      await this.runTurn(activityOfReference(reference, event, item.id, this.serviceUrl), logic, item.id);
      return true;
    }
    const activity = activityOfReference(read.reference, { type: ActivityTypes.Event, name: 'ContinueConversation' }, item.id, this.serviceUrl);
    await this.proactive.run(item.id, (own) => this.runTurn(activity, own, item.id));
    return true;
  }

  /** For InboxWorkerOptions.onDeadLetter: a proactive turn given up on rejects its caller's promise. */
  inboxItemParked(letter: Pick<DeadLetter, 'item' | 'reason'>): void {
    if (letter.item.kind === 'proactive') this.proactive.parked(letter.item.id, letter.reason);
  }

  /**
   * Durable proactive turn (T2): the event `{name, value}` runs as an `event` activity of the
   * reference's conversation at `at` (ms since the epoch), through its inbox, on any replica,
   * after a restart too. `slot` names it in the conversation (default the event's name):
   * scheduling the slot again replaces the earlier one. With conversation starts that read the
   * stored reference back, the item names only the conversation, and its turn runs on the
   * reference stored when it is due (none: the conversation ended, and the event is dropped).
   */
  async scheduleEvent(reference: Reference, event: ScheduledEvent, at: number, slot: string = event.name): Promise<void> {
    const conversationId = reference.conversation?.id;
    if (!conversationId) throw new TypeError('scheduleEvent: the reference has no conversation.id');
    const carried = this.opts.conversationStarts?.reference ? undefined : reference;
    await this.requireInbox().schedule(conversationId, slot, deadlineItem(slot, carried, event, at, Date.now()));
  }

  /** Cancels a scheduled event that is not due yet; false when there was none. */
  async cancelScheduledEvent(conversationId: string, slot: string): Promise<boolean> {
    return this.requireInbox().unschedule(conversationId, slot);
  }

  /**
   * Sends a turn's replies: each activity is mapped to hub messages (typing, text, cards, suggested
   * actions, transfers), checked against the sender matrix, and queued in the outbox in order.
   * Called by botbuilder's `TurnContext.sendActivity`; a bot does not call it itself.
   *
   * @param context - the turn the replies belong to
   * @param activities - the replies, in the order the customer is to see them
   * @returns one resource response per activity, carrying the id of its last hub message
   * @throws PlatformError when a reply's type may not be sent by the bot's sender type (C5)
   */
  override async sendActivities(context: TurnContext, activities: Partial<Activity>[]): Promise<ResourceResponse[]> {
    return TurnReplies.of(context, this.replySettings).send(activities);
  }

  /**
   * Not supported: the hub has no way to edit a message that was sent.
   *
   * @param _context - the turn (unused)
   * @param _activity - the activity to update (unused)
   * @throws PlatformError with code 403-198, always
   */
  override async updateActivity(_context: TurnContext, _activity: Partial<Activity>): Promise<void> {
    // The hub has no message edit (spec 4.4 lists no such type): say so plainly.
    throw PlatformError.of('403-198', { reason: 'the conversation hub cannot update a message that was sent' });
  }

  /**
   * Not supported: on the hub only a customer may delete a message.
   *
   * @param _context - the turn (unused)
   * @param _reference - the message to delete (unused)
   * @throws PlatformError with code 403-198, always
   */
  override async deleteActivity(_context: TurnContext, _reference: Partial<ConversationReference>): Promise<void> {
    throw PlatformError.of('403-198', { reason: 'a bot cannot delete a message on the conversation hub (delete.* is for customers)' });
  }

  /**
   * The developer's handler, as in any botbuilder adapter. Behind it the adapter applies its
   * turn error policy (turnErrors.ts, T1): a transient error is rethrown for the inbox to retry
   * the turn, without the handler; a bot error gets the customer's notice, then the handler,
   * and the message is parked in the dead letters.
   */
  override get onTurnError(): (context: TurnContext, error: Error) => Promise<void> {
    return this.turnErrorPolicy;
  }

  override set onTurnError(handler: (context: TurnContext, error: Error) => Promise<void>) {
    this.botErrorHandler = handler;
  }

  private readonly turnErrorPolicy = async (context: TurnContext, error: Error): Promise<void> => {
    if (isTransientTurnError(error)) throw error;
    if (this.opts.turnErrorNotices !== false) {
      const notice = turnErrorNotice(context.activity.locale, this.opts.turnErrorNotices);
      await context.sendActivity(notice).catch(() => undefined);
    }
    await this.botErrorHandler?.(context, error).catch(() => undefined);
    throw new BotTurnError(error);
  };

  /**
   * Proactive messages: runs `logic` in a turn addressed to a stored conversation reference. With
   * an inbox it is that conversation's next turn, taken in line after its waiting messages, never
   * beside one (T2); it resolves once the turn ran. Its logic lives in this process only: for a
   * turn that must happen even after a restart, use scheduleEvent.
   */
  override async continueConversation(reference: Partial<ConversationReference>, logic: TurnLogic): Promise<void> {
    const conversationId = reference.conversation?.id;
    const inbox = this.opts.inbox;
    if (inbox && conversationId && !this.scope.isInTurnOf(conversationId)) {
      const pin = this.opts.workerId ? { pin: { workerId: this.opts.workerId, ms: this.opts.proactivePinMs ?? 30_000 } } : {};
      return this.proactive.enqueue(inbox, conversationId, reference, logic, pin);
    }
    // No inbox, or asked from inside this conversation's own turn, which already holds it.
    const id = `${conversationId ?? 'conversation'}:proactive-${randomUUID()}`;
    await this.runTurn(activityOfReference(reference, { type: ActivityTypes.Event, name: 'ContinueConversation' }, id, this.serviceUrl), logic, id);
  }

  /**
   * botbuilder's newer form of `continueConversation`: the bot id or claims and the audience are
   * ignored (the hub has one bot identity), and the logic runs as `continueConversation` runs it.
   *
   * @param _botAppIdOrClaims - ignored
   * @param reference - the stored conversation reference to continue
   * @param logicOrAudience - the turn's logic, or an audience (ignored) followed by the logic
   * @param maybeLogic - the turn's logic when an audience was given
   * @throws TypeError when no logic function is given
   */
  override async continueConversationAsync(_botAppIdOrClaims: unknown, reference: Partial<ConversationReference>, logicOrAudience: TurnLogic | string, maybeLogic?: TurnLogic): Promise<void> {
    const logic = typeof logicOrAudience === 'function' ? logicOrAudience : maybeLogic;
    if (!logic) throw new TypeError('continueConversationAsync needs a logic function');
    await this.continueConversation(reference, logic);
  }

  private requireInbox(): Inbox {
    if (!this.opts.inbox) throw new TypeError('HubAdapter: scheduled events need the inbox (HubAdapterOptions.inbox)');
    return this.opts.inbox;
  }

  /** botbuilder's runMiddleware, as a native async function (nativeTurnPlumbing.ts says why). */
  protected override runMiddleware(context: TurnContext, next: (revocableContext: TurnContext) => Promise<void>): Promise<void> {
    return runThroughMiddleware(this.middleware, this.onTurnError, context, next);
  }

  private async runTurn(activity: Partial<Activity>, logic: TurnLogic, idBase?: string): Promise<void> {
    const context = new HubTurnContext(this, activity);
    const replies = TurnReplies.of(context, this.replySettings, idBase);
    let turnFailure: unknown;
    try {
      await this.scope.run(activity.conversation?.id, () => this.runMiddleware(context, logic));
    } catch (err) {
      // From the turn error policy: transient (retry) or a bot error (park); sent after the
      // replies queued so far, the customer's notice included, have left.
      turnFailure = err;
    } finally {
      replies.closeTyping();
    }
    try {
      await replies.settled();
    } catch (err) {
      // A reply that finally failed reaches the bot (onTurnError), never silently, and goes to
      // the inbox: retryable (hub unreachable for long), the turn runs again later; refused
      // for good (ReplyNotDeliveredError), the message is parked with the reason (T1).
      await this.botErrorHandler?.(context, err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
    if (turnFailure !== undefined) throw turnFailure;
  }
}
