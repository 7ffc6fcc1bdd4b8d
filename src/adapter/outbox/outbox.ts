/**
 * The outbox: replies of every conversation leave through here, as a scheduler for the
 * tenant's budget on POST /conversations/messages. Each POST
 * carries every queued message it fairly can (the batch body takes several messages); a
 * conversation has at most one batch in flight, so its order holds through retries. The HTTP
 * core throttles (reserve-and-wait) and retries 429/502/503; when a batch still fails with a
 * retryable error the outbox tries again later, and a message that finally fails rejects its
 * promise and is reported through `onFailure` — never dropped silently.
 *
 * A conversation the hub answers 404 (unknown) or 409 (ended) for is marked closed (S6): its
 * replies are dropped, told to `onDropped` (a log line and a metric), and never sent again, so
 * replies to dead conversations do not spend the budget of live ones.
 */
import type { HubMessage, MessageBatch } from '../../schemas/hubMessages.js';
import { PlatformError } from '../../errors/platformError.js';
import { OutboxQueue, type OutboxEntry } from './outboxQueue.js';

export interface OutboxOptions {
  send: (batch: MessageBatch) => Promise<void>;
  /** Messages per POST at most. */
  maxBatch?: number;
  /**
   * POSTs in flight at once (each for different conversations). Default 1: a POST takes its
   * batch before waiting for its rate slot, so with one in flight everything queued during
   * that wait leaves together in the next, which is what uses the budget best.
   */
  concurrency?: number;
  /** Outbox-level attempts for a retryable failure, after the core's own retries. */
  maxAttempts?: number;
  retryDelayMs?: (attempt: number) => number;
  onFailure?: (conversationId: string, messages: HubMessage[], err: unknown) => void;
  onSent?: (batchSize: number) => void;
  /** Replies dropped because the hub said their conversation is unknown or ended (S6). */
  onDropped?: (conversationId: string, count: number, reason: string) => void;
  /** Closed conversations remembered at most (oldest forgotten first); default 10,000. */
  maxClosed?: number;
  sleep?: (ms: number) => Promise<void>;
}

export class Outbox {
  private readonly queue = new OutboxQueue();
  private readonly opts: Required<Omit<OutboxOptions, 'onFailure' | 'onSent' | 'onDropped'>> & Pick<OutboxOptions, 'onFailure' | 'onSent' | 'onDropped'>;
  /** Conversations the hub answered 404 or 409 for, in the order they closed, with why. */
  private readonly closed = new Map<string, string>();
  private running = 0;
  private pending = new Map<string, Set<Promise<void>>>();

  constructor(opts: OutboxOptions) {
    this.opts = {
      maxBatch: 50,
      concurrency: 1,
      maxAttempts: 5,
      maxClosed: 10_000,
      retryDelayMs: (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      ...opts,
    };
  }

  get depth(): number {
    return this.queue.depth;
  }

  /** Queues messages of one conversation, in order; each promise settles when that message is sent or has finally failed. */
  enqueue(conversationId: string, messages: HubMessage[]): Promise<void>[] {
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

  private pump(): void {
    while (this.running < this.opts.concurrency && this.queue.hasSendable()) {
      const batch = this.queue.takeBatch(this.opts.maxBatch);
      if (batch.length === 0) break;
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
      await this.opts.send({ messages: { message: batch.map((e) => e.message) } });
      for (const e of batch) e.settle.resolve();
      this.opts.onSent?.(batch.length);
    } catch (err) {
      await this.handleFailure(batch, err);
    }
  }

  private async handleFailure(batch: OutboxEntry[], err: unknown): Promise<void> {
    const retryable = err instanceof PlatformError ? err.retryable : true;
    const attempt = Math.max(...batch.map((e) => ++e.attempts));
    if (retryable && attempt < this.opts.maxAttempts) {
      this.retryLater(batch, this.opts.retryDelayMs(attempt));
      return;
    }
    const conversations = new Set(batch.map((e) => e.conversationId));
    if (!retryable && conversations.size > 1) {
      // One conversation's bad message must not fail the others: send each conversation's
      // share on its own, so only the one at fault is reported.
      for (const id of conversations) await this.sendBatch(batch.filter((e) => e.conversationId === id));
      return;
    }
    for (const id of conversations) {
      const mine = batch.filter((e) => e.conversationId === id);
      if (closesConversation(err)) {
        this.close(id, `${(err as PlatformError).code} ${(err as PlatformError).developerMessage}`);
        this.opts.onDropped?.(id, mine.length, this.closed.get(id)!);
        for (const e of mine) e.settle.resolve();
        continue;
      }
      this.opts.onFailure?.(id, mine.map((e) => e.message), err);
      for (const e of mine) e.settle.reject(err);
    }
  }

  /**
   * Puts a failed batch back at the head of its conversations and holds them for the backoff,
   * without keeping the send slot (T3): other conversations' replies go meanwhile; one
   * conversation's trouble never delays another's.
   */
  private retryLater(batch: OutboxEntry[], delayMs: number): void {
    const conversations = [...new Set(batch.map((e) => e.conversationId))];
    for (const id of conversations) this.queue.hold(id);
    this.queue.requeueAtHead(batch);
    void this.opts.sleep(delayMs).then(() => {
      for (const id of conversations) this.queue.release(id);
      this.pump();
    });
  }

  /** Whether replies to the conversation are dropped (the hub said it is unknown or ended). */
  isClosed(conversationId: string): boolean {
    return this.closed.has(conversationId);
  }

  private close(conversationId: string, reason: string): void {
    this.closed.delete(conversationId);
    this.closed.set(conversationId, reason);
    if (this.closed.size > this.opts.maxClosed) this.closed.delete(this.closed.keys().next().value!);
    // What was still queued for it goes too: dropped, not sent.
    const left = this.queue.removeConversation(conversationId);
    if (left.length > 0) this.opts.onDropped?.(conversationId, left.length, reason);
    for (const e of left) e.settle.resolve();
  }
}

/** 404: the hub does not know the conversation; 409: it has ended. Either way, final (S6). */
function closesConversation(err: unknown): boolean {
  return err instanceof PlatformError && (err.status === 404 || err.status === 409);
}
