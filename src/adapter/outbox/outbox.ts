/**
 * The outbox: replies of every conversation leave through here, as a scheduler for the
 * tenant's budget on POST /conversations/messages. Each POST carries every queued message it
 * fairly can (the batch body takes several messages); a conversation has at most one batch in
 * flight, so its order holds through retries.
 *
 * Backoff (T3): the send is made with the core's `backoff: 'caller'`, so a 429/502/503 or a
 * timeout comes back at once; the outbox then holds only the conversations of that POST for
 * the backoff (1 s, 2 s, 4 s ..., or the hub's Retry-After if longer) and the send slot serves
 * the others meanwhile. A message that finally fails rejects its promise and is reported
 * through `onFailure`, never dropped silently: still retryable after `maxAttempts`, its
 * PlatformError (the inbox runs the turn again later); refused for good (400, ...) or failing
 * in our own code, a ReplyNotDeliveredError (the message is parked with that reason, T1).
 *
 * Closed conversations (S6): a conversation the hub has not shown to exist yet (no reply of
 * it accepted, no message from it seen: `markLive`) is sent alone, so an unknown one costs one
 * POST and spoils no batch; solos and batches alternate, so live conversations never wait
 * behind a crowd of unknown ones. A batch refused with 404/409 is split, each conversation
 * sent alone again (its messages carry ids, R5); only a conversation whose own POST got 404
 * (unknown) or 409 (ended) is closed: its replies are dropped, told to `onDropped` (a log line
 * and a metric), and never sent again.
 *
 * `stop()` (T7): retry timers dropped, in-flight POSTs aborted, queued and new messages
 * rejected as retryable; their turns are not completed in the inbox, so they run again.
 */
import type { HubMessage, MessageBatch } from '../../schemas/hubMessages.js';
import { PlatformError } from '../../errors/platformError.js';
import { ReplyNotDeliveredError } from '../turnErrors.js';
import { OutboxQueue, type OutboxEntry } from './outboxQueue.js';
import { RecentConversations } from './recentConversations.js';

export interface OutboxOptions {
  /** One POST; pass `signal` on (it aborts the call when the outbox stops) and use the core's `backoff: 'caller'`. */
  send: (batch: MessageBatch, call: { signal: AbortSignal }) => Promise<void>;
  /** Messages per POST at most. */
  maxBatch?: number;
  /**
   * POSTs in flight at once (each for different conversations). Default 1: a POST takes its
   * batch before waiting for its rate slot, so with one in flight everything queued during
   * that wait leaves together in the next, which is what uses the budget best.
   */
  concurrency?: number;
  /** Attempts of one POST for a retryable failure before its messages fail; default 6. */
  maxAttempts?: number;
  /** Backoff before attempt `attempt + 1`; default 1 s, 2 s, 4 s ... up to 30 s. A longer Retry-After wins (up to a minute). */
  retryDelayMs?: (attempt: number) => number;
  onFailure?: (conversationId: string, messages: HubMessage[], err: unknown) => void;
  onSent?: (batchSize: number) => void;
  /** Replies dropped because the hub said their conversation is unknown or ended (S6). */
  onDropped?: (conversationId: string, count: number, reason: string) => void;
  /** Closed conversations, and live ones, remembered at most each (oldest forgotten first); default 10,000. */
  maxClosed?: number;
  /** How a backoff waits; default a timer that stop() clears. */
  sleep?: (ms: number) => Promise<void>;
}

type Settings = Required<Omit<OutboxOptions, 'onFailure' | 'onSent' | 'onDropped' | 'sleep'>> & Pick<OutboxOptions, 'onFailure' | 'onSent' | 'onDropped' | 'sleep'>;

const MAX_RETRY_AFTER_MS = 60_000;

export class Outbox {
  private readonly queue = new OutboxQueue();
  private readonly opts: Settings;
  /** Conversations the hub answered 404 or 409 for, with why. */
  private readonly closed: RecentConversations<string>;
  /** Conversations the hub has shown to exist: their replies may share a batch. */
  private readonly live: RecentConversations<true>;
  private running = 0;
  private pending = new Map<string, Set<Promise<void>>>();
  /** Which kind of POST goes next when both wait: solos and batches alternate (S6). */
  private prefer: 'solo' | 'batch' = 'batch';
  private readonly aborter = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(opts: OutboxOptions) {
    this.opts = {
      maxBatch: 50,
      concurrency: 1,
      maxAttempts: 6,
      maxClosed: 10_000,
      retryDelayMs: (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
      ...opts,
    };
    this.closed = new RecentConversations(this.opts.maxClosed);
    this.live = new RecentConversations(this.opts.maxClosed);
  }

  get depth(): number {
    return this.queue.depth;
  }

  get stopped(): boolean {
    return this.aborter.signal.aborted;
  }

  /** The hub sent a message in this conversation: it exists, so its replies may share a batch. */
  markLive(conversationId: string): void {
    if (!this.closed.has(conversationId)) this.live.set(conversationId, true);
  }

  /** Queues messages of one conversation, in order; each promise settles when that message is sent or has finally failed. */
  enqueue(conversationId: string, messages: HubMessage[]): Promise<void>[] {
    if (this.stopped) return messages.map(() => handled(Promise.reject(stopping())));
    const closedBecause = this.closed.get(conversationId);
    if (closedBecause !== undefined) {
      this.opts.onDropped?.(conversationId, messages.length, closedBecause);
      return messages.map(() => Promise.resolve());
    }
    const promises = messages.map((message) => {
      let settle!: OutboxEntry['settle'];
      const p = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
      this.queue.push({ conversationId, message, attempts: 0, settle });
      this.track(conversationId, p);
      return p;
    });
    this.pump();
    return promises;
  }

  /** Resolves when everything queued so far for the conversation is sent; rejects if any of it finally failed. */
  async flushed(conversationId: string): Promise<void> {
    const set = this.pending.get(conversationId);
    if (!set) return;
    await Promise.all([...set]);
  }

  /** Whether replies to the conversation are dropped (the hub said it is unknown or ended). */
  isClosed(conversationId: string): boolean {
    return this.closed.has(conversationId);
  }

  /**
   * Stops for good (T7): no POST starts after this; one in flight is aborted; retry timers are
   * dropped; everything queued, and anything enqueued later, is rejected as retryable (503),
   * so the turns waiting for it are not completed and run again from the inbox.
   */
  stop(): void {
    if (this.stopped) return;
    this.aborter.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const err = stopping();
    for (const e of this.queue.drain()) e.settle.reject(err);
  }

  private track(conversationId: string, p: Promise<void>): void {
    let set = this.pending.get(conversationId);
    if (!set) this.pending.set(conversationId, (set = new Set()));
    set.add(p);
    const done = () => {
      set!.delete(p);
      if (set!.size === 0 && this.pending.get(conversationId) === set) this.pending.delete(conversationId);
    };
    p.then(done, done);
  }

  private readonly alone = (conversationId: string) => !this.live.has(conversationId);

  private pump(): void {
    while (!this.stopped && this.running < this.opts.concurrency && this.queue.hasSendable()) {
      const batch = this.queue.takeBatch(this.opts.maxBatch, this.alone, this.prefer);
      if (batch.length === 0) break;
      this.prefer = this.alone(batch[0].conversationId) ? 'batch' : 'solo';
      this.running++;
      void this.sendBatch(batch).finally(() => {
        this.running--;
        this.queue.settle(new Set(batch.map((e) => e.conversationId)));
        this.pump();
      });
    }
  }

  private async sendBatch(batch: OutboxEntry[]): Promise<void> {
    try {
      if (this.stopped) throw stopping();
      await this.opts.send({ messages: { message: batch.map((e) => e.message) } }, { signal: this.aborter.signal });
    } catch (err) {
      await this.handleFailure(batch, err);
      return;
    }
    for (const id of conversationsOf(batch)) this.markLive(id);
    for (const e of batch) e.settle.resolve();
    this.opts.onSent?.(batch.length);
  }

  private async handleFailure(batch: OutboxEntry[], err: unknown): Promise<void> {
    if (this.stopped) {
      for (const e of batch) e.settle.reject(stopping());
      return;
    }
    const conversations = conversationsOf(batch);
    if (err instanceof PlatformError && err.retryable) {
      const attempt = Math.max(...batch.map((e) => ++e.attempts));
      if (attempt < this.opts.maxAttempts) return this.retryLater(batch, conversations, this.backoffMs(attempt, err));
      return this.fail(batch, conversations, err, err);
    }
    if (conversations.length > 1) {
      // Refused for good, or a 404/409: which conversation is at fault is not known. Each is
      // sent alone again, so only the one at fault fails or closes (S6).
      for (const id of conversations) await this.sendBatch(batch.filter((e) => e.conversationId === id));
      return;
    }
    const [id] = conversations;
    if (closesConversation(err)) {
      const reason = `${err.code} ${err.developerMessage}`;
      this.close(id, reason);
      this.opts.onDropped?.(id, batch.length, reason);
      for (const e of batch) e.settle.resolve();
      return;
    }
    this.fail(batch, conversations, err, new ReplyNotDeliveredError(err));
  }

  /** Reports the failure (with its reason) and rejects each message's promise with `rejection`. */
  private fail(batch: OutboxEntry[], conversations: string[], reason: unknown, rejection: unknown): void {
    for (const id of conversations) {
      const mine = batch.filter((e) => e.conversationId === id);
      this.opts.onFailure?.(id, mine.map((e) => e.message), reason);
      for (const e of mine) e.settle.reject(rejection);
    }
  }

  private backoffMs(attempt: number, err: PlatformError): number {
    const asked = err.retryAfterSeconds === undefined ? 0 : Math.min(err.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
    return Math.max(this.opts.retryDelayMs(attempt), asked);
  }

  /**
   * Puts a failed batch back at the head of its conversations and holds them for the backoff,
   * without keeping the send slot (T3): other conversations' replies go meanwhile; one
   * conversation's trouble never delays another's.
   */
  private retryLater(batch: OutboxEntry[], conversations: string[], delayMs: number): void {
    for (const id of conversations) this.queue.hold(id);
    this.queue.requeueAtHead(batch);
    void this.wait(delayMs).then(() => {
      if (this.stopped) return;
      for (const id of conversations) this.queue.release(id);
      this.pump();
    });
  }

  private wait(ms: number): Promise<void> {
    if (this.opts.sleep) return this.opts.sleep(ms);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private close(conversationId: string, reason: string): void {
    this.closed.set(conversationId, reason);
    // What was still queued for it goes too: dropped, not sent.
    const left = this.queue.removeConversation(conversationId);
    if (left.length > 0) this.opts.onDropped?.(conversationId, left.length, reason);
    for (const e of left) e.settle.resolve();
  }
}

const conversationsOf = (batch: OutboxEntry[]): string[] => [...new Set(batch.map((e) => e.conversationId))];

/** 404: the hub does not know the conversation; 409: it has ended. Either way, final (S6). */
function closesConversation(err: unknown): err is PlatformError {
  return err instanceof PlatformError && (err.status === 404 || err.status === 409);
}

/** Why a stopped outbox refuses: retryable, so the turn runs again on another replica. */
function stopping(): PlatformError {
  return PlatformError.of('503-100', { reason: 'the replica is stopping' });
}

/** A rejected promise nobody may await (a caller that drops it) must not crash the process. */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}
