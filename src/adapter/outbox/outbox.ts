/**
 * The outbox: replies of every conversation leave through here, as a scheduler for the
 * tenant's budget on POST /conversations/messages (DESIGN.md, "Performance model"). Each POST
 * carries every queued message it fairly can (the batch body takes several messages); a
 * conversation has at most one batch in flight, so its order holds through retries. The HTTP
 * core throttles (reserve-and-wait) and retries 429/502/503; when a batch still fails with a
 * retryable error the outbox tries again later, and a message that finally fails rejects its
 * promise and is reported through `onFailure` — never dropped silently.
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
  sleep?: (ms: number) => Promise<void>;
}

export class Outbox {
  private readonly queue = new OutboxQueue();
  private readonly opts: Required<Omit<OutboxOptions, 'onFailure' | 'onSent'>> & Pick<OutboxOptions, 'onFailure' | 'onSent'>;
  private running = 0;
  private pending = new Map<string, Set<Promise<void>>>();

  constructor(opts: OutboxOptions) {
    this.opts = {
      maxBatch: 50,
      concurrency: 1,
      maxAttempts: 5,
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
      await this.opts.sleep(this.opts.retryDelayMs(attempt));
      this.queue.requeueAtHead(batch);
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
      this.opts.onFailure?.(id, mine.map((e) => e.message), err);
      for (const e of mine) e.settle.reject(err);
    }
  }
}
