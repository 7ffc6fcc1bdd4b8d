// The inbox in memory (documented on the class).
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import TinyQueue from 'tinyqueue';
import type { AppendOptions, AppendResult, CompleteOptions, CompleteResult, DeadLetter, Inbox, InboxClaim, InboxItem, ReleaseOptions } from './inbox.js';
import { checkAppend, checkSchedule, DEFAULT_DEDUPE_WINDOW_MS, DEFAULT_MAX_DEAD_LETTERS, itemJson, replayOf } from './inboxDefaults.js';
import { SeenItemIds } from './seenItemIds.js';
import { markValidatedInProcess } from './validatedInProcess.js';
import type { MemoryInboxOptions } from './memoryInboxOptions.js';

export type { MemoryInboxOptions } from './memoryInboxOptions.js';


interface Conversation {
  /** Pending items as JSON, head first, each with its id (read without parsing the JSON). */
  items: { id: string; json: string; validated?: boolean }[];
  /** Ids of the pending items: a redelivery is recognised even after the dedupe window. */
  ids: Set<string>;
  /** When the conversation may be claimed: undefined when it has no items; the lease end when leased. */
  readyAt?: number;
  token?: string;
  attempts: number;
  /** Set anew at each change of readyAt: only the heap entry of the current version counts. */
  version: number;
}

/** A conversation's place in the ready heap, as of one version of its readyAt. */
interface ReadyEntry {
  at: number;
  /** Push order: equal times are claimed first come, first served. */
  seq: number;
  conversationId: string;
  version: number;
}

/** A scheduled item's place in the due heap; stale when its slot now holds another item. */
interface DueEntry {
  at: number;
  seq: number;
  conversationId: string;
  slot: string;
  item: InboxItem & { notBefore: number };
}

const earliest = (a: { at: number; seq: number }, b: { at: number; seq: number }): number => a.at - b.at || a.seq - b.seq;

/**
 * The inbox in this process's memory: the embedded default, right for one replica (what it
 * holds is lost when the process ends; use RedisInbox for several replicas or to survive a
 * restart). It follows RedisInbox's algorithm step for step, so one test suite holds for both.
 *
 * Items are kept as JSON, as in Redis, so a payload that would not survive Redis fails here too.
 *
 * A claim costs O(log n) in the conversations pending, as RedisInbox's sorted set does: the
 * conversations wait in a min-heap by the time they may be claimed, and scheduled items in
 * another by when they are due. A conversation whose ready time changes is pushed again with a
 * new version; the old entry is dropped when it reaches the top (at most one lease later).
 */
export class MemoryInbox implements Inbox {
  private readonly conversations = new Map<string, Conversation>();
  private readonly seen: SeenItemIds;
  private dead: DeadLetter[] = [];
  private readonly maskLetter?: (letter: DeadLetter) => DeadLetter;
  /** conversation → slot → scheduled item. */
  private readonly schedules = new Map<string, Map<string, InboxItem & { notBefore: number }>>();
  /** conversation → the worker it is pinned to, until when, for which item. */
  private readonly pins = new Map<string, { workerId: string; until: number; itemId: string }>();
  private readonly ready = new TinyQueue<ReadyEntry>([], earliest);
  private readonly due = new TinyQueue<DueEntry>([], earliest);
  private seq = 0;
  private count = 0;
  private readonly events = new EventEmitter();
  private readonly maxDeadLetters: number;
  private readonly leaseMs: number;
  private readonly now: () => number;

  /**
   * @param opts - dedupe window, bounds, default lease and clock
   * @throws RangeError when a bound is not a positive integer
   */
  constructor(opts: MemoryInboxOptions = {}) {
    this.maskLetter = opts.maskLetter;
    const maxRemembered = opts.maxRemembered ?? 1_000_000;
    if (!(Number.isInteger(maxRemembered) && maxRemembered >= 1)) throw new RangeError('maxRemembered must be a positive integer');
    this.seen = new SeenItemIds(opts.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS, maxRemembered);
    this.maxDeadLetters = opts.maxDeadLetters ?? DEFAULT_MAX_DEAD_LETTERS;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.now = opts.now ?? (() => Date.now());
    this.events.setMaxListeners(0);
  }

  /** {@inheritDoc Inbox.append} */
  async append(conversationId: string, item: InboxItem, opts: AppendOptions = {}): Promise<AppendResult> {
    checkAppend(conversationId, item);
    const now = this.now();
    const recorded = this.record(conversationId, item, now, opts.validated === true);
    if (recorded && opts.pin) this.pins.set(conversationId, { workerId: opts.pin.workerId, until: now + opts.pin.ms, itemId: item.id });
    if (recorded) this.events.emit('append');
    return { duplicate: !recorded };
  }

  /** {@inheritDoc Inbox.schedule} */
  async schedule(conversationId: string, slot: string, item: InboxItem & { notBefore: number }): Promise<void> {
    checkSchedule(conversationId, slot, item);
    const slots = this.schedules.get(conversationId) ?? new Map<string, InboxItem & { notBefore: number }>();
    const kept = JSON.parse(itemJson(item)) as InboxItem & { notBefore: number };
    slots.set(slot, kept);
    this.schedules.set(conversationId, slots);
    this.due.push({ at: kept.notBefore, seq: this.seq++, conversationId, slot, item: kept });
  }

  /** {@inheritDoc Inbox.unschedule} */
  async unschedule(conversationId: string, slot: string): Promise<boolean> {
    const slots = this.schedules.get(conversationId);
    const had = slots?.delete(slot) ?? false;
    if (slots?.size === 0) this.schedules.delete(conversationId);
    return had;
  }

  /** {@inheritDoc Inbox.scheduled} */
  async scheduled(conversationId: string): Promise<InboxItem[]> {
    return [...(this.schedules.get(conversationId)?.values() ?? [])].sort((a, b) => a.notBefore - b.notBefore);
  }

  /** Appends the scheduled items that are due, soonest first (what RedisInbox's claim does). */
  private moveDue(now: number): void {
    for (let top = this.due.peek(); top && top.at <= now; top = this.due.peek()) {
      this.due.pop();
      // An entry whose slot was emptied or given another item since is stale.
      if (this.schedules.get(top.conversationId)?.get(top.slot) !== top.item) continue;
      void this.unschedule(top.conversationId, top.slot);
      this.record(top.conversationId, top.item, now);
    }
  }

  /** Sets when the conversation may be claimed next, and queues it for then. */
  private readyAt(conversationId: string, conv: Conversation, at: number): void {
    conv.readyAt = at;
    // Versions come from the one sequence, so a conversation ended and begun again never
    // matches an entry of its earlier life.
    conv.version = this.seq++;
    this.ready.push({ at, seq: conv.version, conversationId, version: conv.version });
  }

  /** Adds the item at the end of its conversation; false for a duplicate id. */
  private record(conversationId: string, item: InboxItem, now: number, validated = false): boolean {
    const json = itemJson(item);
    const conv = this.conversations.get(conversationId);
    if (this.seen.has(conversationId, item.id, now) || conv?.ids.has(item.id)) return false;
    this.seen.remember(conversationId, item.id, now);
    if (conv) {
      conv.items.push(validated ? { id: item.id, json, validated } : { id: item.id, json });
      conv.ids.add(item.id);
      if (conv.readyAt === undefined) this.readyAt(conversationId, conv, now);
    } else {
      const fresh: Conversation = { items: [validated ? { id: item.id, json, validated } : { id: item.id, json }], ids: new Set([item.id]), attempts: 0, version: 0 };
      this.conversations.set(conversationId, fresh);
      this.readyAt(conversationId, fresh, now);
    }
    this.count++;
    return true;
  }

  /** {@inheritDoc Inbox.claim} */
  async claim(workerId: string, leaseMs: number): Promise<InboxClaim | undefined> {
    const now = this.now();
    this.moveDue(now);
    // Conversations pinned to another worker are passed over and put back as they were.
    const passed: ReadyEntry[] = [];
    let found: [string, Conversation] | undefined;
    for (let top = this.ready.peek(); top && top.at <= now; top = this.ready.peek()) {
      this.ready.pop();
      const conv = this.conversations.get(top.conversationId);
      if (!conv || conv.version !== top.version) continue;
      const pin = this.pins.get(top.conversationId);
      if (pin && pin.until <= now) this.pins.delete(top.conversationId);
      else if (pin && pin.workerId !== workerId) {
        passed.push(top);
        continue;
      }
      found = [top.conversationId, conv];
      break;
    }
    for (const entry of passed) this.ready.push(entry);
    if (!found) return undefined;
    const [conversationId, conv] = found;
    conv.token = `${workerId}/${randomUUID()}`;
    this.readyAt(conversationId, conv, now + leaseMs);
    conv.attempts++;
    return this.claimOf(conversationId, conv, workerId);
  }

  /** {@inheritDoc Inbox.complete} */
  async complete(claim: InboxClaim, opts: CompleteOptions = {}): Promise<CompleteResult> {
    const conv = this.owned(claim);
    if (!conv) return { completed: false };
    conv.items.shift();
    conv.ids.delete(claim.item.id);
    this.count--;
    conv.attempts = 0;
    if (this.pins.get(claim.conversationId)?.itemId === claim.item.id) this.pins.delete(claim.conversationId);
    if (conv.items.length === 0) {
      this.conversations.delete(claim.conversationId);
      this.pins.delete(claim.conversationId);
      return { completed: true };
    }
    const now = this.now();
    const pin = this.pins.get(claim.conversationId);
    // A conversation pinned to another worker goes back in line for that worker.
    if (opts.keepLease && !(pin && pin.until > now && pin.workerId !== claim.workerId)) {
      this.readyAt(claim.conversationId, conv, now + (opts.leaseMs ?? this.leaseMs));
      conv.attempts = 1;
      return { completed: true, next: this.claimOf(claim.conversationId, conv, claim.workerId) };
    }
    conv.token = undefined;
    this.readyAt(claim.conversationId, conv, now);
    return { completed: true };
  }

  /** {@inheritDoc Inbox.renew} */
  async renew(claim: InboxClaim, leaseMs: number): Promise<boolean> {
    const conv = this.conversations.get(claim.conversationId);
    if (!conv || conv.token !== claim.token) return false;
    this.readyAt(claim.conversationId, conv, this.now() + leaseMs);
    return true;
  }

  /** {@inheritDoc Inbox.release} */
  async release(claim: InboxClaim, opts: ReleaseOptions = {}): Promise<boolean> {
    const conv = this.conversations.get(claim.conversationId);
    if (!conv || conv.token !== claim.token) return false;
    conv.token = undefined;
    this.readyAt(claim.conversationId, conv, this.now() + (opts.delayMs ?? 0));
    return true;
  }

  /** {@inheritDoc Inbox.deadLetter} */
  async deadLetter(claim: InboxClaim, reason: string): Promise<boolean> {
    const conv = this.owned(claim);
    if (!conv) return false;
    const found: DeadLetter = { conversationId: claim.conversationId, item: JSON.parse(conv.items[0].json) as InboxItem, attempts: conv.attempts, reason, deadAt: this.now() };
    const letter = this.maskLetter ? this.maskLetter(found) : found;
    this.dead = [letter, ...this.dead].slice(0, this.maxDeadLetters);
    await this.complete(claim);
    return true;
  }

  /** {@inheritDoc Inbox.depth} */
  async depth(): Promise<number> {
    return this.count;
  }

  /** {@inheritDoc Inbox.deadLetters} */
  async deadLetters(limit = 100): Promise<DeadLetter[]> {
    return this.dead.slice(0, limit);
  }

  /** {@inheritDoc Inbox.requeueDeadLetter} */
  async requeueDeadLetter(itemId: string): Promise<boolean> {
    const letter = this.dead.find((d) => d.item.id === itemId);
    if (!letter) return false;
    await this.append(letter.conversationId, replayOf(letter.item, this.now()));
    this.dead = this.dead.filter((d) => d !== letter);
    return true;
  }

  /** {@inheritDoc Inbox.onAppend} */
  onAppend(listener: () => void): () => void {
    this.events.on('append', listener);
    return () => this.events.off('append', listener);
  }

  /** {@inheritDoc Inbox.close} */
  async close(): Promise<void> {
    this.events.removeAllListeners();
  }

  /** The conversation when the claim still holds its lease and its head item is the claim's. */
  private owned(claim: InboxClaim): Conversation | undefined {
    const conv = this.conversations.get(claim.conversationId);
    if (!conv || conv.token !== claim.token || conv.items.length === 0) return undefined;
    return conv.items[0].id === claim.item.id ? conv : undefined;
  }

  private claimOf(conversationId: string, conv: Conversation, workerId: string): InboxClaim {
    const head = conv.items[0];
    const item = JSON.parse(head.json) as InboxItem;
    if (head.validated) markValidatedInProcess(item);
    return { conversationId, item, workerId, token: conv.token!, attempt: conv.attempts, leaseUntil: conv.readyAt! };
  }
}
