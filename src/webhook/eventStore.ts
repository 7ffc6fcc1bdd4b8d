/**
 * Where the webhook records events before it answers 204 (W1, W7) and where the consumer loop
 * takes them from. Two implementations: memory (the embedded default, one process) and Redis
 * (shared by every replica: one dedupe window, pending events claimable by any replica).
 *
 * Life of an event: `record` (deduplicated by the hash of its notificationId, dedupeKeyOf, over the dedupe window) puts it in
 * the pending set; `claim` hands it to one consumer; `ack` removes it once every handler has
 * succeeded; `deadLetter` parks it when a handler kept failing. `requeueDeadLetter` puts a
 * parked event back in the pending set (it is not deduplicated again).
 */

import { hash } from 'node:crypto';
import { storedId } from '../redis/storedId.js';

/**
 * What a store remembers of a notificationId for deduplication: its SHA-256 (hex), so a
 * remembered id weighs 64 characters whatever the sender made it (S4). The one-shot `hash`
 * gives the same digest as createHash at a third of the cost (no Hash object per event); the
 * key format is unchanged, so keys written by earlier versions still deduplicate.
 */
export function dedupeKeyOf(notificationId: string): string {
  // Hashed in its stored form: as UTF-8 alone, ids differing in a lone surrogate hash alike (S17).
  return hash('sha256', storedId(notificationId), 'hex');
}

/** A dedupe window shorter than this would let an event manager retry slip through (spec 6.5). */
export const MIN_DEDUPE_WINDOW_SECONDS = 24 * 60 * 60;
export const DEFAULT_MAX_PENDING = 10_000;

export type RecordOutcome = 'recorded' | 'duplicate';

/** A knowledge event as the event store keeps it, claimed by a consumer. */
export interface StoredEvent {
  /** The store's id of this entry (not the notificationId; a requeued event gets a new one). */
  entryId: string;
  /** The event manager's notification id: a redelivery carries the same one. */
  notificationId: string;
  /** The envelope as JSON text, unknown fields included. */
  body: string;
  /** Milliseconds since epoch. */
  receivedAt: number;
  /** How many times the entry has been claimed, this claim included. */
  deliveries: number;
}

export interface HandlerFailureRecord {
  /** The handler's name (or `handler#n`). */
  handler: string;
  attempts: number;
  /** The error's message; never its stack or its properties, which may hold secrets. */
  error: string;
}

export interface EventDeadLetter {
  notificationId: string;
  body: string;
  receivedAt: number;
  failedAt: number;
  failures: HandlerFailureRecord[];
}

/**
 * Where the webhook records each knowledge event before answering 200, and from which consumers
 * handle them: deduplicated by notification id, claimed per consumer, acknowledged when every
 * handler succeeded, parked in dead letters when they keep failing. `MemoryEventStore` for one
 * replica, `RedisEventStore` (a Redis stream) for several.
 */
export interface EventStore {
  /**
   * Records an event unless its notificationId was seen within the window. Throws when it cannot.
   *
   * @param notificationId - the event's notification id, which deduplicates
   * @param body - the envelope as JSON text
   * @param receivedAt - when it came, in ms since the epoch
   * @returns whether it was recorded or a duplicate
   */
  record(notificationId: string, body: string, receivedAt: number): Promise<RecordOutcome>;
  /**
   * Up to `max` pending events for `consumer`: new ones, and ones another consumer left unfinished.
   *
   * @param consumer - the claiming consumer (one per replica)
   * @param max - the most events returned
   */
  claim(consumer: string, max: number): Promise<StoredEvent[]>;
  /**
   * Keeps `entryIds` claimed by `consumer` (a handler is slow; do not let another replica take them).
   *
   * @param consumer - the consumer holding them
   * @param entryIds - the entries to keep
   */
  extend(consumer: string, entryIds: string[]): Promise<void>;
  /**
   * Done with these entries: every handler succeeded.
   *
   * @param consumer - the consumer holding them
   * @param entryIds - the entries done
   */
  ack(consumer: string, entryIds: string[]): Promise<void>;
  /**
   * Parks an entry whose handlers kept failing.
   *
   * @param consumer - the consumer holding it
   * @param event - the entry
   * @param failures - each handler's failure
   * @param failedAt - when it was given up on, in ms since the epoch
   */
  deadLetter(consumer: string, event: StoredEvent, failures: HandlerFailureRecord[], failedAt: number): Promise<void>;
  /**
   * Parked events, oldest failure first.
   *
   * @param limit - the most letters returned
   */
  listDeadLetters(limit?: number): Promise<EventDeadLetter[]>;
  /**
   * Puts a parked event back in the pending set; false when there is no such dead letter.
   *
   * @param notificationId - the parked event's notification id
   */
  requeueDeadLetter(notificationId: string): Promise<boolean>;
  /** Events parked in the dead letters. */
  deadLetterCount(): Promise<number>;
  /** Events recorded and not yet acknowledged or parked (claimed ones included). */
  pendingCount(): Promise<number>;
}

export function checkDedupeWindow(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < MIN_DEDUPE_WINDOW_SECONDS) {
    throw new RangeError(`the dedupe window must be at least ${MIN_DEDUPE_WINDOW_SECONDS} s (24 h), got ${seconds}`);
  }
  return Math.ceil(seconds);
}
