// The in-process event store (documented on the class).
import { PlatformError } from '../errors/platformError.js';
import {
  checkDedupeWindow,
  dedupeKeyOf,
  DEFAULT_MAX_PENDING,
  MIN_DEDUPE_WINDOW_SECONDS,
  type EventDeadLetter,
  type EventStore,
  type HandlerFailureRecord,
  type RecordOutcome,
  type StoredEvent,
} from './eventStore.js';

/** The bounds of a `MemoryEventStore`: its dedupe window and pending queue. */
export interface MemoryEventStoreOptions {
  /** Seconds a notificationId is remembered; at least (and by default) 24 h. */
  dedupeWindowSeconds?: number;
  /** Pending events (recorded, not yet handled) beyond which new ones are refused; default 10,000. */
  maxPending?: number;
}

/**
 * The in-process EventStore: the embedded default for one replica and for tests. It is as
 * durable as the process; with several replicas, or when events must survive a restart, use
 * RedisEventStore. The dedupe window and the pending queue are bounded (see options), and a
 * full queue refuses new events (the route answers 503 and the event manager retries, W7)
 * rather than growing without limit.
 *
 * Time is `Date.now()`, so sinon fake timers drive the dedupe window in tests.
 */
export class MemoryEventStore implements EventStore {
  private readonly windowMs: number;
  private readonly maxPending: number;
  /** dedupeKeyOf(notificationId) → expiry; insertion order is expiry order (one window for all). */
  private readonly seen = new Map<string, number>();
  private readonly pending = new Map<string, StoredEvent>();
  private readonly claimed = new Map<string, StoredEvent>();
  private readonly dead = new Map<string, EventDeadLetter>();
  private nextEntry = 1;

  /** @param opts - dedupe window and bounds */
  constructor(opts: MemoryEventStoreOptions = {}) {
    this.windowMs = checkDedupeWindow(opts.dedupeWindowSeconds ?? MIN_DEDUPE_WINDOW_SECONDS) * 1000;
    this.maxPending = opts.maxPending ?? DEFAULT_MAX_PENDING;
  }

  /** {@inheritDoc EventStore.record} */
  async record(notificationId: string, body: string, receivedAt: number): Promise<RecordOutcome> {
    const now = Date.now();
    this.forgetExpired(now);
    const key = dedupeKeyOf(notificationId);
    if (this.seen.has(key)) return 'duplicate';
    if (this.pending.size + this.claimed.size >= this.maxPending) {
      throw PlatformError.of('503-100', { reason: 'the event queue is full' });
    }
    this.seen.set(key, now + this.windowMs);
    this.enqueue(notificationId, body, receivedAt);
    return 'recorded';
  }

  /** {@inheritDoc EventStore.claim} */
  async claim(_consumer: string, max: number): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    for (const [id, event] of this.pending) {
      if (out.length >= max) break;
      this.pending.delete(id);
      const claimed = { ...event, deliveries: event.deliveries + 1 };
      this.claimed.set(id, claimed);
      out.push(claimed);
    }
    return out;
  }

  /** {@inheritDoc EventStore.extend} */
  async extend(): Promise<void> {
    // One process: nobody else can take a claimed entry.
  }

  /** {@inheritDoc EventStore.ack} */
  async ack(_consumer: string, entryIds: string[]): Promise<void> {
    for (const id of entryIds) this.claimed.delete(id);
  }

  /** {@inheritDoc EventStore.deadLetter} */
  async deadLetter(_consumer: string, event: StoredEvent, failures: HandlerFailureRecord[], failedAt: number): Promise<void> {
    this.claimed.delete(event.entryId);
    this.dead.delete(event.notificationId); // re-insert so the listing stays in failure order
    this.dead.set(event.notificationId, { notificationId: event.notificationId, body: event.body, receivedAt: event.receivedAt, failedAt, failures });
  }

  /** {@inheritDoc EventStore.listDeadLetters} */
  async listDeadLetters(limit = 100): Promise<EventDeadLetter[]> {
    return [...this.dead.values()].slice(0, limit);
  }

  /** {@inheritDoc EventStore.requeueDeadLetter} */
  async requeueDeadLetter(notificationId: string): Promise<boolean> {
    const letter = this.dead.get(notificationId);
    if (!letter) return false;
    this.dead.delete(notificationId);
    this.enqueue(letter.notificationId, letter.body, letter.receivedAt);
    return true;
  }

  /** {@inheritDoc EventStore.deadLetterCount} */
  async deadLetterCount(): Promise<number> {
    return this.dead.size;
  }

  /** {@inheritDoc EventStore.pendingCount} */
  async pendingCount(): Promise<number> {
    return this.pending.size + this.claimed.size;
  }

  private enqueue(notificationId: string, body: string, receivedAt: number): void {
    const entryId = String(this.nextEntry++);
    this.pending.set(entryId, { entryId, notificationId, body, receivedAt, deliveries: 0 });
  }

  private forgetExpired(now: number): void {
    for (const [id, expiresAt] of this.seen) {
      if (expiresAt > now) break;
      this.seen.delete(id);
    }
  }
}
