/**
 * The bot's server, composed: everything a contact center runs for one replica.
 *
 *   hub ─POST callback─> token check ─> inbox (record) ─> 200
 *                                    └─ InboxWorker ─> HubAdapter turn ─> bot
 *   bot ─sendActivity─> HubAdapter (sender matrix) ─> Outbox ─> ConversationManagerClient ─> hub
 *
 * With REDIS_URL the inbox, the bot's state, the rate buckets and token revocations live in
 * Redis, so any replica carries on any conversation; without it, all of that is in memory.
 */
import { randomUUID } from 'node:crypto';
import type { Storage } from 'botbuilder-core';
import { ConfigError } from '../config/config.js';
import { createJsonServer } from '../httpServer/jsonServer.js';
import { createClientAddress } from '../httpServer/clientAddress.js';
import { createUnauthenticatedCap } from '../httpServer/unauthenticatedCap.js';
import { HubAdapter } from '../adapter/hubAdapter.js';
import { isDeadLetterNow, isTransientTurnError } from '../adapter/turnErrors.js';
import { Outbox } from '../adapter/outbox/outbox.js';
import { createHubCallbackHandler } from '../adapter/callbackHandler.js';
import type { DeadLetter, Inbox, InboxItem } from '../adapter/inbox/inbox.js';
import { MemoryInbox } from '../adapter/inbox/memoryInbox.js';
import { RedisInbox } from '../adapter/inbox/redisInbox.js';
import { InboxWorker } from '../adapter/inbox/inboxWorker.js';
import { RedisStorage } from '../storage/redisStorage.js';
import { HubMemoryStorage } from '../storage/memoryStorage.js';
import { ConversationReferenceStore } from '../storage/conversationReferenceStore.js';
import { redisSettingsFrom } from '../redis/redisSettings.js';
import { openSharedRedis } from '../redis/sharedRedis.js';
import { createLogger } from '../observability/logger.js';
import { createMetrics } from '../observability/metrics.js';
import { createRefusalLog } from '../observability/refusalLog.js';
import { customerDataKindsFrom, maskCustomerDataDeep } from '../observability/customerData.js';
import { registerOperationsRoutes, redisReadinessCheck } from '../observability/operationsRoutes.js';
import { registerTokenEndpoint } from '../authentication/tokenEndpoint.js';
import { createFailureLimiter } from '../authentication/failureLimiter.js';
import { RedisFailureLimiter } from '../authentication/redisFailureLimiter.js';
import { createCallbackAuthenticator } from '../authentication/callbackAuthenticator.js';
import { MemoryRevocationStore } from '../authentication/revocationStore.js';
import { RedisRevocationStore } from '../authentication/redisRevocationStore.js';
import { callbackAuthenticatorOptionsFromConfig, failureLimitsFromConfig, tokenEndpointOptionsFromConfig } from './serverOptionsFromConfig.js';
import { connectPlatform } from './platformConnection.js';
import { reportCapRefusals, reportConnectionRefusals } from './serverRefusals.js';
import { registerWebhook } from '../webhook/registerWebhook.js';
import { requireWebhookAuth, webhookOptionsFromConfig } from '../webhook/webhookOptionsFromConfig.js';
import { DeletedArticles } from '../webhook/deletedArticles.js';
import { RedisArticleStateStore } from '../webhook/redisArticleStateStore.js';
import { invalidateOnKnowledgeChange } from '../webhook/invalidateOnKnowledgeChange.js';
import { transcriptStoreFromConfig } from '../transcripts/transcriptStoreFromConfig.js';
import { transcriptMiddleware } from '../transcripts/transcriptMiddleware.js';
import { HandoverMiddleware } from '../handover/handoverMiddleware.js';

export type { BotDependencies, HubBot, HubBotServer, HubBotServerOptions, RunnableBot } from './hubBotServerTypes.js';
import type { BotDependencies, HubBot, HubBotServer, HubBotServerOptions } from './hubBotServerTypes.js';

/** The whole pipeline, serving its own port (the token endpoint, callback, webhook, health). */
export async function startHubBotServer(opts: HubBotServerOptions): Promise<HubBotServer> {
  return (await composeHubBot(opts, true)) as HubBotServer;
}

/**
 * The same pipeline for a developer who runs their own express, restify or Node server: no port
 * is opened; `process` is the hub callback, with the same authentication and record-before-ack.
 * The bot's own token endpoint and the knowledge webhook are not served: the hub's tokens come
 * from your identity provider (CALLBACK_ISSUER), see the README, "Your own server".
 */
export async function createHubBot(opts: HubBotServerOptions): Promise<HubBot> {
  return composeHubBot(opts, false);
}

async function composeHubBot(opts: HubBotServerOptions, listen: boolean): Promise<HubBot & { url?: string }> {
  const cfg = opts.config;
  // A served knowledge webhook must be authenticated unless WEBHOOK_AUTH=none (S4): refused
  // here, before any connection is opened.
  if (listen) requireWebhookAuth(cfg);
  // Customer data is masked in logs, transcripts and dead letters unless switched off (S13).
  const customerData = customerDataKindsFrom(cfg.CUSTOMER_DATA_REDACTION);
  const logger = opts.logger ?? createLogger({ level: cfg.LOG_LEVEL, name: 'hubbot', customerData });
  const metrics = createMetrics();
  // Refusals are logged cut short and rate-limited; every one is counted (S5).
  const refusals = createRefusalLog(logger, { onRefused: (route) => metrics.refusals.inc({ route }) });
  // One node (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES): every store takes the same
  // object (D1). It also carries pub/sub, on a connection of its own (sharded on a cluster; the
  // inbox's notify channel is published by its Lua script, so it listens on classic pub/sub).
  const redisSettings = redisSettingsFrom(cfg);
  const redis = redisSettings ? await openSharedRedis(redisSettings, { logger, clientName: 'hubbot' }) : undefined;

  const platform = connectPlatform(cfg, {
    redis,
    logger,
    observer: {
      onAnswer: (status) => {
        if (status === 429) metrics.platform429.inc();
      },
      onTokenRefresh: () => metrics.tokenRefreshes.inc(),
      onUnreadable: (operation, skipped) => {
        if (skipped === 'item') metrics.unreadableItems.inc({ operation });
      },
    },
  });
  const storage: Storage = opts.storage ?? (redis ? new RedisStorage({ client: redis, tenant: cfg.PLATFORM_TENANT }) : new HubMemoryStorage());
  const maskLetter = customerData.length > 0 ? (letter: DeadLetter) => maskCustomerDataDeep(letter, customerData) : undefined;
  const inbox: Inbox = opts.inbox ?? (redis ? new RedisInbox({ client: redis, subscriber: redis.classicSubscriber(), tenant: cfg.PLATFORM_TENANT, onError: (err) => logger.warn({ err }, 'inbox'), maskLetter }) : new MemoryInbox({ maskLetter }));
  const outbox = new Outbox({
    // The outbox waits out 429/503 itself, holding only the conversations concerned (T3).
    // The batch is taken when the rate slot is granted: replies queued during the wait go in it.
    sendAtSlot: async (take, call) => {
      await platform.conversations.sendMessages(take, { backoff: 'caller', signal: call.signal });
    },
    onSent: (n) => metrics.sends.inc({ outcome: 'sent' }, n),
    onDelivered: (t) => {
      metrics.outboxWait.observe({ stage: 'queue' }, t.queueMs / 1000);
      metrics.outboxWait.observe({ stage: 'post' }, t.postMs / 1000);
      metrics.outboxWait.observe({ stage: 'backoff' }, t.backoffMs / 1000);
    },
    onFailure: (conversationId, messages, err) => {
      metrics.sends.inc({ outcome: 'failed' }, messages.length);
      logger.error({ conversationId, count: messages.length, err }, 'replies could not be delivered to the hub');
    },
    // The hub does not know the conversation or it has ended: its replies are dropped, not retried (S6).
    onDropped: (conversationId, count, reason) => {
      metrics.sends.inc({ outcome: 'dropped' }, count);
      logger.warn({ conversationId, count, reason }, 'replies to a closed conversation dropped');
    },
  });
  const references = new ConversationReferenceStore(storage);
  // The first message of a conversation is preceded by a conversationUpdate (welcome handlers, T4).
  // Proactive turns are pinned to this process's worker, where their logic waits (T2).
  const workerId = `hubbot-${randomUUID().slice(0, 8)}`;
  const adapter = new HubAdapter({
    inbox,
    workerId,
    outbox,
    senderType: cfg.BOT_SENDER_TYPE,
    serviceUrl: cfg.PLATFORM_BASE_URL,
    log: logger,
    conversationStarts: references.asConversationStarts(),
    ...(opts.turnErrorNotices !== undefined ? { turnErrorNotices: opts.turnErrorNotices } : {}),
  });
  // The default onTurnError of the composed server logs; a developer may set their own. The
  // turn is counted by the worker handler below, whichever handler runs, so it is counted once.
  adapter.onTurnError = async (context, error) => {
    logger.error({ conversationId: context.activity.conversation?.id, err: error }, 'turn failed');
  };
  const app = createJsonServer({
    name: 'hubbot',
    bodyLimitBytes: cfg.BODY_LIMIT_BYTES,
    slowClients: {
      headersTimeoutMs: cfg.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: cfg.HTTP_REQUEST_TIMEOUT_MS,
      maxConnections: cfg.HTTP_MAX_CONNECTIONS,
      keepAliveTimeoutMs: cfg.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxRequestsPerSocket: cfg.HTTP_MAX_REQUESTS_PER_SOCKET,
    },
    onConnectionRefused: reportConnectionRefusals(cfg, refusals),
  });
  // One idea of who is calling (TRUSTED_PROXIES) for every per-caller rule: the token endpoint's
  // failure limiter, the cap on unauthenticated requests in flight (S1, S2), the webhook allowlist.
  const clientAddress = createClientAddress(cfg.TRUSTED_PROXIES);
  const unauthenticatedCap = (maxPerAddress: number, route: string) =>
    // Token requests and webhook deliveries: a full address sheds its oldest slow request, never a whole one (S9, S10).
    createUnauthenticatedCap({ maxPerAddress, clientAddress, onRefused: reportCapRefusals(route, refusals), shedOldestIncomplete: route !== 'callback' });

  // Knowledge events: recorded before the 204, handled after; article changes drop the
  // portal's cached lists, and deleted articles are known to the bot.
  const webhookOptions = webhookOptionsFromConfig(cfg, { redis, subscriber: redis, metrics, logger, refusalLog: refusals, served: listen });
  const webhook = registerWebhook(app, {
    ...(typeof webhookOptions.auth === 'object' ? { ...webhookOptions, auth: { ...webhookOptions.auth, clientAddress } } : webhookOptions),
    unauthenticated: unauthenticatedCap(cfg.HTTP_MAX_UNAUTHENTICATED_PER_ADDRESS, 'webhook'),
  });
  const deletedArticles = new DeletedArticles({ store: redis ? new RedisArticleStateStore({ client: redis, tenant: cfg.PLATFORM_TENANT }) : undefined });
  deletedArticles.track(webhook.events);
  if (platform.portal) invalidateOnKnowledgeChange(webhook.events, platform.portal);

  // Every activity in and out, customer turns the bot ignores included, goes to the transcript (H4).
  const transcripts = opts.transcripts === false ? undefined : (opts.transcripts ?? transcriptStoreFromConfig(cfg, redis, opts.transcriptRedaction));
  if (transcripts) adapter.use(transcriptMiddleware(transcripts, logger));
  // Every transfer to an agent is followed to its outcome; the bot is silent while an agent
  // holds the conversation; the wait's deadline is an inbox item (H1, H2).
  adapter.use(
    new HandoverMiddleware({
      storage,
      scheduler: adapter,
      waitMs: cfg.HANDOVER_WAIT_SECONDS * 1000,
      onEvent: (event, { conversationId, waitedMs }) => {
        metrics.handovers.inc({ event });
        if (waitedMs !== undefined) metrics.handoverWait.observe(waitedMs / 1000);
        logger.info({ conversationId, event, waitedMs }, 'handover');
      },
    }),
  );
  const deps: BotDependencies = { config: cfg, storage, platform, adapter, references, knowledge: { events: webhook.events, deletedArticles }, logger, transcripts };
  const bot = opts.bot(deps);

  const revocations = redis ? new RedisRevocationStore(redis, cfg.PLATFORM_TENANT) : new MemoryRevocationStore();
  const tokenEndpoint = tokenEndpointOptionsFromConfig(cfg, {
    logger,
    refusalLog: refusals,
    clientAddress,
    unauthenticated: unauthenticatedCap(cfg.HTTP_MAX_UNAUTHENTICATED_PER_ADDRESS, 'token'),
    // With Redis, wrong secrets sent to one replica count (and block) on all of them (S2).
    limiter: redis ? new RedisFailureLimiter({ ...failureLimitsFromConfig(cfg), client: redis, tenant: cfg.PLATFORM_TENANT }) : createFailureLimiter(failureLimitsFromConfig(cfg)),
  });
  if (tokenEndpoint) registerTokenEndpoint(app, tokenEndpoint);
  const authOptions = callbackAuthenticatorOptionsFromConfig(cfg, { revocations });
  if (!authOptions) {
    throw new ConfigError(['BOT_TOKEN_SIGNING_KEY (with BOT_CLIENT_ID and BOT_CLIENT_SECRET) or CALLBACK_ISSUER: the hub\'s callbacks must be authenticated (spec 5.4)']);
  }
  let admitting = true;
  const processCallback = createHubCallbackHandler({
    admitting: () => admitting,
    // Why a hub token was refused is logged (never the token), so an operator can tell an
    // expired token from a misconfigured issuer.
    authenticate: createCallbackAuthenticator({ ...authOptions, onRefused: (reason, issuer) => refusals('callback', { reason, issuer }, 'callback token refused') }),
    record: async (conversationId, item) => {
      const recorded = await inbox.append(conversationId, item);
      // Known as soon as the hub says so, before the turns of its earlier messages reply (S11).
      if (isConversationEnd(item)) outbox.markEnded(conversationId);
      return recorded;
    },
    parse: opts.parse,
    bodyLimitBytes: cfg.BODY_LIMIT_BYTES,
    onCallback: (outcome) => metrics.callbacks.inc({ outcome }),
    unauthenticated: unauthenticatedCap(cfg.HTTP_MAX_UNAUTHENTICATED_CALLBACKS_PER_ADDRESS, 'callback'),
  });
  app.route('post', cfg.BOT_CALLBACK_PATH, ({ req, res }) => processCallback(req, res), { parseJson: false });
  // /metrics on the public port unless it has one of its own (METRICS_PORT, on loopback); behind a
  // bearer token wherever it is served when METRICS_TOKEN is set (S8).
  const metricsToken = cfg.METRICS_TOKEN;
  const opsApp = cfg.METRICS_PORT !== undefined ? createJsonServer({ name: 'hubbot-metrics' }) : undefined;
  registerOperationsRoutes(app, { metrics: opsApp ? undefined : metrics, metricsToken, metricsPublic: cfg.METRICS_PUBLIC, checks: redis ? [redisReadinessCheck(redis)] : [], logger });
  if (opsApp) registerOperationsRoutes(opsApp, { metrics, metricsToken, logger });
  metrics.observeQueueDepth('inbox', () => inbox.depth());
  metrics.observeQueueDepth('outbox', () => outbox.depth);
  metrics.observeDeadLetters('inbox', async () => (await inbox.deadLetters()).length);
  await opts.extend?.(app, deps);

  const worker = new InboxWorker(
    inbox,
    async (conversationId, item) => {
      let handled: boolean;
      try {
        // The adapter reads the item back (an unreadable one is parked) and runs its turn; the
        // conversation's reference is kept at its start (conversationStarts), for proactive turns.
        handled = await adapter.processInboxItem(conversationId, item, (context) => bot.run(context));
      } catch (err) {
        // A bot error is parked by the inbox; a transient one is run again (T1).
        metrics.turns.inc({ outcome: isDeadLetterNow(err) ? 'error' : isTransientTurnError(err) ? 'retried' : 'failed' });
        throw err;
      }
      metrics.turns.inc({ outcome: handled ? 'ok' : 'ignored' });
      // An ended conversation takes no proactive message: its reference goes, so the index of
      // references holds the conversations under way, not every one ever seen.
      if (isConversationEnd(item)) await references.remove(conversationId).catch((err: unknown) => logger.warn({ err, conversationId }, 'conversation reference not removed'));
    },
    {
      workerId,
      leaseMs: opts.worker?.leaseMs,
      // Enough turns at once that the outbox, not the worker, shares the send budget among
      // conversations (each turn waits for its replies to leave before completing).
      concurrency: opts.worker?.concurrency ?? cfg.INBOX_CONCURRENCY,
      pollIntervalMs: opts.worker?.pollIntervalMs,
      onError: (err, where) => logger.warn({ err, ...where }, 'inbox worker'),
      onTurnTimed: (t) => {
        metrics.inboxWait.observe(t.waitMs / 1000);
        metrics.turnDuration.observe(t.turnMs / 1000);
      },
      onDeadLetter: (letter) => {
        logger.error({ conversationId: letter.conversationId, itemId: letter.item.id, kind: letter.item.kind ?? 'message', reason: letter.reason }, 'inbox item parked in dead letters');
        adapter.inboxItemParked(letter);
      },
    },
  );
  const url = listen ? await app.listen(cfg.BOT_PORT, cfg.BOT_HOST) : undefined;
  const metricsUrl = opsApp ? await opsApp.listen(cfg.METRICS_PORT, '127.0.0.1') : undefined;
  worker.start();
  await webhook.start();
  logger.info({ url, callback: cfg.BOT_CALLBACK_PATH, redis: Boolean(redis) }, 'hub bot listening');

  return {
    url,
    metricsUrl,
    process: processCallback,
    app,
    deps,
    inbox,
    outbox,
    worker,
    metrics,
    stop: async (stopOpts = {}) => {
      // Graceful (T7): new callbacks get 503 + Retry-After (the hub tries another replica),
      // running turns get a bounded time to finish, then their leases are handed back.
      admitting = false;
      await worker.stop({ graceMs: stopOpts.graceMs ?? cfg.SHUTDOWN_GRACE_MS });
      // No POST to the hub after this; replies still queued belong to turns not completed (T7).
      outbox.stop();
      await app.close();
      await opsApp?.close();
      await webhook.stop();
      await inbox.close();
      await redis?.close().catch(() => undefined);
    },
  };
}

function isConversationEnd(item: InboxItem): boolean {
  return (item.kind ?? 'message') === 'message' && (item.payload as { type?: { value?: unknown } } | undefined)?.type?.value === 'conversation.end';
}
