/**
 * The EventStore shared by every replica, on Redis. Keys (tenant in the hash tag):
 *
 * - `hubbot:{tenant}:webhook:seen:<sha256 of notificationId>`: the dedupe key, SET NX with the
 *   window as its expiry (24 h by default); holds the time the event was received. Hashed, so
 *   the key's length does not depend on what the sender put in the id (S4).
 * - `hubbot:{tenant}:webhook:events`: a stream of recorded events not yet handled, read by the
 *   consumer group `handlers` (one consumer per replica). An entry is deleted when it is
 *   acknowledged, so the stream's length is the number of pending events.
 * - `hubbot:{tenant}:webhook:dead`: a hash notificationId → dead letter (JSON).
 *
 * Recording is one script (dedupe key and stream entry together). A replica that dies while
 * handling events leaves them pending in the group; another replica claims them once they have
 * been idle `claimIdleMs` (XAUTOCLAIM), while a live replica keeps its slow ones with `extend`.
 */
import { PlatformError } from '../errors/platformError.js';
import { tenantKey } from '../redis/tenantKey.js';
import { idFromStored, storedId } from '../redis/storedId.js';
import type { RedisScriptClient } from '../redis/luaScript.js';
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
import { ACK_SCRIPT, CLAIM_SCRIPT, DEAD_LETTER_SCRIPT, EXTEND_SCRIPT, RECORD_SCRIPT, REQUEUE_SCRIPT } from './redisEventScripts.js';

/** What the store needs of a node-redis client (a client from createRedisConnection fits). */
export interface RedisEventClient extends RedisScriptClient {
  /** When present and false, recording fails at once instead of waiting for a reconnection. */
  readonly isReady?: boolean;
  xLen(key: string): Promise<number>;
  hLen(key: string): Promise<number>;
  hGetAll(key: string): Promise<Record<string, string>>;
}

/** Where a `RedisEventStore` keeps events, with its dedupe window, bounds and claim timing. */
export interface RedisEventStoreOptions {
  /** A connected node-redis client, e.g. from `createRedisConnection`. */
  client: RedisEventClient;
  /** The tenant whose events these are: the keys' Redis Cluster hash tag. */
  tenant: string;
  /** Seconds a notificationId is remembered; at least (and by default) 24 h. */
  dedupeWindowSeconds?: number;
  /** Pending events beyond which new ones are refused (503); default 10,000. */
  maxPending?: number;
  /** An entry claimed by a consumer that has not touched it for this long is taken by another; default 60 s. */
  claimIdleMs?: number;
  /** Consumer group name; default `handlers`. */
  group?: string;
}

export const DEFAULT_CLAIM_IDLE_MS = 60_000;

/** The dead letter as stored: receivedAt as text, so the requeue script copies it unchanged. */
interface StoredDeadLetter extends Omit<EventDeadLetter, 'receivedAt'> {
  receivedAt: string;
}

/**
 * The event store on Redis, shared by every replica: a dedupe key per notification id, a stream of
 * pending events read by a consumer group (one consumer per replica), and a hash of dead letters. A
 * replica that dies while handling events leaves them pending; another claims them once idle
 * `claimIdleMs`. The key layout is described at the top of redisEventStore.ts.
 */
export class RedisEventStore implements EventStore {
  /**
   * How long an entry a consumer left untouched stays its own before another consumer takes it, in
   * ms.
   */
  readonly claimIdleMs: number;
  private readonly client: RedisEventClient;
  /** The record script's constant arguments, as the text Redis is sent. */
  private readonly windowArg: string;
  private readonly maxPendingArg: string;
  private readonly group: string;
  private readonly cursors = new Map<string, string>();

  /** @param opts - the connected client and tenant, dedupe window, bounds and claim timing */
  constructor(opts: RedisEventStoreOptions) {
    this.client = opts.client;
    this.windowArg = String(checkDedupeWindow(opts.dedupeWindowSeconds ?? MIN_DEDUPE_WINDOW_SECONDS));
    this.maxPendingArg = String(opts.maxPending ?? DEFAULT_MAX_PENDING);
    this.claimIdleMs = opts.claimIdleMs ?? DEFAULT_CLAIM_IDLE_MS;
    this.group = opts.group ?? 'handlers';
    const seenPrefix = `${tenantKey(opts.tenant, 'webhook', 'seen')}:`;
    this.keys = Object.freeze({
      stream: tenantKey(opts.tenant, 'webhook', 'events'),
      dead: tenantKey(opts.tenant, 'webhook', 'dead'),
      seen: (notificationId: string) => seenPrefix + dedupeKeyOf(notificationId),
    });
  }

  /** The Redis keys of this store, for operators and tests. Built once: the route reads them per event. */
  readonly keys: { readonly stream: string; readonly dead: string; readonly seen: (notificationId: string) => string };

  /** {@inheritDoc EventStore.record} */
  async record(notificationId: string, body: string, receivedAt: number): Promise<RecordOutcome> {
    // node-redis queues commands while it reconnects; waiting for that would hold the answer
    // past the event manager's read timeout. Refuse now and let it retry (W7).
    if (this.client.isReady === false) throw PlatformError.of('503-100', { reason: 'the event store is not connected' });
    const k = this.keys;
    const outcome = await RECORD_SCRIPT.run(this.client, [k.seen(notificationId), k.stream], [
      this.windowArg,
      this.maxPendingArg,
      storedId(notificationId),
      body,
      String(receivedAt),
    ]);
    if (outcome === 'full') throw PlatformError.of('503-100', { reason: 'the event queue is full' });
    return outcome === 'duplicate' ? 'duplicate' : 'recorded';
  }

  /** {@inheritDoc EventStore.claim} */
  async claim(consumer: string, max: number): Promise<StoredEvent[]> {
    const cursor = this.cursors.get(consumer) ?? '0-0';
    const reply = (await CLAIM_SCRIPT.run(this.client, [this.keys.stream], [this.group, consumer, String(max), String(this.claimIdleMs), cursor])) as [
      string,
      Array<[string, string[], number | string]>,
    ];
    this.cursors.set(consumer, reply[0]);
    return reply[1].map(([entryId, fields, deliveries]) => {
      const f = fieldMap(fields);
      return { entryId, notificationId: idFromStored(f.n ?? ''), body: f.b ?? '{}', receivedAt: Number(f.r ?? 0), deliveries: Number(deliveries) };
    });
  }

  /** {@inheritDoc EventStore.extend} */
  async extend(consumer: string, entryIds: string[]): Promise<void> {
    if (entryIds.length === 0) return;
    await EXTEND_SCRIPT.run(this.client, [this.keys.stream], [this.group, consumer, ...entryIds]);
  }

  /** {@inheritDoc EventStore.ack} */
  async ack(_consumer: string, entryIds: string[]): Promise<void> {
    if (entryIds.length === 0) return;
    await ACK_SCRIPT.run(this.client, [this.keys.stream], [this.group, ...entryIds]);
  }

  /** {@inheritDoc EventStore.deadLetter} */
  async deadLetter(_consumer: string, event: StoredEvent, failures: HandlerFailureRecord[], failedAt: number): Promise<void> {
    const letter: StoredDeadLetter = { notificationId: event.notificationId, body: event.body, receivedAt: String(event.receivedAt), failedAt, failures };
    const k = this.keys;
    await DEAD_LETTER_SCRIPT.run(this.client, [k.stream, k.dead], [this.group, event.entryId, storedId(event.notificationId), JSON.stringify(letter)]);
  }

  /** {@inheritDoc EventStore.listDeadLetters} */
  async listDeadLetters(limit = 100): Promise<EventDeadLetter[]> {
    const all = Object.values(await this.client.hGetAll(this.keys.dead)).map((json) => {
      const d = JSON.parse(json) as StoredDeadLetter;
      return { ...d, receivedAt: Number(d.receivedAt) };
    });
    return all.sort((a, b) => a.failedAt - b.failedAt).slice(0, limit);
  }

  /** {@inheritDoc EventStore.requeueDeadLetter} */
  async requeueDeadLetter(notificationId: string): Promise<boolean> {
    const k = this.keys;
    return Number(await REQUEUE_SCRIPT.run(this.client, [k.dead, k.stream], [storedId(notificationId)])) === 1;
  }

  /** {@inheritDoc EventStore.deadLetterCount} */
  deadLetterCount(): Promise<number> {
    return this.client.hLen(this.keys.dead);
  }

  /** {@inheritDoc EventStore.pendingCount} */
  pendingCount(): Promise<number> {
    return this.client.xLen(this.keys.stream);
  }
}

function fieldMap(fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) out[fields[i]] = fields[i + 1];
  return out;
}
