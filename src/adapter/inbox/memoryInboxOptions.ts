// What a MemoryInbox is built with (documented on the interface).
import type { DeadLetter } from './inbox.js';

/**
 * How long a `MemoryInbox` remembers item ids and dead letters, its default lease and its clock;
 * every field has a default.
 */
export interface MemoryInboxOptions {
  /** How long an item id is remembered to recognise redeliveries; default 24 h. */
  dedupeWindowMs?: number;
  /**
   * Item ids remembered at most, oldest forgotten first; default 1,000,000 (about 100 MB). At
   * 1,000 messages a second a 24 h window alone would hold 86 million; a redelivery comes
   * within minutes, so the window is cut by count long before it matters.
   */
  maxRemembered?: number;
  /** Dead letters kept, newest first; default 1000. */
  maxDeadLetters?: number;
  /**
   * Applied to a dead letter before it is kept (S13): the composed server masks customer data
   * there (card numbers, e-mail addresses, phone numbers), since letters are kept for days and
   * listed by `hubbot deadletters`. A letter requeued later runs on what was kept.
   */
  maskLetter?: (letter: DeadLetter) => DeadLetter;
  /** Default lease of `complete(..., { keepLease: true })`; default 30 s. */
  leaseMs?: number;
  /** Milliseconds clock; default Date.now, looked up at each call so sinon fake timers apply. */
  now?: () => number;
}
