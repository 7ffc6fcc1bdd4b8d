// The outbox (documented on the class).
import type { HubMessage } from '../../schemas/hubMessages.js';
import { PlatformError } from '../../errors/platformError.js';
import { ReplyNotDeliveredError } from '../turnErrors.js';
import { OutboxQueue, type OutboxEntry } from './outboxQueue.js';
import { RecentConversations } from '../../storage/recentConversations.js';
import type { OutboxOptions, SendAtSlot } from './outboxOptions.js';
import { ReplyClock } from './replyTiming.js';
import { startSpan, type PipelineSpan } from '../../observability/tracing.js';

export type { OutboxOptions, SendAtSlot } from './outboxOptions.js';

type Hooks = 'onFailure' | 'onSent' | 'onDelivered' | 'onDropped' | 'onClosed' | 'sleep' | 'send' | 'sendAtSlot';
type Settings = Required<Omit<OutboxOptions, Hooks>> & Pick<OutboxOptions, Hooks>;

const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The outbox: replies of every conversation leave through here, as a scheduler for the
 * tenant's budget on POST /conversations/messages. Each POST carries every queued message it
 * fairly can (the batch body takes several messages); a conversation has at most one batch in
 * flight, so its order holds through retries. A POST takes its batch when its rate slot is
 * granted (`sendAtSlot`), not before waiting for it: a reply queued during the wait leaves in
 * that POST, not one interval later in the next.
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
export class Outbox {
  private readonly queue = new OutboxQueue();
  private readonly opts: Settings;
  /** Conversations the hub answered 404 or 409 for, with why. */
  private readonly closed: RecentConversations<string>;
  /** Conversations the hub has shown to exist: their replies may share a batch. */
  private readonly live: RecentConversations<true>;
  private running = 0;
  /** A POST is waiting for its rate slot, its batch not yet taken: no other starts meanwhile. */
  private waitingForSlot = false;
  private readonly post: SendAtSlot;
  private pending = new Map<string, Set<Promise<void>>>();
  /** Which kind of POST goes next when both wait: solos and batches alternate (S6). */
  private prefer: 'solo' | 'batch' = 'batch';
  private readonly aborter = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();

  /**
   * @param opts - how a batch is sent (`sendAtSlot` or `send`), and optional limits, retries and
   * hooks
   * @throws TypeError when neither `sendAtSlot` nor `send` is given
   */
  constructor(opts: OutboxOptions) {
    this.opts = {
      maxBatch: 50,
      concurrency: 1,
      maxAttempts: 6,
      maxClosed: 10_000,
      retryDelayMs: (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
      ...opts,
    };
    const { send, sendAtSlot } = opts;
    if (sendAtSlot) this.post = sendAtSlot;
    else if (send) this.post = (take, call) => send(take(), call);
    else throw new TypeError('Outbox: give sendAtSlot (or send)');
    this.closed = new RecentConversations(this.opts.maxClosed);
    this.live = new RecentConversations(this.opts.maxClosed);
  }

  /** Messages queued and not yet sent, over all conversations. */
  get depth(): number {
    return this.queue.depth;
  }

  /** Whether `stop()` was called: new messages are refused. */
  get stopped(): boolean {
    return this.aborter.signal.aborted;
  }

  /** The hub sent a message in this conversation: it exists, so its replies may share a batch. */
  markLive(conversationId: string): void {
    if (!this.closed.has(conversationId)) this.live.set(conversationId, true);
  }

  /**
   * The hub said the conversation has ended (its `conversation.end` came in): replies to it are
   * dropped from now on, without a POST the hub would refuse with 409 (S11). Known from the hub's
   * own message, so a customer who opens many conversations and ends each at once spoils no
   * batch and costs the other conversations no part of the budget.
   *
   * @param announce - false when another replica told of it (nothing to tell the others, S15)
   */
  markEnded(conversationId: string, announce = true): void {
    if (this.closed.has(conversationId)) return;
    this.close(conversationId, announce ? 'the hub ended the conversation (conversation.end)' : 'the hub ended the conversation (told by another replica)');
    if (announce) this.opts.onClosed?.(conversationId);
  }

  /** Queues messages of one conversation, in order; each promise settles when that message is sent or has finally failed. */
  enqueue(conversationId: string, messages: HubMessage[]): Promise<void>[] {
    if (this.stopped) return messages.map(() => handled(Promise.reject(stopping())));
    const closedBecause = this.closed.get(conversationId);
    if (closedBecause !== undefined) {
      this.opts.onDropped?.(conversationId, messages.length, closedBecause);
      return messages.map(() => Promise.resolve());
    }
    // The turn that queues them (O4): each reply's wait is a span of the turn's trace, its parent
    // the active context (startSpan's default, read only while a tracer records: this runs
    // synchronously, so it is the turn's for every message).
    const promises = messages.map((message) => {
      let settle!: OutboxEntry['settle'];
      const p = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
      const wait = startSpan('hubbot.outbox.wait', { attributes: { 'hubbot.conversation.id': conversationId } });
      if (wait.recording) p.then(() => wait.end(), (err: unknown) => wait.fail(err));
      this.queue.push({ conversationId, message, attempts: 0, settle, clock: new ReplyClock(), wait });
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

  /**
   * Starts POSTs while there is something to send. A POST takes its batch only when its slot is
   * granted, so one at a time waits for a slot: a second one waiting would find the first had
   * taken everything, and spend a slot of the budget on nothing.
   */
  private pump(): void {
    while (!this.stopped && !this.waitingForSlot && this.running < this.opts.concurrency && this.queue.hasSendable()) {
      this.running++;
      this.waitingForSlot = true;
      let taken: OutboxEntry[] | undefined;
      const take = () => {
        this.waitingForSlot = false;
        taken = this.queue.takeBatch(this.opts.maxBatch, this.alone, this.prefer);
        if (taken.length > 0) this.prefer = this.alone(taken[0].conversationId) ? 'batch' : 'solo';
        // The slot is ours now: another POST may start waiting for the next one.
        queueMicrotask(() => this.pump());
        return taken;
      };
      void this.sendBatch(take).finally(() => {
        if (taken === undefined) this.waitingForSlot = false; // a send that never took its batch
        this.running--;
        this.queue.settle(new Set((taken ?? []).map((e) => e.conversationId)));
        this.pump();
      });
    }
  }

  /**
   * One POST; `take` gives its entries when the slot is granted (or at once, for a resend of
   * entries already taken). Resolves once the entries it carried are settled or requeued.
   */
  private async sendBatch(take: () => OutboxEntry[]): Promise<void> {
    let batch: OutboxEntry[] | undefined;
    let span: PipelineSpan | undefined;
    const startedAt = Date.now();
    const takeOnce = () => {
      if (batch) return batch;
      batch = take();
      for (const e of batch) e.clock.enter('post');
      span = postSpan(batch, startedAt);
      return batch;
    };
    try {
      if (this.stopped) throw stopping();
      await this.post(() => {
        const entries = takeOnce();
        if (entries.length === 0) throw NOTHING_TO_SEND;
        return { messages: { message: entries.map((e) => e.message) } };
      }, { signal: this.aborter.signal, traceParent: () => span?.context });
    } catch (err) {
      if (err === NOTHING_TO_SEND) return;
      span?.fail(err);
      // Failed before its slot (no token, the bucket's store down): the batch it would have
      // carried bears the failure, as when batches were taken before the slot.
      const failed = takeOnce();
      if (failed.length > 0) await this.handleFailure(failed, err);
      return;
    }
    span?.end();
    const sent = batch ?? [];
    for (const id of conversationsOf(sent)) this.markLive(id);
    for (const e of sent) {
      const timing = e.clock.stop();
      this.opts.onDelivered?.(timing);
      e.wait.set({ 'hubbot.outbox.queue_ms': timing.queueMs, 'hubbot.outbox.post_ms': timing.postMs, 'hubbot.outbox.backoff_ms': timing.backoffMs, 'hubbot.outbox.attempts': e.attempts + 1 });
      e.settle.resolve();
    }
    this.opts.onSent?.(sent.length);
  }

  private async handleFailure(batch: OutboxEntry[], err: unknown): Promise<void> {
    if (this.stopped) {
      for (const e of batch) e.settle.reject(stopping());
      return;
    }
    const conversations = conversationsOf(batch);
    if (err instanceof PlatformError && err.retryable) {
      // Each conversation backs off by its own failed attempts: a batch taken at the slot mixes
      // fresh replies with ones already retried, and the highest count of the batch (1 s, 2 s,
      // 4 s ... up to 30 s) held them all; in the soak a few of those turned into 15-30 s waits
      // for every conversation that happened to share the POST.
      // Conversations with the same delay are released together, so they leave in one POST again.
      const byDelay = new Map<number, string[]>();
      for (const id of conversations) {
        const mine = batch.filter((e) => e.conversationId === id);
        const attempt = Math.max(...mine.map((e) => ++e.attempts));
        if (attempt >= this.opts.maxAttempts) this.fail(mine, [id], err, err);
        else {
          const delay = this.backoffMs(attempt, err);
          byDelay.set(delay, [...(byDelay.get(delay) ?? []), id]);
        }
      }
      for (const [delay, ids] of byDelay) this.retryLater(batch.filter((e) => ids.includes(e.conversationId)), ids, delay);
      return;
    }
    if (conversations.length > 1) {
      // Refused for good, or a 404/409: which conversation is at fault is not known. A large
      // batch is split in two halves sent again, and a refused half split again (S11): one bad
      // conversation among n costs about 2·log2(n) POSTs, not n, and a half without it is
      // delivered in one POST instead of one conversation per POST. Up to four conversations are
      // each sent alone (no more POSTs than halving, fewer when one is at fault). Only a
      // conversation refused on its own fails or closes (S6).
      const parts = conversations.length <= 4 ? conversations.map((id) => [id]) : [conversations.slice(0, Math.ceil(conversations.length / 2)), conversations.slice(Math.ceil(conversations.length / 2))];
      // A part is taken at its slot without the conversations closed meanwhile (the hub's end
      // message or another replica's 409 may come while a half waits, S15): they cost no POST.
      // Replies queued meanwhile ride along in the part's POST (there is room): a split never
      // holds the other conversations' replies back for its slots.
      for (const ids of parts) {
        const open = ids.filter((id) => !this.dropIfClosed(id, batch));
        if (open.length === 0) continue;
        let joined: OutboxEntry[] = [];
        const part = () => {
          const mine = batch.filter((e) => open.includes(e.conversationId) && !this.dropIfClosed(e.conversationId, batch));
          const queued = mine.length < this.opts.maxBatch ? this.queue.takeBatch(this.opts.maxBatch - mine.length, this.alone, 'batch') : [];
          // A conversation not yet shown to exist goes alone (S6), not in this part: it stays queued.
          if (queued.some((e) => this.alone(e.conversationId))) {
            this.queue.requeueAtHead(queued);
            this.queue.settle(new Set(queued.map((e) => e.conversationId)));
          } else joined = queued;
          return [...mine, ...joined];
        };
        try {
          await this.sendBatch(part);
        } finally {
          this.queue.settle(new Set(joined.map((e) => e.conversationId)));
        }
      }
      return;
    }
    const [id] = conversations;
    if (closesConversation(err)) {
      const reason = `${err.code} ${err.developerMessage}`;
      this.close(id, reason);
      this.opts.onClosed?.(id);
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
    for (const e of batch) e.clock.enter('backoff');
    this.queue.requeueAtHead(batch);
    void this.wait(delayMs).then(() => {
      if (this.stopped) return;
      for (const e of batch) e.clock.enter('queue');
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

  /**
   * True when the conversation was closed after `batch` was taken: its entries of the batch are
   * dropped (settled and counted once) instead of being sent again.
   */
  private dropIfClosed(conversationId: string, batch: OutboxEntry[]): boolean {
    const reason = this.closed.get(conversationId);
    if (reason === undefined) return false;
    const mine = batch.filter((e) => e.conversationId === conversationId && !e.dropped);
    for (const e of mine) {
      e.dropped = true;
      e.settle.resolve();
    }
    if (mine.length > 0) this.opts.onDropped?.(conversationId, mine.length, reason);
    return true;
  }

  private close(conversationId: string, reason: string): void {
    this.closed.set(conversationId, reason);
    // What was still queued for it goes too: dropped, not sent.
    const left = this.queue.removeConversation(conversationId);
    if (left.length > 0) this.opts.onDropped?.(conversationId, left.length, reason);
    for (const e of left) e.settle.resolve();
  }
}

/**
 * The span of one POST to the hub (O4), from its wait for the rate slot to its answer: a child of
 * its first reply's wait, linked to the others' (a batch carries replies of many turns).
 */
function postSpan(batch: OutboxEntry[], startedAt: number): PipelineSpan | undefined {
  if (batch.length === 0 || !batch[0].wait.recording) return undefined;
  const attributes = { 'hubbot.outbox.messages': batch.length, 'hubbot.outbox.conversations': conversationsOf(batch).length };
  return startSpan('hubbot.outbox.post', { kind: 'producer', parent: batch[0].wait.context, startTime: startedAt, links: batch.slice(1).map((e) => e.wait.context), attributes });
}

/** Thrown by a POST's `take` when nothing is sendable at its slot: the POST is not made. */
const NOTHING_TO_SEND = new Error('nothing to send');

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
