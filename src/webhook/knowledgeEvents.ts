/**
 * Knowledge events as rxjs Observables, for the application (DESIGN "Knowledge events").
 *
 * - `all$`: every event handled on this replica, known kind or not.
 * - `ofKind(kind)` / the `ofKind` operator: one known kind, typed (W8).
 * - `unknown$`: the catch-all: unknown kinds, events without a kind, payloads that do not fit
 *   their kind's schema (W4). Typed handlers never see these.
 * - `everyReplica$`: `all$` plus the events other replicas handled, when a replica fan-out is
 *   configured (RedisEventFanOut). For state kept in each replica's memory, such as a cache.
 *
 * Handlers registered with `on(kind, fn)` or `handle(observable, fn)` are tracked: the consumer
 * waits for them, retries one that throws (bounded, with backoff) and, if it keeps failing,
 * parks the event in the dead letters instead of losing it. The observable given to `handle`
 * may be any pipeline of this object's streams with synchronous operators (filter, map to the
 * same event, latestWins); an event reaching the handler later (after `delay`, say), or coming
 * from another replica, still runs with retries, but its failure is only logged.
 *
 * A plain `subscribe` on the streams is untracked, fire and forget: use it to observe, not to act.
 */
import { filter, merge, Subject, type Observable, type Subscription } from 'rxjs';
import type { KnownEventKind } from '../schemas/events.js';
import type { HandlerFailureRecord } from './eventStore.js';
import { DEFAULT_HANDLER_RETRY, runWithRetries, type HandlerRetryPolicy } from './handlerRetry.js';
import type { KnowledgeEvent, TypedKnowledgeEvent, UnknownKnowledgeEvent } from './knowledgeEvent.js';
import { ofKind, type KnowledgeEventOfKind } from './ofKind.js';
import { errorText, loggedId, type WebhookLogger } from './webhookLogger.js';

export interface KnowledgeEventsOptions {
  /** Retry policy of every handler unless its own options say otherwise. */
  retry?: Partial<HandlerRetryPolicy>;
  logger?: WebhookLogger;
}

export interface HandleOptions {
  /** Shown in logs and dead letters; default the function's name. */
  name?: string;
  retry?: Partial<HandlerRetryPolicy>;
}

export type KnowledgeEventHandler<E> = (event: E) => unknown;

interface Delivery {
  open: boolean;
  runs: Promise<HandlerFailureRecord | undefined>[];
}

export class KnowledgeEvents {
  readonly all$: Observable<KnowledgeEvent>;
  readonly known$: Observable<TypedKnowledgeEvent>;
  readonly unknown$: Observable<UnknownKnowledgeEvent>;
  readonly everyReplica$: Observable<KnowledgeEvent>;

  private readonly local = new Subject<KnowledgeEvent>();
  private readonly remote = new Subject<KnowledgeEvent>();
  private readonly deliveries = new WeakMap<KnowledgeEvent, Delivery>();
  private readonly retry: HandlerRetryPolicy;
  private readonly logger?: WebhookLogger;
  private handlerCount = 0;

  constructor(opts: KnowledgeEventsOptions = {}) {
    this.retry = { ...DEFAULT_HANDLER_RETRY, ...opts.retry };
    this.logger = opts.logger;
    this.all$ = this.local.asObservable();
    this.known$ = this.all$.pipe(filter((e): e is TypedKnowledgeEvent => e.known));
    this.unknown$ = this.all$.pipe(filter((e): e is UnknownKnowledgeEvent => !e.known));
    this.everyReplica$ = merge(this.all$, this.remote);
  }

  ofKind<K extends KnownEventKind>(...kinds: K[]): Observable<KnowledgeEventOfKind<K>> {
    return this.all$.pipe(ofKind(...kinds));
  }

  /** A tracked handler for one or more known kinds. Unsubscribe to stop it. */
  on<K extends KnownEventKind>(kind: K | K[], handler: KnowledgeEventHandler<KnowledgeEventOfKind<K>>, opts: HandleOptions = {}): Subscription {
    const kinds = Array.isArray(kind) ? kind : [kind];
    return this.handle(this.ofKind(...kinds), handler, opts);
  }

  /** A tracked handler for the catch-all stream (W4). */
  onUnknown(handler: KnowledgeEventHandler<UnknownKnowledgeEvent>, opts: HandleOptions = {}): Subscription {
    return this.handle(this.unknown$, handler, opts);
  }

  /** A tracked handler on any pipeline of this object's streams (see the file comment). */
  handle<E extends KnowledgeEvent>(source: Observable<E>, handler: KnowledgeEventHandler<E>, opts: HandleOptions = {}): Subscription {
    const name = opts.name ?? (handler.name || `handler#${++this.handlerCount}`);
    const policy = { ...this.retry, ...opts.retry };
    return source.subscribe({
      next: (event) => {
        const run = runWithRetries(handler, event, policy, name, this.logger);
        const delivery = this.deliveries.get(event);
        if (delivery?.open) {
          delivery.runs.push(run);
          return;
        }
        void run.then((failure) => {
          if (failure) this.logger?.error({ notificationId: loggedId(event.notificationId), ...failure }, 'untracked knowledge event handler failed');
        });
      },
      error: (err: unknown) => this.logger?.error({ handler: name, err: errorText(err) }, 'knowledge event pipeline failed; handler stopped'),
    });
  }

  /**
   * Hands one event to every subscriber, then waits for the tracked handlers. Resolves with
   * the handlers that failed after all their attempts (empty: the event is done). Used by the
   * consumer loop.
   */
  async dispatch(event: KnowledgeEvent): Promise<HandlerFailureRecord[]> {
    const delivery: Delivery = { open: true, runs: [] };
    this.deliveries.set(event, delivery);
    try {
      this.local.next(event);
    } finally {
      // Subjects deliver synchronously: every tracked handler has registered its run by now.
      delivery.open = false;
    }
    const results = await Promise.all(delivery.runs);
    return results.filter((r): r is HandlerFailureRecord => r !== undefined);
  }

  /** An event another replica handled (from the fan-out); emitted on `everyReplica$` only. */
  receiveFromReplica(event: KnowledgeEvent): void {
    this.remote.next(event);
  }
}
