/**
 * The turn pipeline in one object: a customer message goes from the hub's callback to the hub
 * POST of the bot's replies without leaving the adapter layer.
 *
 *   hub ─POST─> process (token check, record in the inbox, ack)
 *        inbox ─> worker (one turn at a time per conversation, any replica)
 *              ─> HubAdapter turn ─> bot ─> sendActivity (sender matrix)
 *              ─> outbox (per-conversation order, shared rate budget) ─> send ─> hub
 *
 * The composition root (src/server/hubBotServer.ts) builds the configured parts (Redis, the
 * platform clients, stores, metrics) and hands them over; this object owns how they are joined:
 * the callback handler, the inbox worker, the adapter and the outbox. The Agents SDK adapter
 * runs its turns through the same object (src/agents/hubAgentBot.ts wraps its adapter).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { UnauthenticatedCap } from '../httpServer/unauthenticatedCap.js';
import type { HubbotMetrics } from '../observability/metrics.js';
import { createRefusalLog, type RefusalLog } from '../observability/refusalLog.js';
import type { HubMessage } from '../schemas/hubMessages.js';
import { createHubCallbackHandler, type HubCallbackHandler, type HubCallbackHandlerOptions } from './callbackHandler.js';
import { HubAdapter } from './hubAdapter.js';
import type { ConversationStarts, HubAdapterOptions } from './hubAdapterOptions.js';
import type { Inbox, InboxItem } from './inbox/inbox.js';
import { InboxWorker, type InboxTurn } from './inbox/inboxWorker.js';
import { WITH_INBOX_STEP } from './inbox/withInboxStep.js';
import { Outbox } from './outbox/outbox.js';
import type { EndedConversations } from './outbox/sharedEndings.js';
import type { SendAtSlot } from './outbox/outboxOptions.js';
import { isDeadLetterNow, isTransientTurnError } from './turnErrors.js';
import type { TurnContext } from 'botbuilder-core';

/** What the pipeline runs for each turn: a botbuilder bot, or an adapter's wrapper of another SDK's bot. */
export interface PipelineBot {
  /** Runs one turn; a rejection is a bot error (parked, the customer told) unless it is transient (retried). */
  run(context: TurnContext): Promise<void>;
}

/** The parts and settings a pipeline is built from; the composition root makes each of them. */
export interface HubPipelineOptions {
  /** Where callbacks are recorded before the ack and claimed for their turns. Not closed by the pipeline. */
  inbox: Inbox;
  /**
   * One POST of replies to the hub, its batch taken when the rate slot is granted (the platform
   * client's `sendMessages(take, { backoff: 'caller', signal })`).
   */
  sendAtSlot: SendAtSlot;
  /** Verifies the hub's token from the request headers; rejects with a 401 PlatformError. */
  authenticate: (req: IncomingMessage) => Promise<unknown>;
  /** The sender type the bot's messages are checked against (the sender matrix, C5). */
  senderType?: HubAdapterOptions['senderType'];
  /** The platform's base URL, as each activity's serviceUrl. */
  serviceUrl?: string;
  /** Which conversations have started, so the first message is preceded by conversationUpdate (T4). */
  conversationStarts: ConversationStarts;
  /**
   * The locale of an activity whose hub message names no language: the account's default
   * language (the bot server passes DEFAULT_LANGUAGE; N4).
   */
  defaultLocale?: string;
  /** Called after a conversation's end was handled (its reference is dropped there, for one). */
  onConversationEnd?: (conversationId: string) => Promise<void>;
  /** Refuse replies whose cards the hub cannot carry whole instead of sending them with a warning (N3). */
  strictCards?: boolean;
  /** What a customer is told when the bot fails on their message, per language; false for nothing (T1). */
  turnErrorNotices?: Readonly<Record<string, string>> | false;
  /** How a callback body becomes hub messages, when the hub's shape differs from the assumed one. */
  parse?: HubCallbackHandlerOptions['parse'];
  /** Largest callback body read; larger ones get 413. */
  bodyLimitBytes?: number;
  /** Cap on callbacks per address whose token is still being checked (S1). */
  unauthenticated?: UnauthenticatedCap;
  /** Called with why a hub token was refused (never the token). */
  logger: Logger;
  /** The server's one limiter of outside-caused lines (S19); default one of its own on `logger`. */
  refusalLog?: RefusalLog;
  /** Ended conversations told to and by the other replicas (S15; sharedEndings.ts); none: this replica's own. */
  endings?: EndedConversations;
  /** The server's metrics; the pipeline counts callbacks, turns, sends and their timings in them. */
  metrics?: HubbotMetrics;
  /** Worker settings (shortened in tests); `concurrency` is how many conversations' turns run at once. */
  worker?: { leaseMs?: number; concurrency?: number; pollIntervalMs?: number };
  /** This process's worker id (leases, proactive turns pinned to it); default a random one. */
  workerId?: string;
}

/** The callback handler, inbox worker, adapter and outbox of one replica, joined. */
export class HubPipeline {
  /** The botbuilder adapter whose turns the worker runs; add middleware with `adapter.use`. */
  readonly adapter: HubAdapter;
  /** The replies on their way to the hub. */
  readonly outbox: Outbox;
  /** Claims the inbox's conversations and runs their turns. */
  readonly worker: InboxWorker;
  /** Where callbacks are recorded. */
  readonly inbox: Inbox;
  private readonly endings?: EndedConversations;
  /** The hub callback as a plain Node handler: authenticate, record, ack. Mount it on the callback path. */
  readonly process: HubCallbackHandler;

  private admitting = true;
  private bot?: PipelineBot;

  /**
   * Joins the parts; nothing runs until {@link HubPipeline.start}. Callbacks are accepted (and
   * recorded) as soon as `process` is mounted; their turns wait for `start`.
   * @param opts - the parts and settings, see {@link HubPipelineOptions}
   */
  constructor(opts: HubPipelineOptions) {
    const { metrics, logger } = opts;
    const outsideLines = opts.refusalLog ?? createRefusalLog(logger);
    this.inbox = opts.inbox;
    const workerId = opts.workerId ?? `hubbot-${randomUUID().slice(0, 8)}`;
    this.outbox = new Outbox({
      // The outbox waits out 429/503 itself, holding only the conversations concerned (T3).
      sendAtSlot: opts.sendAtSlot,
      onSent: (n) => metrics?.sends.inc({ outcome: 'sent' }, n),
      onDelivered: (t) => {
        metrics?.outboxWait.observe({ stage: 'queue' }, t.queueMs / 1000);
        metrics?.outboxWait.observe({ stage: 'post' }, t.postMs / 1000);
        metrics?.outboxWait.observe({ stage: 'backoff' }, t.backoffMs / 1000);
      },
      onFailure: (conversationId, messages, err) => {
        metrics?.sends.inc({ outcome: 'failed' }, messages.length);
        logger.error({ conversationId, count: messages.length, err }, 'replies could not be delivered to the hub');
      },
      // The hub does not know the conversation or it has ended: its replies are dropped, not retried (S6).
      // Anyone can end conversations by the hundred: the line goes through the limiter (S19).
      // An end learnt here is told to the other replicas, whose queued replies to it are dropped (S15).
      onClosed: (conversationId) => opts.endings?.announce(conversationId),
      onDropped: (conversationId, count, reason) => {
        metrics?.sends.inc({ outcome: 'dropped' }, count);
        outsideLines('closed-conversation', { conversationId, count, reason }, 'replies to a closed conversation dropped');
      },
    });
    this.endings = opts.endings;
    // Ends learnt by the other replicas: their queued replies here are dropped and counted (S15).
    opts.endings?.listen((conversationId) => this.outbox.markEnded(conversationId, false)).catch((err: unknown) => logger.warn({ err }, 'ended conversations of the other replicas not heard'));
    this.adapter = new HubAdapter({
      inbox: opts.inbox,
      workerId,
      outbox: this.outbox,
      senderType: opts.senderType,
      serviceUrl: opts.serviceUrl,
      log: logger,
      conversationStarts: opts.conversationStarts,
      ...(opts.defaultLocale ? { defaultLocale: opts.defaultLocale } : {}),
      strictCards: opts.strictCards,
      // Each attachment of a reply, by kind and whether the hub carried it whole (N3).
      onCards: (report) =>
        report.kinds.forEach((kind, index) => {
          const lossy = report.losses.some((l) => l.kind === kind && (l.index ?? index) === index);
          metrics?.cards.inc({ kind, outcome: report.refused ? 'refused' : lossy ? 'lossy' : 'whole' });
        }),
      ...(opts.turnErrorNotices !== undefined ? { turnErrorNotices: opts.turnErrorNotices } : {}),
    });
    // The default onTurnError logs; a developer may set their own. The turn is counted by the
    // worker's handler below, whichever onTurnError runs, so it is counted once. A customer can
    // make turns fail by the hundred: the line goes through the limiter (S19).
    this.adapter.onTurnError = async (context, error) => {
      outsideLines('turn-failed', { conversationId: context.activity.conversation?.id, err: error }, 'turn failed', 'error');
    };
    this.process = createHubCallbackHandler({
      admitting: () => this.admitting,
      authenticate: opts.authenticate,
      record: async (conversationId, item, recordOpts) => {
        // The default parser read each message with the hub message schema: the turn need not again.
        const recorded = await opts.inbox.append(conversationId, item, { validated: opts.parse === undefined, revokedKey: recordOpts?.revokedKey });
        // Known as soon as the hub says so, before the turns of its earlier messages reply (S11).
        if (isConversationEnd(item) && !recorded.revoked) this.outbox.markEnded(conversationId);
        return recorded;
      },
      // A Redis inbox checks the token's revocation with its append: no round trip of its own.
      recordChecksRevocation: (key) => opts.inbox.checksRevocation?.(key) === true,
      parse: opts.parse,
      bodyLimitBytes: opts.bodyLimitBytes,
      onCallback: (outcome) => metrics?.callbacks.inc({ outcome }),
      unauthenticated: opts.unauthenticated,
    });
    this.worker = new InboxWorker(opts.inbox, (conversationId, item, turn) => this.runTurn(conversationId, item, opts, turn), {
      workerId,
      leaseMs: opts.worker?.leaseMs,
      // Enough turns at once that the outbox, not the worker, shares the send budget among
      // conversations (each turn waits for its replies to leave before completing).
      concurrency: opts.worker?.concurrency,
      pollIntervalMs: opts.worker?.pollIntervalMs,
      onError: (err, where) => logger.warn({ err, ...where }, 'inbox worker'),
      onTurnTimed: (t) => {
        metrics?.inboxWait.observe(t.waitMs / 1000);
        metrics?.turnDuration.observe(t.turnMs / 1000);
      },
      onDeadLetter: (letter) => {
        logger.error({ conversationId: letter.conversationId, itemId: letter.item.id, kind: letter.item.kind ?? 'message', reason: letter.reason }, 'inbox item parked in dead letters');
        this.adapter.inboxItemParked(letter);
      },
    });
    metrics?.observeQueueDepth('inbox', () => opts.inbox.depth());
    metrics?.observeQueueDepth('outbox', () => this.outbox.depth);
    metrics?.observeDeadLetters('inbox', async () => (await opts.inbox.deadLetters()).length);
  }

  /**
   * Starts running turns with `bot`: the worker claims conversations from the inbox.
   * @param bot - what runs each turn (built once the adapter and its middleware exist)
   */
  start(bot: PipelineBot): void {
    this.bot = bot;
    this.worker.start();
  }

  /**
   * Stops gracefully (T7): new callbacks get 503 with Retry-After (the hub tries another
   * replica), running turns get `graceMs` to finish, then their leases are handed back; no POST
   * to the hub after this (replies still queued belong to turns not completed, which run again).
   * @param opts - `graceMs`: how long running turns may take to finish
   */
  async stop(opts: { graceMs?: number } = {}): Promise<void> {
    this.admitting = false;
    await this.worker.stop({ graceMs: opts.graceMs });
    this.outbox.stop();
    await this.endings?.close();
  }

  /** One inbox item's turn: the adapter reads it back (an unreadable one is parked) and runs the bot. */
  private async runTurn(conversationId: string, item: InboxItem, opts: HubPipelineOptions, turn?: InboxTurn): Promise<void> {
    const bot = this.bot;
    if (!bot) throw new Error('HubPipeline: a turn was claimed before start(bot)');
    const withStep = turn?.withStep;
    let handled: boolean;
    try {
      // The transcript middleware finds the worker's inbox step here: the turn's transcript
      // is written with the complete (one Redis round trip for both, withInboxStep.ts).
      handled = await this.adapter.processInboxItem(conversationId, item, (context) => {
        if (withStep) context.turnState.set(WITH_INBOX_STEP, withStep);
        return bot.run(context);
      });
    } catch (err) {
      // A bot error is parked by the inbox; a transient one is run again (T1).
      opts.metrics?.turns.inc({ outcome: isDeadLetterNow(err) ? 'error' : isTransientTurnError(err) ? 'retried' : 'failed' });
      throw err;
    }
    opts.metrics?.turns.inc({ outcome: handled ? 'ok' : 'ignored' });
    if (isConversationEnd(item) && opts.onConversationEnd) {
      await opts.onConversationEnd(conversationId).catch((err: unknown) => opts.logger.warn({ err, conversationId }, 'conversation end not handled'));
    }
  }
}

function isConversationEnd(item: InboxItem): boolean {
  const payload = item.payload as Pick<HubMessage, 'type'> | undefined;
  return (item.kind ?? 'message') === 'message' && (payload?.type as { value?: unknown } | undefined)?.value === 'conversation.end';
}
