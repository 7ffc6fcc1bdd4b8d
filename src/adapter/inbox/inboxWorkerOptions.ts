// The inbox worker's options and what it tells a handler (the worker is in inboxWorker.ts).
import type { DeadLetter, InboxItem } from './inbox.js';

/** What the worker tells a handler about the turn it runs. */
export interface InboxTurn {
  /** 1 on the first attempt at this item. */
  attempt: number;
  /** Aborted when the lease was lost: another worker now runs this item. */
  signal: AbortSignal;
  /**
   * Makes `write` in the same tick as the worker's next inbox step for this item (its complete,
   * release or dead letter), so that on Redis it shares that step's round trip; a write given
   * after the step runs at once. Present when the inbox sends the commands of one tick together
   * (`Inbox.batchesSameTick`). For writes that may wait for the turn's end (its transcript).
   */
  withStep?: (write: () => void) => void;
}

/**
 * Runs the turn of one inbox item (the bot server's handler runs it through the HubAdapter).
 * Resolving completes the item; throwing retries it, then parks it in the dead letters.
 */
export type InboxHandler = (conversationId: string, item: InboxItem, turn: InboxTurn) => Promise<void>;

/** Where in the worker's cycle a failure happened, as told to `onError`. */
export type InboxWorkerStage = 'claim' | 'handler' | 'renew' | 'complete' | 'release' | 'deadLetter';

/**
 * How an `InboxWorker` runs turns: concurrency, leases, retries, polling and hooks; every field has
 * a default.
 */
export interface InboxWorkerOptions {
  /** Names this worker in lease tokens; default `<hostname>-<pid>-<random>`. */
  workerId?: string;
  /** Conversations handled at once; default 4. */
  concurrency?: number;
  /** Lease length; default 30 s. A replica that dies holds its conversations this long at most. */
  leaseMs?: number;
  /** Renewal period of a running turn's lease; default leaseMs / 3. */
  renewEveryMs?: number;
  /** Attempts at one item before it is dead-lettered; default 5. */
  maxAttempts?: number;
  /** Wait before retrying after the n-th failed attempt; default 1 s, 2 s, 4 s ... at most 30 s. */
  retryDelayMs?: (attempt: number) => number;
  /** Fallback poll when no notification comes; default 1000 ms. */
  pollIntervalMs?: number;
  /** Turns run for one conversation before it goes back in line; default 10. */
  maxTurnsPerClaim?: number;
  /** Told of every failure (a handler's error, an inbox call that failed); default: none. */
  onError?: (err: unknown, info: { stage: InboxWorkerStage; conversationId?: string; itemId?: string }) => void;
  /** Told of each item given up on. */
  onDeadLetter?: (letter: DeadLetter) => void;
  /**
   * Told when a turn has run (whatever its outcome): how long its item waited in the inbox, from
   * its recording or due time to the turn's start, and how long the turn took (metrics).
   */
  onTurnTimed?: (timing: { waitMs: number; turnMs: number; attempt: number }) => void;
}

/** The default back-off before retrying after the n-th failed attempt: 1 s, 2 s, 4 s ... at most 30 s. */
export const defaultRetryDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** (attempt - 1));
