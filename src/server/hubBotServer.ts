/**
 * The composition root: builds what a contact center configures for one replica (Redis or
 * memory, the platform clients, the stores, metrics, logs, the token endpoint, the knowledge
 * webhook, the operations routes) and hands it to the turn pipeline (src/adapter/hubPipeline.ts),
 * which owns the way of a customer message from callback to hub POST. Nothing here runs per turn.
 *
 * With REDIS_URL the inbox, the bot's state, the rate buckets and token revocations live in
 * Redis, so any replica carries on any conversation; without it, all of that is in memory.
 */
import { startTraceExport } from '../observability/traceExport.js';
import type { Storage } from 'botbuilder-core';
import { ConfigError } from '../config/config.js';
import { createClientAddress } from '../httpServer/clientAddress.js';
import { createUnauthenticatedCap } from '../httpServer/unauthenticatedCap.js';
import type { DeadLetter, Inbox } from '../adapter/inbox/inbox.js';
import { HubPipeline } from '../adapter/hubPipeline.js';
import { MemoryInbox } from '../adapter/inbox/memoryInbox.js';
import { RedisInbox } from '../adapter/inbox/redisInbox.js';
import { RedisStorage } from '../storage/redisStorage.js';
import { HubMemoryStorage } from '../storage/memoryStorage.js';
import { ConversationReferenceStore } from '../storage/conversationReferenceStore.js';
import { redisSettingsFrom } from '../redis/redisSettings.js';
import { openSharedRedis } from '../redis/sharedRedis.js';
import { createLogger, resolveLogFormat } from '../observability/logger.js';
import { createMetrics } from '../observability/metrics.js';
import { contactCenterFiguresFor } from '../observability/contactCenterFiguresFor.js';
import { createRefusalLog, NOT_REFUSALS } from '../observability/refusalLog.js';
import { ClockSkew, warnOfClockSkew } from '../redis/clockSkew.js';
import { SharedEndings } from '../adapter/outbox/sharedEndings.js';
import { tenantKey } from '../redis/tenantKey.js';
import { customerDataKindsFrom, maskCustomerDataDeep } from '../observability/customerData.js';
import { registerOperationsRoutes, redisReadinessCheck } from '../observability/operationsRoutes.js';
import { registerTokenEndpoint } from '../authentication/tokenEndpoint.js';
import { createFailureLimiter } from '../authentication/failureLimiter.js';
import { RedisFailureLimiter } from '../authentication/redisFailureLimiter.js';
import { createCallbackAuthenticator } from '../authentication/callbackAuthenticator.js';
import { MemoryRevocationStore } from '../authentication/revocationStore.js';
import { RedisRevocationStore } from '../authentication/redisRevocationStore.js';
import { SharedSigningKeys } from '../authentication/sharedSigningKeys.js';
import { callbackAuthenticatorOptionsFromConfig, failureLimitsFromConfig, tokenEndpointOptionsFromConfig } from './serverOptionsFromConfig.js';
import { connectPlatform } from './platformConnection.js';
import { createServerListeners } from './serverListeners.js';
import { reportCapRefusals, reportConnectionRefusals } from './serverRefusals.js';
import { registerWebhook } from '../webhook/registerWebhook.js';
import { webhookOptionsFromConfig } from '../webhook/webhookOptionsFromConfig.js';
import { CALLBACK_AUTH_PROBLEM, requireServerConfig } from './serverConfigProblems.js';
import { DeletedArticles } from '../webhook/deletedArticles.js';
import { RedisArticleStateStore } from '../webhook/redisArticleStateStore.js';
import { invalidateOnKnowledgeChange } from '../webhook/invalidateOnKnowledgeChange.js';
import { transcriptStoreFromConfig } from '../transcripts/transcriptStoreFromConfig.js';
import { transcriptMiddleware } from '../transcripts/transcriptMiddleware.js';
import { HandoverMiddleware } from '../handover/handoverMiddleware.js';
import { turnStateKeys } from './turnStateKeys.js';
import { StartupCleanup } from './startupCleanup.js';
import { answerWithin } from '../redis/answerWithin.js';

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
  // A start-up that fails part way stops what it had started, then fails with its own error.
  const started = new StartupCleanup();
  try {
    return await compose(opts, listen, started);
  } catch (err) {
    await started.run();
    throw err;
  }
}

async function compose(opts: HubBotServerOptions, listen: boolean, started: StartupCleanup): Promise<HubBot & { url?: string }> {
  const cfg = opts.config;
  // Every configuration problem at once, before any connection is opened (O1): the platform,
  // the callback's authentication and, when served, the knowledge webhook's (S4).
  requireServerConfig(cfg, { listen, platformCredentials: true });
  // Customer data is masked in logs, transcripts and dead letters unless switched off (S13).
  const customerData = customerDataKindsFrom(cfg.CUSTOMER_DATA_REDACTION);
  const logger = opts.logger ?? createLogger({ level: cfg.LOG_LEVEL, name: 'hubbot', format: resolveLogFormat(cfg.LOG_FORMAT), customerData });
  const metrics = createMetrics();
  // Refusals are logged cut short and rate-limited; every one is counted (S5). The one limiter of
  // every line an outside party can cause (S19); replies dropped for a closed conversation,
  // events not recorded and failed turns are counted by their own metrics, not as refusals.
  const refusals = createRefusalLog(logger, { onRefused: (route) => !NOT_REFUSALS.has(route) && metrics.refusals.inc({ route }) });
  // One node (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES): every store takes the same
  // object (D1). It also carries pub/sub, on a connection of its own (sharded on a cluster; the
  // inbox's notify channel is published by its Lua script, so it listens on classic pub/sub).
  const redisSettings = redisSettingsFrom(cfg);
  const redis = redisSettings ? await openSharedRedis(redisSettings, { logger, clientName: 'hubbot', connectTimeoutMs: cfg.REDIS_CONNECT_TIMEOUT_MS }) : undefined;
  if (redis) started.add(() => redis.close());
  // A clock off from Redis's by more than the tokens' tolerance refuses the hub in silence: said at start, in /readyz and the metrics (S20).
  const clock = redis ? new ClockSkew({ client: redis, key: tenantKey(cfg.PLATFORM_TENANT, 'clock'), toleranceSeconds: cfg.CALLBACK_CLOCK_SKEW_SECONDS, onMeasured: (s) => metrics.clockSkew.set(s) }) : undefined;
  if (clock) await warnOfClockSkew(clock, logger);

  const platform = connectPlatform(cfg, {
    redis,
    logger,
    observer: {
      onAnswer: (status) => {
        if (status === 429) metrics.platform429.inc();
      },
      onTokenRefresh: () => metrics.tokenRefreshes.inc(),
      onTokenFailure: (status) => metrics.tokenFailures.inc({ status: String(status) }),
      onUnreadable: (operation, skipped) => {
        if (skipped === 'item') metrics.unreadableItems.inc({ operation });
      },
    },
  });
  // One lifetime for state wherever it is kept (STATE_TTL_SECONDS after its last write).
  const stateTtl = { ttlSeconds: cfg.STATE_TTL_SECONDS };
  const storage: Storage = opts.storage ?? (redis ? new RedisStorage({ client: redis, tenant: cfg.PLATFORM_TENANT, ...stateTtl }) : new HubMemoryStorage(stateTtl));
  const maskLetter = customerData.length > 0 ? (letter: DeadLetter) => maskCustomerDataDeep(letter, customerData) : undefined;
  // A turn's first reads (the handover record, the conversation's state) ride on its claim.
  const prefetch = storage instanceof RedisStorage ? storage.claimPrefetch(turnStateKeys) : undefined;
  const inbox: Inbox =
    opts.inbox ?? (redis ? new RedisInbox({ client: redis, subscriber: redis, tenant: cfg.PLATFORM_TENANT, onError: (err) => logger.warn({ err }, 'inbox'), maskLetter, prefetch }) : new MemoryInbox({ maskLetter }));
  if (!opts.inbox) started.add(() => inbox.close());
  const references = new ConversationReferenceStore(storage);
  // Contact-center figures (O5): counters on Redis shared by the replicas (else this process's).
  const figures = contactCenterFiguresFor(redis, cfg.PLATFORM_TENANT, metrics, logger);
  // One idea of who is calling (TRUSTED_PROXIES) for every per-caller rule: the token endpoint's
  // failure limiter, the cap on unauthenticated requests in flight (S1, S2), the webhook allowlist.
  const clientAddress = createClientAddress(cfg.TRUSTED_PROXIES);
  const unauthenticatedCap = (maxPerAddress: number, route: string) =>
    // Token requests and webhook deliveries: a full address sheds its oldest slow request, never a whole one (S9, S10).
    createUnauthenticatedCap({ maxPerAddress, clientAddress, onRefused: reportCapRefusals(route, refusals), shedOldestIncomplete: route !== 'callback' });
  const revocations = redis ? new RedisRevocationStore(redis, cfg.PLATFORM_TENANT) : new MemoryRevocationStore();
  // Every replica knows the revoked token ids, so a revoked token is refused before its body is read (S1).
  const stopFollowingRevocations = revocations instanceof RedisRevocationStore ? await revocations.follow(redis!) : undefined;
  if (stopFollowingRevocations) started.add(stopFollowingRevocations);
  // The signing keys are on Redis before this replica signs with them, so every replica accepts
  // its tokens whatever order a key rotation restarts them in (S12).
  const sharedKeys = redis && cfg.BOT_TOKEN_SIGNING_KEY ? new SharedSigningKeys({ client: redis, tenant: cfg.PLATFORM_TENANT, retainSeconds: cfg.BOT_TOKEN_TTL_SECONDS + 300 }) : undefined;
  if (sharedKeys) started.add(() => sharedKeys.stop());
  await sharedKeys?.announce([cfg.BOT_TOKEN_SIGNING_KEY!, ...(cfg.BOT_TOKEN_PREVIOUS_SIGNING_KEYS ?? [])]);
  const authOptions = callbackAuthenticatorOptionsFromConfig(cfg, { revocations, sharedKeys });
  if (!authOptions) {
    throw new ConfigError([CALLBACK_AUTH_PROBLEM]);
  }
  // The callback handler, inbox worker, adapter and outbox, joined (src/adapter/hubPipeline.ts).
  const pipeline = new HubPipeline({
    inbox,
    // The batch is taken when the rate slot is granted: replies queued during the wait go in it.
    sendAtSlot: async (take, call) => {
      await platform.conversations.sendMessages(take, { backoff: 'caller', signal: call.signal, traceParent: call.traceParent });
    },
    // Why a hub token was refused is logged (never the token), so an operator can tell an
    // expired token from a misconfigured issuer.
    // The revocation check is left to the pipeline: a Redis inbox makes it with the append.
    authenticate: createCallbackAuthenticator({ ...authOptions, deferRevocationCheck: true, onRefused: (reason, issuer) => refusals('callback', { reason, issuer }, 'callback token refused') }),
    senderType: cfg.BOT_SENDER_TYPE,
    serviceUrl: cfg.PLATFORM_BASE_URL,
    // The first message of a conversation is preceded by a conversationUpdate (welcome handlers, T4).
    conversationStarts: references.asConversationStarts(),
    // A message naming no language is in the account's default language (N4).
    defaultLocale: cfg.DEFAULT_LANGUAGE,
    // An ended conversation takes no proactive message: its reference goes, so the index of
    // references holds the conversations under way, not every one ever seen.
    onConversationEnd: (conversationId) => references.remove(conversationId),
    ...(opts.turnErrorNotices !== undefined ? { turnErrorNotices: opts.turnErrorNotices } : {}),
    strictCards: opts.strictCards,
    parse: opts.parse,
    bodyLimitBytes: cfg.BODY_LIMIT_BYTES,
    unauthenticated: unauthenticatedCap(cfg.HTTP_MAX_UNAUTHENTICATED_CALLBACKS_PER_ADDRESS, 'callback'),
    logger,
    refusalLog: refusals,
    endings: redis ? new SharedEndings({ client: redis, subscriber: redis, tenant: cfg.PLATFORM_TENANT, onError: (err) => logger.warn({ err }, 'ended conversation not shared') }) : undefined,
    metrics,
    worker: { ...opts.worker, concurrency: opts.worker?.concurrency ?? cfg.INBOX_CONCURRENCY },
  });
  const { adapter, outbox, worker } = pipeline;
  // The public port, and the webhook's and operations' own when set (S10).
  const listeners = createServerListeners(cfg, reportConnectionRefusals(cfg, refusals), listen);
  started.add(() => listeners.close());
  const app = listeners.main;

  // Knowledge events: recorded before the 204, handled after; article changes drop the
  // portal's cached lists, and deleted articles are known to the bot.
  const webhookOptions = webhookOptionsFromConfig(cfg, { redis, subscriber: redis, metrics, logger, refusalLog: refusals, served: listen });
  const webhook = registerWebhook(listeners.webhook, {
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
        void figures.handover(conversationId, event);
        if (waitedMs !== undefined) metrics.handoverWait.observe(waitedMs / 1000);
        logger.info({ conversationId, event, waitedMs }, 'handover');
      },
    }),
  );
  const deps: BotDependencies = { config: cfg, storage, platform, adapter, references, knowledge: { events: webhook.events, deletedArticles }, logger, transcripts, figures };
  const bot = opts.bot(deps);

  const tokenEndpoint = tokenEndpointOptionsFromConfig(cfg, {
    logger,
    refusalLog: refusals,
    clientAddress,
    unauthenticated: unauthenticatedCap(cfg.HTTP_MAX_UNAUTHENTICATED_PER_ADDRESS, 'token'),
    // With Redis, wrong secrets sent to one replica count (and block) on all of them (S2).
    limiter: redis ? new RedisFailureLimiter({ ...failureLimitsFromConfig(cfg), client: redis, tenant: cfg.PLATFORM_TENANT }) : createFailureLimiter(failureLimitsFromConfig(cfg)),
  });
  if (tokenEndpoint) registerTokenEndpoint(app, tokenEndpoint);
  app.route('post', cfg.BOT_CALLBACK_PATH, ({ req, res }) => pipeline.process(req, res), { parseJson: false });
  // /metrics on the public port unless it has one of its own (METRICS_PORT, on loopback); behind a
  // bearer token wherever it is served when METRICS_TOKEN is set (S8).
  const metricsToken = cfg.METRICS_TOKEN;
  const opsApp = listeners.metrics;
  registerOperationsRoutes(listeners.operations, { metrics: opsApp ? undefined : metrics, figures: opsApp ? undefined : figures, metricsToken, metricsPublic: cfg.METRICS_PUBLIC, checks: redis ? [redisReadinessCheck(redis), { name: 'clock', check: () => clock!.check() }] : [], logger });
  if (opsApp) registerOperationsRoutes(opsApp, { metrics, figures, metricsToken, logger });
  await opts.extend?.(app, deps);

  // Spans to a collector when configured (O4); the packages were checked with the configuration.
  const traces = cfg.OTEL_EXPORTER_OTLP_ENDPOINT ? await startTraceExport({ endpoint: cfg.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: cfg.OTEL_SERVICE_NAME }) : undefined;
  if (traces) started.add(() => traces.stop());
  if (traces) logger.info({ url: traces.url, ownProvider: traces.registered }, 'traces exported over OTLP/HTTP');
  const { url, webhookUrl, operationsUrl, metricsUrl } = listen ? await listeners.listen() : { metricsUrl: await opsApp?.listen(cfg.METRICS_PORT, '127.0.0.1') };
  pipeline.start(bot);
  started.add(() => pipeline.stop({ graceMs: 0 }));
  started.add(() => webhook.stop());
  await webhook.start();
  logger.info({ url, callback: cfg.BOT_CALLBACK_PATH, redis: Boolean(redis) }, 'hub bot listening');

  return {
    url,
    metricsUrl,
    webhookUrl,
    operationsUrl,
    process: pipeline.process,
    app,
    deps,
    pipeline,
    inbox,
    outbox,
    worker,
    metrics,
    stop: async (stopOpts = {}) => {
      // Graceful (T7): new callbacks get 503 + Retry-After (the hub tries another replica),
      // running turns get a bounded time to finish, then their leases are handed back.
      await pipeline.stop({ graceMs: stopOpts.graceMs ?? cfg.SHUTDOWN_GRACE_MS });
      await traces?.stop();
      await listeners.close();
      await webhook.stop();
      await inbox.close();
      sharedKeys?.stop();
      // Bounded: with Redis gone an unsubscribe could wait for a reconnection that never comes.
      if (stopFollowingRevocations) await answerWithin(stopFollowingRevocations(), 1000, 'revocations not unsubscribed').catch(() => undefined);
      await redis?.close().catch(() => undefined);
    },
  };
}
