/**
 * The consumer loop: takes recorded events from the EventStore and hands them to the
 * application's handlers (KnowledgeEvents.dispatch), after the webhook has answered (W2).
 *
 * - An event whose handlers all succeed is acknowledged (removed from the store).
 * - One whose handler kept failing after its retries is parked in the dead letters.
 * - One claimed more than `maxDeliveries` times (replicas kept dying while handling it: a
 *   poison event) is parked without running the handlers again.
 * - Events of a batch run concurrently: order is not assumed anyway (W6).
 * - While handlers run, the entries are kept claimed (heartbeat), so a slow handler does not let
 *   another replica take its event; a replica that dies stops the heartbeat, and another takes
 *   the event once it has been idle long enough (RedisEventStore.claimIdleMs).
 * - When the store cannot be reached, acknowledgements wait and are retried; nothing is dropped.
 *
 * Idle, it polls the store every `pollIntervalMs`; `wake()` (called by the webhook route when it
 * records an event) starts the next claim at once, so local events do not wait for the poll.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { readStoredEnvelope } from './envelopeReader.js';
import type { EventStore, HandlerFailureRecord, StoredEvent } from './eventStore.js';
import type { EventFanOut } from './eventFanOut.js';
import { toKnowledgeEvent, type KnowledgeEvent } from './knowledgeEvent.js';
import type { KnowledgeEvents } from './knowledgeEvents.js';
import { errorText, loggedId, type WebhookLogger } from './webhookLogger.js';

export interface EventConsumerOptions {
  /** This replica's name in the store; default host-pid-random. */
  consumerName?: string;
  /** Events claimed at once; default 64. */
  batchSize?: number;
  /** Wait between polls of an empty store; default 250 ms. */
  pollIntervalMs?: number;
  /** Wait after the store failed; default 1 s. */
  errorBackoffMs?: number;
  /** Claims of one entry after which it is parked unhandled; default 5. */
  maxDeliveries?: number;
  /** Interval of the heartbeat keeping claimed entries; default a third of the store's claimIdleMs, none if it has none. */
  heartbeatMs?: number;
  /** Fields naming the event kind; default eventType, type, eventName. */
  kindFields?: readonly string[];
  /** Tells the other replicas about each handled event (for everyReplica$). */
  fanOut?: EventFanOut;
  logger?: WebhookLogger;
}

interface Parked {
  event: StoredEvent;
  failures: HandlerFailureRecord[];
  failedAt: number;
}

export class EventConsumer {
  readonly name: string;
  private readonly opts: Required<Pick<EventConsumerOptions, 'batchSize' | 'pollIntervalMs' | 'errorBackoffMs' | 'maxDeliveries'>>;
  private readonly owned = new Set<string>();
  private readonly toAck: string[] = [];
  private readonly toPark: Parked[] = [];
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private woken = false;
  private wakeUp?: () => void;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly store: EventStore & { claimIdleMs?: number },
    private readonly events: KnowledgeEvents,
    private readonly options: EventConsumerOptions = {},
  ) {
    this.name = options.consumerName ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.opts = {
      batchSize: options.batchSize ?? 64,
      pollIntervalMs: options.pollIntervalMs ?? 250,
      errorBackoffMs: options.errorBackoffMs ?? 1000,
      maxDeliveries: options.maxDeliveries ?? 5,
    };
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const beat = this.options.heartbeatMs ?? (this.store.claimIdleMs ? Math.max(10, Math.floor(this.store.claimIdleMs / 3)) : undefined);
    if (beat) {
      this.heartbeat = setInterval(() => void this.extendOwned(), beat);
      this.heartbeat.unref();
    }
    this.loopDone = this.loop();
  }

  /** Stops claiming; resolves once the events in hand are handled and acknowledged (or left pending). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** Claim now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      if (!(await this.flush())) {
        await this.idle(this.opts.errorBackoffMs);
        continue;
      }
      let batch: StoredEvent[];
      try {
        // A wake-up comes after its event was recorded, so this claim takes every event woken
        // for so far; forgetting those wake-ups here saves an empty claim after each batch.
        // Events recorded from now on wake the loop again.
        this.woken = false;
        batch = await this.store.claim(this.name, this.opts.batchSize);
      } catch (err) {
        this.options.logger?.warn({ err: errorText(err) }, 'cannot claim knowledge events; retrying');
        await this.idle(this.opts.errorBackoffMs);
        continue;
      }
      if (batch.length === 0) {
        await this.idle(this.opts.pollIntervalMs);
        continue;
      }
      for (const e of batch) this.owned.add(e.entryId);
      await Promise.all(batch.map((e) => this.process(e)));
    }
    await this.flush();
  }

  private async process(entry: StoredEvent): Promise<void> {
    let failures: HandlerFailureRecord[] = [];
    if (entry.deliveries > this.opts.maxDeliveries) {
      failures = [{ handler: 'consumer', attempts: entry.deliveries, error: `claimed ${entry.deliveries} times without finishing` }];
    } else {
      let event: KnowledgeEvent | undefined;
      try {
        event = toKnowledgeEvent(readStoredEnvelope(entry.body), new Date(entry.receivedAt), { kindFields: this.options.kindFields });
      } catch (err) {
        failures = [{ handler: 'consumer', attempts: 1, error: `unreadable stored event: ${errorText(err)}` }];
      }
      if (event) {
        failures = await this.events.dispatch(event);
        this.options.fanOut?.publish(entry).catch((err: unknown) => this.options.logger?.warn({ err: errorText(err) }, 'knowledge event fan-out failed'));
      }
    }
    if (failures.length === 0) this.toAck.push(entry.entryId);
    else {
      this.options.logger?.error({ notificationId: loggedId(entry.notificationId), failures: failures }, 'knowledge event parked in the dead letters');
      this.toPark.push({ event: entry, failures: failures, failedAt: Date.now() });
    }
  }

  /** Writes pending acknowledgements and dead letters; false when the store failed (they stay queued). */
  private async flush(): Promise<boolean> {
    try {
      while (this.toPark.length > 0) {
        const p = this.toPark[0];
        await this.store.deadLetter(this.name, p.event, p.failures, p.failedAt);
        this.toPark.shift();
        this.owned.delete(p.event.entryId);
      }
      if (this.toAck.length > 0) {
        const ids = this.toAck.slice();
        await this.store.ack(this.name, ids);
        this.toAck.splice(0, ids.length);
        for (const id of ids) this.owned.delete(id);
      }
      return true;
    } catch (err) {
      this.options.logger?.warn({ err: errorText(err) }, 'cannot acknowledge knowledge events; will retry');
      return false;
    }
  }

  private async extendOwned(): Promise<void> {
    if (this.owned.size === 0) return;
    try {
      await this.store.extend(this.name, [...this.owned]);
    } catch (err) {
      this.options.logger?.warn({ err: errorText(err) }, 'cannot extend the claim of knowledge events');
    }
  }

  private idle(ms: number): Promise<void> {
    if (this.woken || !this.running) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeUp = finish;
    });
  }
}
