// The inbox's contract and its shapes (the contract is documented on the interface).

/** What an item is: a customer's message (the hub's callback), a proactive turn, a deadline. */
export type InboxItemKind = 'message' | 'proactive' | 'deadline';

/**
 * The format of the inbox items this version writes, kept in each item (`InboxItem.v`, also in
 * scheduled items and dead letters). Items written before items carried one are format 0, the
 * same fields. Rolling upgrades run two releases on one Redis, so a release writes only what the
 * release before it reads (an unknown field is ignored; a new field or kind is read first, written
 * one release later), and it reads what that release wrote; the number says which rules an item
 * was written by (docs/operations.md, "Upgrading").
 */
export const INBOX_ITEM_FORMAT = 1;

/** One entry of a conversation's line in the inbox. */
export interface InboxItem {
  /** Unique within the conversation; a redelivered callback carries the same id. */
  id: string;
  /** The callback as received; it must survive JSON (RedisInbox stores it as JSON). */
  payload: unknown;
  /** When it was received (ms since the epoch). */
  receivedAt: number;
  /** Absent for a customer's message (items recorded before kinds existed are messages). */
  kind?: InboxItemKind;
  /** A scheduled item: when it became due (ms since the epoch). */
  notBefore?: number;
  /**
   * The W3C `traceparent` of the span that recorded it (the callback's), so the turn on any
   * replica joins the same trace (O4). Absent when tracing is off, and in items recorded
   * before it was kept: such an item's turn starts a trace of its own.
   */
  traceparent?: string;
  /** The item's format (INBOX_ITEM_FORMAT when written); absent in items of format 0. */
  v?: number;
}

/**
 * A worker's offer to take the conversation an append records, claimed in the same step
 * (`Inbox.offerAppendClaims`): the turn then needs no claim of its own.
 */
export interface AppendClaimOffer {
  /** The worker the claim would be for. */
  readonly workerId: string;
  /** The claim's lease. */
  readonly leaseMs: number;
  /** Holds a free slot of the worker for a claim the append may bring; false when none is free. */
  reserve(): boolean;
  /** Called once per reserved slot: the append's claim, or undefined when it brought none (the slot is free again). */
  take(claim: InboxClaim | undefined): void;
}

/** Options of `Inbox.append`. */
export interface AppendOptions {
  /**
   * Only `workerId` may claim the conversation for `ms` (or until this item is done): a
   * proactive turn whose logic lives in this process is run here, not on another replica.
   */
  pin?: { workerId: string; ms: number };
  /**
   * The payload is a hub message this process already read with the hub message schema (the
   * callback's default parser). An inbox that keeps the item in this process (MemoryInbox) lets
   * the turn skip reading it again; RedisInbox ignores it (its items cross processes).
   */
  validated?: boolean;
  /**
   * Record nothing when this Redis key exists (`revoked` in the result): the callback token's
   * revocation, checked in the append's own round trip. Only for an inbox whose
   * `checksRevocation` accepts the key; others ignore it.
   */
  revokedKey?: string;
}

/** What `Inbox.append` did. */
export interface AppendResult {
  /** True when an item with this id was already recorded for the conversation; nothing was added. */
  duplicate: boolean;
  /** True when `revokedKey` existed: nothing was recorded, nor checked for a duplicate. */
  revoked?: boolean;
}

/** The right to handle one conversation's head item until `leaseUntil`. */
export interface InboxClaim {
  /** The conversation claimed. */
  readonly conversationId: string;
  /** Its head item, to handle. */
  readonly item: InboxItem;
  /** The worker holding the lease. */
  readonly workerId: string;
  /** Proves the lease is still this claim's: a later claim of the conversation gets another. */
  readonly token: string;
  /** Attempts at this item so far, this one included: 1 on the first claim. */
  readonly attempt: number;
  /** When the lease runs out unless renewed, on the inbox's clock (Redis TIME for RedisInbox). */
  readonly leaseUntil: number;
  /**
   * Whether other conversations were ready to claim as well: false lets a worker wait for the
   * next new item instead of asking again for nothing (a round trip on Redis); undefined when
   * the inbox does not tell (claim again to know).
   */
  readonly more?: boolean;
}

/** Options of `Inbox.complete`. */
export interface CompleteOptions {
  /**
   * Keep the lease and get the conversation's next item at once (`next`), as one step; when
   * the conversation has nothing more the lease is released anyway. Default false: release.
   */
  keepLease?: boolean;
  /** Length of the kept lease; default the inbox's default lease. */
  leaseMs?: number;
}

/** What `Inbox.complete` did. */
export interface CompleteResult {
  /** False when the lease had been lost (another worker took over); nothing was removed. */
  completed: boolean;
  /** The next item, with the lease kept, when `keepLease` was asked and there is one. */
  next?: InboxClaim;
}

/** Options of `Inbox.release`. */
export interface ReleaseOptions {
  /** Nobody may claim the conversation for this long (a retry's back-off); default 0. */
  delayMs?: number;
}

/** An item that was given up on, kept for inspection and replay. */
export interface DeadLetter {
  /** The conversation the item belongs to. */
  conversationId: string;
  /** The item, as it was recorded. */
  item: InboxItem;
  /** Attempts made at it. */
  attempts: number;
  /** Why it was given up on (the last error, or that it could not be read). */
  reason: string;
  /** When it was given up on (ms since the epoch). */
  deadAt: number;
}

/**
 * The inbox: where a hub callback is recorded before it is acknowledged, and from which the
 * turns are run afterwards. The hub wants its callback answered well under 5 s, and a turn
 * (portal calls, replies under a rate limit) can take longer, so the two are decoupled, and
 * nothing is acknowledged that was not recorded first.
 *
 * Each conversation is a FIFO, handled one turn at a time in arrival order (B4): a worker
 * claims a conversation with a lease, handles its head item, and completes it. Conversations
 * run in parallel. A lease that is not renewed runs out (its replica died) and another worker
 * takes the conversation over at the same head item: delivery is at least once, and the item
 * id lets the turn make its replies idempotent.
 *
 * Besides the customer's messages, a conversation's line holds its proactive turns and its
 * deadlines (T2), so they are serialised with the customer's turns on any replica. A deadline
 * is scheduled: kept aside until it is due, then appended at the end of its conversation (the
 * move happens when a worker claims, so any replica takes it, and it survives a restart).
 *
 * Two implementations share one test suite: MemoryInbox (one process) and RedisInbox (every
 * replica of a tenant).
 */
export interface Inbox {
  /**
   * Records an item at the end of its conversation. Resolves once recorded (durably, for
   * RedisInbox); a duplicate id is not recorded twice. Rejects (503-100) when it could not
   * record, so the caller answers 503 and the hub redelivers.
   *
   * @param conversationId - the conversation the item belongs to
   * @param item - the item; its id deduplicates
   * @param opts - an optional pin to one worker
   */
  append(conversationId: string, item: InboxItem, opts?: AppendOptions): Promise<AppendResult>;
  /**
   * Keeps `item` aside until `item.notBefore`, then (at the first claim after it) appends it at
   * the end of its conversation, deduplicated by its id like any item. `slot` names it within the
   * conversation: scheduling the same slot again replaces what it held.
   *
   * @param conversationId - the conversation
   * @param slot - names the item in the conversation
   * @param item - the item, with when it is due
   */
  schedule(conversationId: string, slot: string, item: InboxItem & { notBefore: number }): Promise<void>;
  /**
   * Forgets a slot's scheduled item before it is due; false when there was none.
   *
   * @param conversationId - the conversation
   * @param slot - the item's slot
   */
  unschedule(conversationId: string, slot: string): Promise<boolean>;
  /**
   * The conversation's scheduled items (not due yet), soonest first.
   *
   * @param conversationId - the conversation
   */
  scheduled(conversationId: string): Promise<InboxItem[]>;
  /**
   * The conversation waiting longest that has items and no live lease, leased to `workerId`
   * for `leaseMs`, with its head item; undefined when there is none. Scheduled items that are
   * due are moved into their conversations first; a conversation pinned to another worker is
   * passed over while the pin lives.
   *
   * @param workerId - the claiming worker
   * @param leaseMs - the lease's length
   */
  claim(workerId: string, leaseMs: number): Promise<InboxClaim | undefined>;
  /**
   * Removes the claim's head item (the turn is done).
   *
   * @param claim - the claim whose head item is done
   * @param opts - whether to keep the lease for the next item
   */
  complete(claim: InboxClaim, opts?: CompleteOptions): Promise<CompleteResult>;
  /**
   * Extends the lease to `leaseMs` from now; false when it had been lost.
   *
   * @param claim - the claim
   * @param leaseMs - the new lease's length, from now
   */
  renew(claim: InboxClaim, leaseMs: number): Promise<boolean>;
  /**
   * Gives the conversation back with its head item still there (to retry); false when lost.
   *
   * @param claim - the claim
   * @param opts - how long nobody may claim the conversation
   */
  release(claim: InboxClaim, opts?: ReleaseOptions): Promise<boolean>;
  /**
   * Moves the claim's head item to the dead letters and releases the conversation.
   *
   * @param claim - the claim whose head item is given up on
   * @param reason - why, kept with the letter
   */
  deadLetter(claim: InboxClaim, reason: string): Promise<boolean>;
  /** Items recorded and not yet completed nor dead, over all conversations (scheduled ones not due yet excluded). */
  depth(): Promise<number>;
  /**
   * The latest dead letters, newest first.
   *
   * @param limit - the most letters returned; default 100
   */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  /**
   * Puts a dead letter's item back at the end of its conversation, under a new id (the old one
   * is remembered as seen), then removes the letter: appended first, so a failure between the
   * two leaves a letter to requeue again rather than a message lost. False when no letter holds
   * that item id.
   *
   * @param itemId - the id of the letter's item
   */
  requeueDeadLetter(itemId: string): Promise<boolean>;
  /**
   * Calls `listener` when items may be waiting (appended here or, for RedisInbox with a
   * subscriber, on another replica). Returns the function that stops the calls.
   *
   * @param listener - called, without arguments, when items may be waiting
   */
  onAppend(listener: () => void): () => void;
  /** Stops notifications; the data stays. */
  close(): Promise<void>;
  /**
   * Whether `append` can check `key` (a token's revocation, `AppendOptions.revokedKey`) in the
   * same step: RedisInbox for a key under its own hash tag. Absent: it cannot.
   *
   * @param key - the Redis key of a revoked token id
   */
  checksRevocation?(key: string): boolean;
  /**
   * True when Redis commands issued on its client in the same tick as one of its steps travel
   * in the same write as that step (RedisInbox): the worker then makes a turn's writes that may
   * wait (its transcript, `InboxTurn.withStep`) with the complete, one round trip for both.
   */
  readonly batchesSameTick?: boolean;
  /**
   * Lets this process's appends claim the conversation they record for `offer`'s worker, in the
   * same step, when the worker has a free slot and the conversation was idle and is the only one
   * claimable (the one waiting longest still goes first): RedisInbox, one round trip a turn
   * fewer. Returns what withdraws the offer. Absent: the worker claims as usual.
   *
   * @param offer - the worker's id, lease, and its free slots
   */
  offerAppendClaims?(offer: AppendClaimOffer): () => void;
}
