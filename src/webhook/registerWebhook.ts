/**
 * The knowledge-event webhook (spec 4.1 and 6) on the bot's JsonServer: PUT {path}.
 *
 * Record, then acknowledge: the event is recorded in the EventStore (deduplicated by
 * notificationId) before the 204 (W1, W3); the handlers run later, from the store, in the
 * consumer loop, so the answer never waits for them (W2). An event that cannot be recorded
 * (store down or slow, queue full) is answered 503, which the event manager retries (W7); a
 * 204 is never sent for an event that is not recorded.
 *
 * The body is read leniently: only notificationId is required, every other field is kept (W5);
 * unknown kinds are acknowledged like the others and reach only the catch-all stream (W4).
 * Refusals are error bodies of 2.3: 400 malformed (a notificationId over 256 characters too),
 * 413 too large, 401/403 from the guard (webhookGuard.ts: required unless `auth: 'none'`, S4),
 * 503 not recorded. Refusals are logged through the refusal log (cut short, rate-limited,
 * counted: S5), and a notificationId is never logged whole.
 */
import { PlatformError } from '../errors/platformError.js';
import { header } from '../httpServer/errorResponse.js';
import { DEFAULT_BODY_LIMIT_BYTES, parseJsonBytes, readRawBody } from '../httpServer/jsonBody.js';
import type { JsonServer } from '../httpServer/jsonServer.js';
import type { HubbotMetrics } from '../observability/metrics.js';
import { createRefusalLog, type RefusalLog } from '../observability/refusalLog.js';
import { envelopeNotificationId } from './envelopeReader.js';
import { EventConsumer, type EventConsumerOptions } from './eventConsumer.js';
import type { EventFanOut } from './eventFanOut.js';
import type { EventStore, RecordOutcome } from './eventStore.js';
import type { HandlerRetryPolicy } from './handlerRetry.js';
import { KnowledgeEvents } from './knowledgeEvents.js';
import { MemoryEventStore } from './memoryEventStore.js';
import { createWebhookGuard, type WebhookAuth } from './webhookGuard.js';
import type { UnauthenticatedCap } from '../httpServer/unauthenticatedCap.js';
import { errorText, loggedId, type WebhookLogger } from './webhookLogger.js';
import { answerWithin } from '../redis/answerWithin.js';

export const DEFAULT_WEBHOOK_PATH = '/webhook';
export const DEFAULT_RECORD_TIMEOUT_MS = 2000;
/** Longest notificationId accepted (S4): far above a UUID, far below what would weigh on the store. */
export const DEFAULT_MAX_NOTIFICATION_ID_LENGTH = 256;

/**
 * What `registerWebhook` mounts: path, limits, authentication (required), the event store, the
 * streams handed to the application, and the consumer's settings.
 */
export interface WebhookOptions {
  /** Default /webhook. */
  path?: string;
  /** Largest body accepted (413 above); default 1 MiB. */
  bodyLimitBytes?: number;
  /** Default: a MemoryEventStore (one replica). Use RedisEventStore for several. */
  store?: EventStore;
  /** The streams handed to the application; default a new one. */
  events?: KnowledgeEvents;
  /** Handler retry policy (when `events` is not given). */
  retry?: Partial<HandlerRetryPolicy>;
  /** Signature, shared-secret header and/or IP allowlist; required: `'none'` opens the webhook to anyone (S4). */
  auth: WebhookAuth;
  /** Longer notificationIds are refused with 400; default 256 characters. */
  maxNotificationIdLength?: number;
  /** Where refusals are logged, cut short and rate-limited (S5); default: one on `logger`. */
  refusalLog?: RefusalLog;
  /** Deliveries per address whose signature is not checked yet; the bot server sheds the oldest slow one at its cap (S10). */
  unauthenticated?: UnauthenticatedCap;
  /** A record taking longer than this is answered 503 (it may still complete: the retry is then a duplicate). Default 2 s. */
  recordTimeoutMs?: number;
  /** Fields naming the event kind; default eventType, type, eventName. */
  kindFields?: readonly string[];
  /**
   * Settings of the consumer that hands recorded events to handlers (batch size, polling, claim
   * timing).
   */
  consumer?: Omit<EventConsumerOptions, 'kindFields' | 'fanOut' | 'logger'>;
  /** Tells the other replicas of each handled event (for `everyReplica$`); default none. */
  fanOut?: EventFanOut;
  /** Counts `hubbot_webhook_events_total{outcome}`; observes hubbot_dead_letters and hubbot_queue_depth under `queueName`. */
  metrics?: HubbotMetrics;
  /** Label of this receiver's queue in the metrics; default `webhook`. */
  queueName?: string;
  /** Where deliveries, refusals and handler failures are logged. */
  logger?: WebhookLogger;
}

/**
 * The mounted webhook: its path, the streams handed to the application, its store and consumer, and
 * `start`/`stop`.
 */
export interface WebhookReceiver {
  /** The path the webhook is mounted on. */
  readonly path: string;
  /** The knowledge events handed to the application. */
  readonly events: KnowledgeEvents;
  /** Where deliveries are recorded before the 200. */
  readonly store: EventStore;
  /** Hands recorded events to the handlers. */
  readonly consumer: EventConsumer;
  /** Starts handing recorded events to handlers; register handlers first. */
  start(): Promise<void>;
  /** Stops the consumer (events in hand are finished) and the fan-out. The route keeps recording. */
  stop(): Promise<void>;
}

/** How the webhook answered one delivery, as counted in the metrics. */
export type WebhookOutcome = 'accepted' | 'duplicate' | 'malformed' | 'too_large' | 'unauthorized' | 'forbidden' | 'unavailable';

const OUTCOME_OF_STATUS: Record<number, WebhookOutcome> = { 400: 'malformed', 401: 'unauthorized', 403: 'forbidden', 413: 'too_large' };

/**
 * Mounts the knowledge-event webhook (W1-W8): each delivery is authenticated (signature, shared
 * secret and/or address; S4), read tolerantly, recorded in the event store (deduplicated by
 * notification id) and only then answered 200; a consumer then hands it to the application's
 * handlers, with retries and dead letters.
 *
 * @param app - the server to mount it on
 * @param opts - authentication (required), store, streams, limits and metrics
 * @returns the receiver; call `start` once handlers are registered
 */
export function registerWebhook(app: JsonServer, opts: WebhookOptions): WebhookReceiver {
  const path = opts.path ?? DEFAULT_WEBHOOK_PATH;
  const limit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const store = opts.store ?? new MemoryEventStore();
  const events = opts.events ?? new KnowledgeEvents({ retry: opts.retry, logger: opts.logger });
  const consumer = new EventConsumer(store, events, { ...opts.consumer, kindFields: opts.kindFields, fanOut: opts.fanOut, logger: opts.logger });
  const guard = createWebhookGuard(opts.auth);
  const maxIdLength = opts.maxNotificationIdLength ?? DEFAULT_MAX_NOTIFICATION_ID_LENGTH;
  const refusals = opts.refusalLog ?? createRefusalLog(opts.logger);
  const timeoutMs = opts.recordTimeoutMs ?? DEFAULT_RECORD_TIMEOUT_MS;
  const count = (outcome: WebhookOutcome): void => opts.metrics?.webhookEvents.inc({ outcome });
  const queueName = opts.queueName ?? 'webhook';
  opts.metrics?.observeDeadLetters(queueName, () => store.deadLetterCount());
  opts.metrics?.observeQueueDepth(queueName, () => store.pendingCount());

  app.route(
    'put',
    path,
    async ({ req, res }) => {
      const acceptLanguage = header(req, 'accept-language');
      let notificationId: string;
      let body: unknown;
      try {
        // Headers first (nothing read from a refused caller), then the bytes the signature
        // covers, then parsing.
        // Counted per address until the signature is checked; a full address sheds its oldest
        // slow delivery, so one address cannot hold the server's connections with bodies (S10).
        let raw: Buffer;
        const release = opts.unauthenticated?.admit(req, res);
        try {
          guard.checkHeaders(req);
          raw = await readRawBody(req, limit);
          guard.checkBody(req, raw);
        } finally {
          release?.();
        }
        body = parseJsonBytes(raw, acceptLanguage);
        notificationId = notificationIdOf(body, maxIdLength, acceptLanguage);
      } catch (err) {
        if (err instanceof PlatformError) {
          count(OUTCOME_OF_STATUS[err.status] ?? 'malformed');
          refusals('webhook', { code: err.code, address: req.socket?.remoteAddress, notificationId: idOf(body) }, 'knowledge event refused');
          throw err;
        }
        // Not a refusal but a fault of ours (or a broken connection): a 500 would end the
        // delivery for good (6.4), a 503 makes the event manager try again. A sender can abort
        // deliveries by the hundred, so the line goes through the refusal log's limit (S19).
        count('unavailable');
        refusals('webhook', { err: errorText(err), address: req.socket?.remoteAddress }, 'knowledge event delivery failed before recording; answering 503');
        throw PlatformError.of('503-100', { reason: 'the event could not be read' }, { acceptLanguage });
      }

      let outcome: RecordOutcome;
      try {
        outcome = await answerWithin(store.record(notificationId, JSON.stringify(body), Date.now()), timeoutMs, 'not recorded');
      } catch (err) {
        // A store down or slow makes every delivery (and the event manager's retries) end here:
        // the line goes through the limiter too (S19), its count in the 'unavailable' outcome.
        count('unavailable');
        refusals('webhook-unrecorded', { notificationId: loggedId(notificationId), err: errorText(err) }, 'knowledge event not recorded; answering 503');
        throw PlatformError.of('503-100', { reason: 'the event could not be recorded' }, { acceptLanguage });
      }
      count(outcome === 'recorded' ? 'accepted' : 'duplicate');
      if (outcome === 'recorded') consumer.wake();
      res.writeHead(204);
      res.end();
    },
    { parseJson: false },
  );

  let stopFanOut: (() => Promise<void>) | undefined;
  return {
    path,
    events,
    store,
    consumer,
    async start() {
      if (consumer.isRunning) return;
      if (opts.fanOut && !stopFanOut) stopFanOut = await opts.fanOut.attach(events, { kindFields: opts.kindFields });
      consumer.start();
    },
    async stop() {
      await consumer.stop();
      const stopping = stopFanOut;
      stopFanOut = undefined;
      await stopping?.();
    },
  };
}

/** The notificationId of a delivery body, or the 400 that refuses it. */
function notificationIdOf(body: unknown, maxLength: number, acceptLanguage: string | undefined): string {
  if (body === undefined) throw PlatformError.of('400-100', { reason: 'the body is empty' }, { acceptLanguage });
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw PlatformError.of('400-100', { reason: 'the body must be a JSON object' }, { acceptLanguage });
  }
  if (!('notificationId' in body) || (body as { notificationId: unknown }).notificationId == null) {
    throw PlatformError.of('400-112', { name: 'notificationId' }, { acceptLanguage });
  }
  const id = envelopeNotificationId(body);
  if (id === undefined) throw PlatformError.of('400-101', { reason: 'notificationId must be a non-empty string or a number' }, { acceptLanguage });
  if (id.length > maxLength) throw PlatformError.of('400-101', { reason: `notificationId is longer than ${maxLength} characters` }, { acceptLanguage });
  return id;
}

/** The notificationId of a refused body, when it has one, for the refusal log (which cuts it short). */
function idOf(body: unknown): unknown {
  const id = body !== null && typeof body === 'object' && 'notificationId' in body ? (body as { notificationId: unknown }).notificationId : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
