// Knowledge events as rxjs Observables (documented on the class).
import { filter, merge, Subject, type Observable, type Subscription } from 'rxjs';
import type { KnownEventKind } from '../schemas/events.js';
import type { HandlerFailureRecord } from './eventStore.js';
import { DEFAULT_HANDLER_RETRY, runWithRetries, type HandlerRetryPolicy } from './handlerRetry.js';
import type { KnowledgeEvent, TypedKnowledgeEvent, UnknownKnowledgeEvent } from './knowledgeEvent.js';
import { ofKind, type KnowledgeEventOfKind } from './ofKind.js';
import { errorText, loggedId, type WebhookLogger } from './webhookLogger.js';

/**
 * The defaults of a `KnowledgeEvents`: the retry policy of its tracked handlers and where their
 * failures are logged.
 */
export interface KnowledgeEventsOptions {
  /** Retry policy of every handler unless its own options say otherwise. */
  retry?: Partial<HandlerRetryPolicy>;
  /** Where handler failures and parked events are logged. */
  logger?: WebhookLogger;
}

/** Options of one tracked handler. */
export interface HandleOptions {
  /** Shown in logs and dead letters; default the function's name. */
  name?: string;
  /** This handler's retry policy, over the defaults of the `KnowledgeEvents`. */
  retry?: Partial<HandlerRetryPolicy>;
}

/**
 * A tracked handler: it may return a promise, which is waited for; a throw or a rejection is
 * retried.
 */
export type KnowledgeEventHandler<E> = (event: E) => unknown;

interface Delivery {
  open: boolean;
  runs: Promise<HandlerFailureRecord | undefined>[];
}

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
export class KnowledgeEvents {
  /** Every event handled on this replica, known kind or not. */
  readonly all$: Observable<KnowledgeEvent>;
  /** The events of a known kind whose payload fits its schema, typed. */
  readonly known$: Observable<TypedKnowledgeEvent>;
  /**
   * The catch-all (W4): unknown kinds, events without a kind, payloads that do not fit their kind's
   * schema.
   */
  readonly unknown$: Observable<UnknownKnowledgeEvent>;
  /**
   * `all$` and the events other replicas handled, when a replica fan-out is configured: for state
   * kept in each replica's memory, such as a cache.
   */
  readonly everyReplica$: Observable<KnowledgeEvent>;

  private readonly local = new Subject<KnowledgeEvent>();
  private readonly remote = new Subject<KnowledgeEvent>();
  private readonly deliveries = new WeakMap<KnowledgeEvent, Delivery>();
  private readonly retry: HandlerRetryPolicy;
  private readonly logger?: WebhookLogger;
  private handlerCount = 0;

  /**
   * @param opts - the default retry policy and the logger; the bot server builds the one a bot gets
   */
  constructor(opts: KnowledgeEventsOptions = {}) {
    this.retry = { ...DEFAULT_HANDLER_RETRY, ...opts.retry };
    this.logger = opts.logger;
    this.all$ = this.local.asObservable();
    this.known$ = this.all$.pipe(filter((e): e is TypedKnowledgeEvent => e.known));
    this.unknown$ = this.all$.pipe(filter((e): e is UnknownKnowledgeEvent => !e.known));
    this.everyReplica$ = merge(this.all$, this.remote);
  }

  /**
   * The events of the given known kinds, typed by kind (W8).
   *
   * @param kinds - one or more known event kinds, e.g. `article_deleted`
   */
  ofKind<K extends KnownEventKind>(...kinds: K[]): Observable<KnowledgeEventOfKind<K>> {
    return this.all$.pipe(ofKind(...kinds));
  }

  /**
   * Registers a tracked handler for one or more known kinds: the webhook's consumer waits for it,
   * retries it when it throws, and parks the event in the dead letters if it keeps failing.
   *
   * @param kind - the kind or kinds to handle
   * @param handler - runs once per event
   * @param opts - a name for logs and a retry policy of its own
   * @returns the subscription; unsubscribe to stop the handler
   */
  on<K extends KnownEventKind>(kind: K | K[], handler: KnowledgeEventHandler<KnowledgeEventOfKind<K>>, opts: HandleOptions = {}): Subscription {
    const kinds = Array.isArray(kind) ? kind : [kind];
    return this.handle(this.ofKind(...kinds), handler, opts);
  }

  /**
   * Registers a tracked handler for the catch-all stream (W4): unknown kinds and payloads that do
   * not fit.
   *
   * @param handler - runs once per event
   * @param opts - a name for logs and a retry policy of its own
   * @returns the subscription
   */
  onUnknown(handler: KnowledgeEventHandler<UnknownKnowledgeEvent>, opts: HandleOptions = {}): Subscription {
    return this.handle(this.unknown$, handler, opts);
  }

  /**
   * Registers a tracked handler on any pipeline of this object's streams with synchronous operators
   * (filter, `latestWins` ...). An event reaching the handler later, after a `delay` say, still
   * runs with retries, but its failure is only logged.
   *
   * @param source - a pipeline of `all$`, `known$`, `unknown$` or `everyReplica$`
   * @param handler - runs once per event
   * @param opts - a name for logs and a retry policy of its own
   * @returns the subscription
   */
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

  /**
   * Emits an event another replica handled, on `everyReplica$` only (the fan-out calls it).
   *
   * @param event - the event as the other replica handled it
   */
  receiveFromReplica(event: KnowledgeEvent): void {
    this.remote.next(event);
  }
}
