/**
 * The bot's Prometheus metrics. Each bot instance gets its own registry (tests run several
 * bots in one process, and prom-client's global registry would make their metrics collide);
 * the rest of the code increments the typed handles returned here.
 *
 * Outcome labels are short words chosen by the code that counts (for example accepted,
 * unauthorized, duplicate, error); keep them to a small fixed set, never ids, so the number of
 * series stays bounded.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type DepthReader = () => number | Promise<number>;

/**
 * The bot server's Prometheus metrics, served at `/metrics`: callbacks, turns, sends, rate limits,
 * webhook events, handovers, waits and queue depths.
 */
export interface HubbotMetrics {
  /** The prom-client registry holding them; add metrics of your own to it. */
  registry: Registry;
  /** `hubbot_callbacks_total{outcome}`: hub calls to the bot's callback. */
  callbacks: Counter<'outcome'>;
  /** `hubbot_turns_total{outcome}`: bot turns run. */
  turns: Counter<'outcome'>;
  /** `hubbot_sends_total{outcome}`: message sends to the hub. */
  sends: Counter<'outcome'>;
  /** hubbot_platform_429_total: 429 answers received from the platform. */
  platform429: Counter;
  /** hubbot_token_refreshes_total: access tokens the platform refused (401) and that were fetched again. */
  tokenRefreshes: Counter;
  /** hubbot_token_failures_total, by status: tries to get an access token that failed (status 0: not reached). */
  tokenFailures: Counter;
  /** List items a tolerant read of a platform answer skipped (R3), by operation. */
  unreadableItems: Counter;
  /** Requests refused, by route (token, callback): the full count behind rate-limited refusal logs (S5). */
  refusals: Counter;
  /**
   * `hubbot_cards_total{kind,outcome}`: attachments (and suggested actions) of the bot's replies
   * by kind (hero, adaptive, receipt, media ...): `whole` when the hub carries all of it, `lossy`
   * when something was sent as text or dropped, `refused` under strictCards (N3).
   */
  cards: Counter<'kind' | 'outcome'>;
  /** `hubbot_webhook_events_total{outcome}`: knowledge events received. */
  webhookEvents: Counter<'outcome'>;
  /** `hubbot_handovers_total{event}`: handovers to an agent (H1): started, answered, failed, timed_out, abandoned, fell_back, closed. */
  handovers: Counter<'event'>;
  /** hubbot_handover_wait_seconds: time from the transfer to the agent joining (H1). */
  handoverWait: Histogram;
  /**
   * `hubbot_contact_center_total{topic,figure}`: contact-center figures (O5) counted by this
   * replica: started, solved, rejected, abandoned, handover, `handover.<outcome>`. Topics are the
   * guided-help casebases, a small set.
   */
  contactCenter: Counter<'topic' | 'figure'>;
  /** hubbot_inbox_wait_seconds: an item's wait in the inbox, from its recording (or due time) to its turn's start. */
  inboxWait: Histogram;
  /** hubbot_turn_seconds: a turn, start to end; it includes waiting for its replies to leave (outbox below). */
  turnDuration: Histogram;
  /** `hubbot_outbox_wait_seconds{stage}`: one reply's time in the outbox, per stage (`ReplyStage` of replyTiming.ts: queue, post, backoff). */
  outboxWait: Histogram<'stage'>;
  /** `hubbot_queue_depth{queue}`: read from the observed queues at each scrape. */
  queueDepth: Gauge<'queue'>;
  /** `hubbot_dead_letters{queue}`: read from the observed queues at each scrape. */
  deadLetters: Gauge<'queue'>;
  /** `hubbot_clock_skew_seconds`: this replica's clock minus Redis's, as last measured (S20). */
  clockSkew: Gauge;
  /**
   * Reads `queue`'s depth at each scrape; returns a function that stops observing it.
   *
   * @param queue - the queue label
   * @param read - reads the depth
   */
  observeQueueDepth(queue: string, read: DepthReader): () => void;
  /**
   * Reads `queue`'s dead-letter count at each scrape; returns a function that stops observing it.
   *
   * @param queue - the queue label
   * @param read - reads the count
   */
  observeDeadLetters(queue: string, read: DepthReader): () => void;
}

/** Reply latency buckets, seconds: from a few ms (Enterprise, idle) to two Developer intervals and beyond. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 6.5, 10, 15, 30, 60];

export interface MetricsOptions {
  /** Also collect prom-client's process metrics (CPU, memory, event loop); default true. */
  defaultMetrics?: boolean;
  /** Labels added to every metric, e.g. { replica: 'bot-1' }. */
  labels?: Record<string, string>;
}

/** A gauge whose values are read from registered sources when Prometheus scrapes. */
function observedGauge(registry: Registry, name: string, help: string): { gauge: Gauge<'queue'>; observe: (queue: string, read: DepthReader) => () => void } {
  const sources = new Map<string, DepthReader>();
  const gauge = new Gauge<'queue'>({
    name,
    help,
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      // Start from nothing so a queue no longer observed disappears instead of going stale.
      this.reset();
      await Promise.all(
        [...sources].map(async ([queue, read]) => {
          try {
            this.set({ queue }, await read());
          } catch {
            // One unreadable queue (its Redis down) must not fail the whole scrape.
          }
        }),
      );
    },
  });
  const observe = (queue: string, read: DepthReader): (() => void) => {
    sources.set(queue, read);
    return () => {
      if (sources.get(queue) === read) sources.delete(queue);
    };
  };
  return { gauge, observe };
}

/**
 * Makes the bot server's metrics in a registry of their own (two servers in one process do not
 * collide).
 *
 * @param opts - whether Node's default metrics are added, and labels for every metric
 */
export function createMetrics(opts: MetricsOptions = {}): HubbotMetrics {
  const registry = new Registry();
  if (opts.labels) registry.setDefaultLabels(opts.labels);
  if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });

  const counter = <L extends string>(name: string, help: string, labelNames: L[]): Counter<L> =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });

  const histogram = <L extends string>(name: string, help: string, labelNames: L[]): Histogram<L> =>
    new Histogram<L>({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers: [registry] });

  const depth = observedGauge(registry, 'hubbot_queue_depth', 'Items waiting in each queue (inbox, outbox, ...).');
  const dead = observedGauge(registry, 'hubbot_dead_letters', 'Items in each dead-letter queue.');

  return {
    registry,
    callbacks: counter('hubbot_callbacks_total', 'Hub calls to the bot callback, by outcome.', ['outcome']),
    turns: counter('hubbot_turns_total', 'Bot turns, by outcome.', ['outcome']),
    sends: counter('hubbot_sends_total', 'Messages sent to the hub, by outcome.', ['outcome']),
    platform429: counter('hubbot_platform_429_total', '429 answers received from the platform.', []),
    tokenRefreshes: counter('hubbot_token_refreshes_total', 'Access tokens the platform refused (401) and that were fetched again.', []),
    tokenFailures: counter('hubbot_token_failures_total', 'Tries to get a platform access token that failed, by the token endpoint\'s status (0: not reached).', ['status']),
    refusals: counter('hubbot_refusals_total', 'Requests refused (bad credentials, tokens, limits), by route.', ['route']),
    unreadableItems: counter('hubbot_platform_unreadable_items_total', 'List items of platform answers skipped because they could not be read.', ['operation']),
    cards: counter('hubbot_cards_total', 'Attachments of the bot replies by kind: whole (carried), lossy (partly sent as text or dropped), refused (strictCards).', ['kind', 'outcome']),
    webhookEvents: counter('hubbot_webhook_events_total', 'Knowledge events received on the webhook, by outcome.', ['outcome']),
    handovers: counter('hubbot_handovers_total', 'Handovers to an agent, by event (started, answered, failed, timed_out, abandoned, fell_back, closed).', ['event']),
    contactCenter: counter('hubbot_contact_center_total', 'Contact-center figures by topic: started, solved, rejected, abandoned, handover, handover.<outcome>.', ['topic', 'figure']),
    handoverWait: new Histogram({
      name: 'hubbot_handover_wait_seconds',
      help: 'Time from the escalation.transfer to an agent joining.',
      buckets: [5, 15, 30, 60, 120, 300, 600, 1800],
      registers: [registry],
    }),
    inboxWait: histogram('hubbot_inbox_wait_seconds', 'Time an inbox item waited, from its recording (or due time) to the start of its turn.', []),
    turnDuration: histogram('hubbot_turn_seconds', 'Time a turn took, start to end, waiting for its replies to leave included.', []),
    outboxWait: histogram('hubbot_outbox_wait_seconds', 'Time a reply spent in the outbox, by stage: queue (to the POST taking it, its rate slot included), backoff, post.', ['stage']),
    queueDepth: depth.gauge,
    deadLetters: dead.gauge,
    clockSkew: new Gauge({
      name: 'hubbot_clock_skew_seconds',
      help: "This replica's clock minus Redis's (TIME), seconds, measured at start-up and at each readiness check; beyond CALLBACK_CLOCK_SKEW_SECONDS the hub's tokens may be refused.",
      registers: [registry],
    }),
    observeQueueDepth: depth.observe,
    observeDeadLetters: dead.observe,
  };
}
