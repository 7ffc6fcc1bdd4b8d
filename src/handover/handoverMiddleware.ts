/**
 * Follows every handover to an agent (H1, H2 of docs/platform-contract.md), for any bot: when
 * the bot sends an escalation.transfer, the conversation's handover is recorded (in the bot's
 * Storage, so any replica carries it on) with a deadline kept in the conversation's inbox
 * (scheduleEvent, T2), never a timer. Then, until the handover is closed, this middleware reads
 * each turn before the bot does:
 *
 *   waiting   agent joins → answered; the transfer fails or the deadline falls → choosing
 *             (the customer is told and offered to keep waiting or go back to the assistant);
 *             the hub delivers customer messages to the bot while the transfer waits (U6): the
 *             first of each wait gets one acknowledgement, the others none (they are the agent's)
 *   answered  the bot stays silent (turns ignored; the transcript still records them) until
 *             the agent hands back (conversation.state "bot") or the conversation ends
 *   choosing  "keep waiting" → waiting again (the transfer is sent again after a failure);
 *             anything else → closed, and the message goes to the bot (back to guided help)
 *
 * A conversation's end closes it (abandoned when no agent had come). Each step is reported
 * through `onEvent` (the bot server counts them in /metrics).
 */
import { ActivityTypes, MessageFactory, TurnContext, type Activity, type Middleware, type Storage } from 'botbuilder-core';
import { BACK_CHOICE, WAIT_CHOICE, choosesToGoBack, choosesToWait, handoverText, isOtherPosition } from './handoverTexts.js';
import { HANDOVER_DEADLINE_EVENT, handoverSignalOf, isTransfer } from './handoverSignals.js';

/**
 * A step of a handover, as reported to `onEvent`: `started` (the transfer was sent), `answered` (an
 * agent joined), `failed` (the hub refused the transfer), `timed_out` (no agent within the wait),
 * `abandoned` (the conversation ended while waiting), `fell_back` (the customer went back to the
 * bot), `closed` (the handover is over).
 */
export type HandoverEvent = 'started' | 'answered' | 'failed' | 'timed_out' | 'abandoned' | 'fell_back' | 'closed';

/** A conversation's open handover, as the middleware keeps it in the bot's Storage. */
export interface HandoverRecord {
  /**
   * Where the handover stands: waiting for an agent, answered by one, or waiting for the customer
   * to choose after a failure or timeout.
   */
  status: 'waiting' | 'answered' | 'choosing';
  /** When the transfer was sent, in ms since the epoch. */
  startedAt: number;
  /** While waiting: when the wait ends (ms since epoch). */
  deadline?: number;
  /** The transfer as the bot sent it, to send again when the customer tries again after a failure. */
  transfer?: Partial<Activity>;
  /** Whether the last attempt failed (the hub refused), rather than timed out. */
  failed?: boolean;
  /** The customer's locale, for the texts the middleware sends them. */
  locale?: string;
  /** Whether the customer was told, during this wait, that their messages are passed on. */
  acknowledged?: boolean;
}

/** What the middleware needs of the adapter for its deadlines (HubAdapter has both). */
export interface HandoverScheduler {
  /**
   * Schedules the named event for the reference's conversation at `at` (ms since the epoch),
   * replacing the one in the same slot.
   *
   * @param reference - the conversation the event belongs to
   * @param event - the event's name and value
   * @param at - when it is due, in ms since the epoch
   * @param slot - names the event in the conversation; default the event's name
   */
  scheduleEvent(reference: Partial<import('botbuilder-core').ConversationReference>, event: { name: string; value?: unknown }, at: number, slot?: string): Promise<void>;
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
 * What a `HandoverMiddleware` is built with: where records are kept, how long to wait for an agent,
 * where deadlines go.
 */
export interface HandoverMiddlewareOptions {
  /** Where handover records are kept: the bot's Storage, so any replica carries a handover on. */
  storage: Storage;
  /** How long to wait for an agent before the customer is offered a choice; default 120 s. */
  waitMs?: number;
  /** Where deadlines are kept; without one, a `handover.deadline` event must come from elsewhere. */
  scheduler?: HandoverScheduler;
  /** Told each step of each handover (the bot server counts them as `hubbot_handovers_total`). */
  onEvent?: (event: HandoverEvent, details: { conversationId: string; waitedMs?: number }) => void;
  /** The clock, in ms since the epoch; default `Date.now`. */
  now?: () => number;
}

const KEY_PREFIX = 'handover/';

/**
 * The storage key of a conversation's handover record (read at the start of each of its turns).
 *
 * @param conversationId - the conversation
 */
export function handoverRecordKey(conversationId: string): string {
  return KEY_PREFIX + conversationId;
}

/**
 * Follows every handover to an agent to its outcome, for any bot (H1, H2): the bot only sends the
 * transfer (an `escalation.transfer`, or botbuilder's handoff activity). Add it with
 * `adapter.use(...)`; the bot server does so itself. The rules it follows are described at the top
 * of this file and in the handover guide.
 */
export class HandoverMiddleware implements Middleware {
  private readonly waitMs: number;
  private readonly now: () => number;

  /** @param opts - the storage, and optional wait, scheduler, event hook and clock */
  constructor(private readonly opts: HandoverMiddlewareOptions) {
    this.waitMs = opts.waitMs ?? 120_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * botbuilder's middleware hook: reads the turn for the handover's signals and decides whether the
   * bot sees it.
   *
   * @param context - the turn
   * @param next - runs the rest of the pipeline and the bot
   */
  async onTurn(context: TurnContext, next: () => Promise<void>): Promise<void> {
    const conversationId = context.activity.conversation?.id;
    if (!conversationId) return next();
    // The bot's transfer, whenever it is sent in this turn, starts a handover.
    context.onSendActivities(async (ctx, activities, sendNext) => {
      const sent = await sendNext();
      const transfer = activities.find(isTransfer);
      if (transfer) await this.start(ctx, transfer);
      return sent;
    });
    const record = await this.read(conversationId);
    const signal = handoverSignalOf(context.activity);
    if (!record) {
      // An agent who joins without our transfer holds the conversation all the same.
      if (signal.kind === 'agentJoined') return this.write(conversationId, { status: 'answered', startedAt: this.now() });
      return next();
    }
    const waitedMs = this.now() - record.startedAt;
    switch (signal.kind) {
      case 'agentJoined':
        if (record.status !== 'answered') {
          this.report('answered', conversationId, waitedMs);
          await this.opts.scheduler?.cancelScheduledEvent(conversationId, HANDOVER_DEADLINE_EVENT);
        }
        return this.write(conversationId, { ...record, status: 'answered', deadline: undefined, failed: undefined });
      case 'failed':
        if (record.status !== 'waiting') return;
        this.report('failed', conversationId);
        return this.offerChoice(context, { ...record, failed: true }, 'transferFailed');
      case 'deadline':
        // A deadline of an earlier wait (the agent came, the customer chose again) does nothing.
        if (record.status !== 'waiting' || (signal.deadline !== undefined && signal.deadline !== record.deadline)) return;
        this.report('timed_out', conversationId);
        return this.offerChoice(context, { ...record, failed: false }, 'noAgentYet');
      case 'agentLeft':
        this.report('closed', conversationId);
        return this.close(conversationId);
      case 'ended':
        this.report(record.status === 'answered' ? 'closed' : 'abandoned', conversationId);
        await this.close(conversationId);
        return next();
      case 'customer':
        if (record.status === 'waiting') return this.acknowledgeOnce(context, record);
        if (record.status !== 'choosing') return; // an agent holds it: silent
        if (choosesToWait(context.activity.text)) return this.waitAgain(context, record);
        if (isOtherPosition(context.activity.text)) return this.offerChoice(context, record, record.failed ? 'transferFailed' : 'noAgentYet');
        this.report('fell_back', conversationId);
        await this.close(conversationId);
        // The choice itself is no question for the bot: it starts afresh, as on an empty message.
        if (choosesToGoBack(context.activity.text)) context.activity.text = '';
        return next();
      default:
        return; // agents' messages and other hub events are not the bot's while the handover lasts
    }
  }

  private async start(context: TurnContext, transfer: Partial<Activity>): Promise<void> {
    const conversationId = context.activity.conversation.id;
    const startedAt = this.now();
    const record: HandoverRecord = { status: 'waiting', startedAt, transfer: { type: transfer.type, name: transfer.name, value: transfer.value, text: transfer.text, locale: transfer.locale }, locale: transfer.locale ?? context.activity.locale };
    await this.wait(context, record);
    this.report('started', conversationId);
  }

  private async wait(context: TurnContext, record: HandoverRecord): Promise<void> {
    const deadline = this.now() + this.waitMs;
    await this.write(context.activity.conversation.id, { ...record, status: 'waiting', deadline });
    await this.opts.scheduler?.scheduleEvent(TurnContext.getConversationReference(context.activity), { name: HANDOVER_DEADLINE_EVENT, value: { deadline } }, deadline, HANDOVER_DEADLINE_EVENT);
  }

  /** One word per wait that the customer's messages are passed on; the next ones are the agent's alone. */
  private async acknowledgeOnce(context: TurnContext, record: HandoverRecord): Promise<void> {
    if (record.acknowledged) return;
    await this.write(context.activity.conversation.id, { ...record, acknowledged: true });
    await context.sendActivity({ type: ActivityTypes.Message, text: handoverText(record.locale, 'waitingAck'), locale: record.locale });
  }

  private async waitAgain(context: TurnContext, record: HandoverRecord): Promise<void> {
    await context.sendActivity({ type: ActivityTypes.Message, text: handoverText(record.locale, 'stillWaiting'), locale: record.locale });
    if (record.failed && record.transfer) {
      // After a refusal the hub holds no request any more: ask again (this records a new wait).
      await context.sendActivity({ ...record.transfer });
      return;
    }
    // "All right, an agent will be with you" already says it: no second word in this wait.
    await this.wait(context, { ...record, failed: undefined, acknowledged: true });
  }

  private async offerChoice(context: TurnContext, record: HandoverRecord, key: 'noAgentYet' | 'transferFailed'): Promise<void> {
    const locale = record.locale;
    const actions = [
      { type: 'imBack', title: handoverText(locale, 'keepWaiting'), value: WAIT_CHOICE },
      { type: 'imBack', title: handoverText(locale, 'backToBot'), value: BACK_CHOICE },
    ];
    await this.write(context.activity.conversation.id, { ...record, status: 'choosing', deadline: undefined, acknowledged: undefined });
    await context.sendActivity({ ...MessageFactory.suggestedActions(actions, handoverText(locale, key)), locale });
  }

  private report(event: HandoverEvent, conversationId: string, waitedMs?: number): void {
    this.opts.onEvent?.(event, { conversationId, ...(waitedMs !== undefined ? { waitedMs } : {}) });
  }

  /** The conversation's handover, if one is open. */
  async read(conversationId: string): Promise<HandoverRecord | undefined> {
    const items = await this.opts.storage.read([KEY_PREFIX + conversationId]);
    return items[KEY_PREFIX + conversationId] as HandoverRecord | undefined;
  }

  private async write(conversationId: string, record: HandoverRecord): Promise<void> {
    await this.opts.storage.write({ [KEY_PREFIX + conversationId]: { ...record, eTag: '*' } });
  }

  private async close(conversationId: string): Promise<void> {
    await this.opts.storage.delete([KEY_PREFIX + conversationId]);
    await this.opts.scheduler?.cancelScheduledEvent(conversationId, HANDOVER_DEADLINE_EVENT);
  }
}
