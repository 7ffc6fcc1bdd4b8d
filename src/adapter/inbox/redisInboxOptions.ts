// The options of RedisInbox (the inbox itself is in redisInbox.ts).
import type { RedisScriptClient } from '../../redis/luaScript.js';
import type { ClaimPrefetch } from '../../redis/claimPrefetch.js';
import type { DeadLetter } from './inbox.js';

/** A connection dedicated to pub/sub (a subscribed connection can run nothing else). */
export interface RedisSubscriber {
  /**
   * Subscribes to a pub/sub channel.
   *
   * @param channel - the channel
   * @param listener - called with each message
   */
  subscribe(channel: string, listener: (message: string, channel: string) => unknown): Promise<unknown>;
  /**
   * Unsubscribes from a pub/sub channel.
   *
   * @param channel - the channel
   * @param listener - the listener to remove; all when omitted
   */
  unsubscribe(channel: string, listener?: (message: string, channel: string) => unknown): Promise<unknown>;
}

/** Where a `RedisInbox` keeps its items, and its dedupe window, bounds and timeouts. */
export interface RedisInboxOptions {
  /** A connected node-redis client, e.g. from createRedisConnection (src/redis). */
  client: RedisScriptClient;
  /** The tenant whose inbox this is: its keys' Redis Cluster hash tag. */
  tenant: string;
  /**
   * A second connection, e.g. `client.duplicate()` connected, used only to hear that another
   * replica recorded an item, so its turn starts at once here too. Without it, workers on
   * other replicas find new items at their next poll.
   */
  subscriber?: RedisSubscriber;
  /** How long an item id is remembered to recognise redeliveries; default 24 h. */
  dedupeWindowMs?: number;
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
  /**
   * An append that has not been recorded after this long is refused (503-100), so the hub's
   * 5 s callback budget holds while Redis is unreachable and node-redis queues commands
   * waiting to reconnect; default 2000. If the queued append runs later, the hub's redelivery
   * is recognised as a duplicate: still handled once.
   */
  appendTimeoutMs?: number;
  /** Told of failures of the subscription (a lost subscription only delays turns to the next poll). */
  onError?: (err: unknown) => void;
  /**
   * What a claimed conversation's turn reads first (e.g. `RedisStorage.claimPrefetch`), read in
   * the claim's own script: no round trip of its own. Its keys must carry the tenant's hash tag.
   */
  prefetch?: ClaimPrefetch;
}
