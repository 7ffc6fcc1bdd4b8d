/**
 * The outbox's queues: one FIFO per conversation, and a round-robin ring of conversations that
 * have something to send, so a batch takes a fair share from each (one chatty conversation
 * cannot starve the rest). A conversation with a batch in flight is skipped until that batch
 * settles, which keeps per-conversation order through retries.
 *
 * The ring's order is least recently served first, remembered after a conversation's queue
 * empties (S15): a live customer's conversation has one reply at a time, so its queue empties
 * after each POST; entering the ring at its back each time, it waited behind every conversation
 * of a flood (60 conversations each replying once per POST: one POST more, a budget interval,
 * for most live replies). A conversation that comes back is placed by when it was last served,
 * a new one as if served now (a flood of new conversations does not go ahead of the others).
 */
import type { PipelineSpan } from '../../observability/traceContext.js';
import type { HubMessage } from '../../schemas/hubMessages.js';
import type { ReplyClock } from './replyTiming.js';

export interface OutboxEntry {
  conversationId: string;
  message: HubMessage;
  /** Attempts already made at outbox level (the HTTP core retries inside each attempt). */
  attempts: number;
  settle: { resolve: () => void; reject: (err: unknown) => void };
  /** Where its time goes (metrics). */
  clock: ReplyClock;
  /** Its span from enqueue to delivery (O4): the parent of the POST that carries it first. */
  wait: PipelineSpan;
  /** Dropped (its conversation closed) while a refused batch was being split: settled, not sent. */
  dropped?: boolean;
}

export class OutboxQueue {
  private readonly queues = new Map<string, OutboxEntry[]>();
  private readonly inFlight = new Set<string>();
  /** Conversations waiting out a retry's backoff: not sendable, yet not holding a send slot (T3). */
  private readonly held = new Set<string>();
  /** Conversations with something queued, least recently served first. */
  private ring: string[] = [];
  /** When each recent conversation was last served (or first queued): POSTs taken so far then. Oldest first, bounded. */
  private readonly served = new Map<string, number>();
  private posts = 0;

  /** @param remembered - conversations whose last service is remembered once their queue is empty */
  constructor(private readonly remembered = 10_000) {}

  get depth(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  depthOf(conversationId: string): number {
    return this.queues.get(conversationId)?.length ?? 0;
  }

  push(entry: OutboxEntry): void {
    let q = this.queues.get(entry.conversationId);
    if (!q) {
      q = [];
      this.queues.set(entry.conversationId, q);
      this.enterRing(entry.conversationId);
    }
    q.push(entry);
  }

  /** Puts entries back at the head of their conversations, in their original order. */
  requeueAtHead(entries: OutboxEntry[]): void {
    const byConversation = new Map<string, OutboxEntry[]>();
    for (const e of entries) byConversation.set(e.conversationId, [...(byConversation.get(e.conversationId) ?? []), e]);
    for (const [id, list] of byConversation) {
      const q = this.queues.get(id);
      if (q) q.unshift(...list);
      else {
        this.queues.set(id, [...list]);
        this.enterRing(id);
      }
    }
  }

  /** Takes out everything queued for a conversation (it closed); returns what was there. */
  removeConversation(conversationId: string): OutboxEntry[] {
    const q = this.queues.get(conversationId) ?? [];
    this.queues.delete(conversationId);
    this.held.delete(conversationId);
    this.ring = this.ring.filter((id) => id !== conversationId);
    return q;
  }

  hasSendable(): boolean {
    return this.ring.some((id) => this.sendable(id));
  }

  /** Keeps a conversation out of batches until release(): its backoff. */
  hold(conversationId: string): void {
    this.held.add(conversationId);
  }

  release(conversationId: string): void {
    this.held.delete(conversationId);
  }

  /** Takes out everything queued (the outbox stops); returns it. */
  drain(): OutboxEntry[] {
    const all = [...this.queues.values()].flat();
    this.queues.clear();
    this.held.clear();
    this.ring = [];
    return all;
  }

  /**
   * The entries of the next POST. Two kinds of POST take the send slot in turn (S6):
   * - a solo: the queued messages of ONE conversation the hub has not shown to exist yet
   *   (`alone(id)`), so an unknown conversation costs one POST and spoils no batch;
   * - a batch: up to `max` entries of the other conversations, one per conversation per round,
   *   least recently served first; the ones served move to the back of the ring, so every
   *   conversation gets its turn whatever the batch size.
   * `prefer` says which kind goes when both are waiting; the outbox alternates, so a live
   * conversation waits behind one solo at most, however many unknown ones are queued.
   * Typing indicators that a queued reply makes pointless are dropped (resolved without
   * sending) rather than spending budget.
   */
  takeBatch(max: number, alone: (conversationId: string) => boolean = () => false, prefer: 'solo' | 'batch' = 'batch'): OutboxEntry[] {
    let solo: string | undefined;
    let shared = false;
    for (const id of this.ring) {
      if (!this.sendable(id)) continue;
      if (alone(id)) solo ??= id;
      else shared = true;
      if (solo !== undefined && shared) break;
    }
    if (solo !== undefined && (prefer === 'solo' || !shared)) return this.take([solo], max, true);
    if (!shared) return [];
    return this.take(this.ring.filter((id) => !alone(id)), max, false);
  }

  private sendable(id: string): boolean {
    return !this.inFlight.has(id) && !this.held.has(id) && (this.queues.get(id)?.length ?? 0) > 0;
  }

  /** Up to `max` entries from `ids`, one per conversation per round (all from the first when `solo`). */
  private take(ids: string[], max: number, solo: boolean): OutboxEntry[] {
    const batch: OutboxEntry[] = [];
    const taken = new Set<string>();
    let progressed = true;
    while (batch.length < max && progressed) {
      progressed = false;
      for (const id of ids) {
        if (batch.length >= max) break;
        if (!this.sendable(id)) continue;
        const q = this.queues.get(id)!;
        dropStaleTyping(q);
        const e = q.shift();
        if (!e) continue;
        batch.push(e);
        taken.add(id);
        progressed = true;
        if (solo) break;
      }
    }
    this.ring = [...this.ring.filter((id) => !taken.has(id)), ...this.ring.filter((id) => taken.has(id))];
    if (taken.size > 0) this.posts++;
    for (const id of taken) {
      this.inFlight.add(id);
      this.markServed(id, this.posts);
    }
    return batch;
  }

  /** Places a conversation in the ring by when it was last served; one not remembered as if served now. */
  private enterRing(id: string): void {
    const at = this.served.get(id) ?? this.markServed(id, this.posts);
    let i = this.ring.length;
    while (i > 0 && (this.served.get(this.ring[i - 1]) ?? this.posts) > at) i--;
    this.ring.splice(i, 0, id);
  }

  private markServed(id: string, at: number): number {
    this.served.delete(id);
    this.served.set(id, at);
    // The oldest first, a few per call (this runs for every POST): a conversation still queued
    // keeps its time and goes to the back, so a backlog of queued ones is never scanned whole.
    let budget = 8;
    for (const old of this.served.keys()) {
      if (this.served.size <= this.remembered || budget-- === 0) break;
      const time = this.served.get(old)!;
      this.served.delete(old);
      if (this.queues.has(old)) this.served.set(old, time);
    }
    return at;
  }

  /** Marks conversations as settled and forgets empty ones. */
  settle(conversationIds: Iterable<string>): void {
    for (const id of conversationIds) {
      this.inFlight.delete(id);
      if ((this.queues.get(id)?.length ?? 0) === 0) {
        this.queues.delete(id);
        this.ring = this.ring.filter((c) => c !== id);
      }
    }
  }
}

const isType = (e: OutboxEntry | undefined, t: string) => e?.message.type.value === t;

/** At the head: typing.start, …, then a real message queued → the typing pair is pointless. */
function dropStaleTyping(q: OutboxEntry[]): void {
  while (isType(q[0], 'typing.start')) {
    const replyAt = q.findIndex((e, i) => i > 0 && !isType(e, 'typing.start') && !isType(e, 'typing.end'));
    if (replyAt < 0) return;
    const start = q.shift()!;
    start.settle.resolve();
    const endAt = q.findIndex((e) => isType(e, 'typing.end'));
    if (endAt >= 0 && endAt < replyAt) q.splice(endAt, 1)[0].settle.resolve();
  }
}
