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
import { MemoryStorage, type Storage, type TurnContext } from 'botbuilder-core';
import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config/config.js';
import { createJsonServer, type JsonServer } from '../http/jsonServer.js';
import { HubAdapter } from '../adapter/hubAdapter.js';
import { Outbox } from '../adapter/outbox/outbox.js';
import { registerHubCallback } from '../adapter/callbackRoute.js';
import type { Inbox } from '../adapter/inbox/inbox.js';
import { MemoryInbox } from '../adapter/inbox/memoryInbox.js';
import { RedisInbox } from '../adapter/inbox/redisInbox.js';
import { InboxWorker } from '../adapter/inbox/inboxWorker.js';
import type { HubMessage } from '../schemas/hubMessages.js';
import { RedisStorage } from '../storage/redisStorage.js';
import { ConversationReferenceStore } from '../storage/conversationReferenceStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../redis/redisConnection.js';
import { createLogger } from '../server/logger.js';
import { createMetrics, type HubbotMetrics } from '../server/metrics.js';
import { registerOperationsRoutes, redisReadinessCheck } from '../server/operationsRoutes.js';
import { registerTokenEndpoint } from '../server/tokenEndpoint.js';
import { createCallbackAuthenticator } from '../server/callbackAuthenticator.js';
import { MemoryRevocationStore } from '../server/revocationStore.js';
import { RedisRevocationStore } from '../server/redisRevocationStore.js';
import { callbackAuthenticatorOptionsFromConfig, tokenEndpointOptionsFromConfig } from '../server/serverOptionsFromConfig.js';
import { connectPlatform, type PlatformConnection } from './platformConnection.js';
import { registerWebhook } from '../webhook/registerWebhook.js';
import { webhookOptionsFromConfig } from '../webhook/webhookOptionsFromConfig.js';
import type { KnowledgeEvents } from '../webhook/knowledgeEvents.js';
import { DeletedArticles } from '../webhook/deletedArticles.js';
import { RedisArticleStateStore } from '../webhook/redisArticleStateStore.js';
import { invalidateOnKnowledgeChange } from '../webhook/invalidateOnKnowledgeChange.js';

/** What a bot is given to build itself: the shared storage and the platform clients. */
export interface BotDependencies {
  config: Config;
  storage: Storage;
  platform: PlatformConnection;
  adapter: HubAdapter;
  references: ConversationReferenceStore;
  /** Knowledge events from the webhook, and the articles they deleted (a bot stops offering those). */
  knowledge: { events: KnowledgeEvents; deletedArticles: DeletedArticles };
  logger: Logger;
}

export interface RunnableBot {
  run(context: TurnContext): Promise<void>;
}

export interface HubBotServerOptions {
  config: Config;
  bot: (deps: BotDependencies) => RunnableBot;
  /** Extra routes on the same server (the knowledge webhook, for one). */
  extend?: (app: JsonServer, deps: BotDependencies) => void | Promise<void>;
  logger?: Logger;
  /** Worker settings, shortened in tests. */
  worker?: { leaseMs?: number; concurrency?: number; pollIntervalMs?: number };
}

export interface HubBotServer {
  url: string;
  app: JsonServer;
  deps: BotDependencies;
  inbox: Inbox;
  outbox: Outbox;
  worker: InboxWorker;
  metrics: HubbotMetrics;
  stop(): Promise<void>;
}

export async function startHubBotServer(opts: HubBotServerOptions): Promise<HubBotServer> {
  const cfg = opts.config;
  const logger = opts.logger ?? createLogger({ level: cfg.LOG_LEVEL, name: 'hubbot' });
  const metrics = createMetrics();
  const redis = cfg.REDIS_URL ? await createRedisConnection({ url: cfg.REDIS_URL, logger, clientName: 'hubbot' }) : undefined;
  const subscriber = redis ? await createRedisConnection({ url: cfg.REDIS_URL, logger, clientName: 'hubbot-sub' }) : undefined;

  const platform = connectPlatform(cfg, {
    redis,
    logger,
    observer: {
      onAnswer: (status) => {
        if (status === 429) metrics.platform429.inc();
      },
      onTokenRefresh: () => metrics.tokenRefreshes.inc(),
    },
  });
  const storage: Storage = redis ? new RedisStorage({ client: redis, tenant: cfg.PLATFORM_TENANT }) : new MemoryStorage();
  const inbox: Inbox = redis ? new RedisInbox({ client: redis, subscriber, tenant: cfg.PLATFORM_TENANT, onError: (err) => logger.warn({ err }, 'inbox') }) : new MemoryInbox();
  const outbox = new Outbox({
    send: async (batch) => {
      await platform.conversations.sendMessages(batch);
    },
    onSent: (n) => metrics.sends.inc({ outcome: 'sent' }, n),
    onFailure: (conversationId, messages, err) => {
      metrics.sends.inc({ outcome: 'failed' }, messages.length);
      logger.error({ conversationId, count: messages.length, err }, 'replies could not be delivered to the hub');
    },
  });
  const adapter = new HubAdapter({ outbox, senderType: cfg.BOT_SENDER_TYPE, serviceUrl: cfg.PLATFORM_BASE_URL, log: logger });
  adapter.onTurnError = async (context, error) => {
    metrics.turns.inc({ outcome: 'error' });
    logger.error({ conversationId: context.activity.conversation?.id, err: error }, 'turn failed');
  };
  const references = new ConversationReferenceStore(storage);
  const app = createJsonServer({ name: 'hubbot', bodyLimitBytes: cfg.BODY_LIMIT_BYTES });

  // Knowledge events: recorded before the 204, handled after; article changes drop the
  // portal's cached lists, and deleted articles are known to the bot.
  const webhook = registerWebhook(app, webhookOptionsFromConfig(cfg, { redis, subscriber, metrics, logger }));
  const deletedArticles = new DeletedArticles({ store: redis ? new RedisArticleStateStore({ client: redis, tenant: cfg.PLATFORM_TENANT }) : undefined });
  deletedArticles.track(webhook.events);
  if (platform.portal) invalidateOnKnowledgeChange(webhook.events, platform.portal);

  const deps: BotDependencies = { config: cfg, storage, platform, adapter, references, knowledge: { events: webhook.events, deletedArticles }, logger };
  const bot = opts.bot(deps);

  const revocations = redis ? new RedisRevocationStore(redis, cfg.PLATFORM_TENANT) : new MemoryRevocationStore();
  const tokenEndpoint = tokenEndpointOptionsFromConfig(cfg, { logger });
  if (tokenEndpoint) registerTokenEndpoint(app, tokenEndpoint);
  const authOptions = callbackAuthenticatorOptionsFromConfig(cfg, { revocations });
  if (!authOptions) {
    throw new ConfigError(['BOT_TOKEN_SIGNING_KEY (with BOT_CLIENT_ID and BOT_CLIENT_SECRET) or CALLBACK_ISSUER: the hub\'s callbacks must be authenticated (spec 5.4)']);
  }
  const known = new Set<string>();
  registerHubCallback(app, {
    path: cfg.BOT_CALLBACK_PATH,
    // Why a hub token was refused is logged (never the token), so an operator can tell an
    // expired token from a misconfigured issuer.
    authenticate: createCallbackAuthenticator({ ...authOptions, onRefused: (reason, issuer) => logger.warn({ reason, issuer }, 'callback token refused') }),
    record: (conversationId, item) => inbox.append(conversationId, item),
    onCallback: (outcome) => metrics.callbacks.inc({ outcome }),
  });
  registerOperationsRoutes(app, { metrics, checks: redis ? [redisReadinessCheck(redis)] : [], logger });
  metrics.observeQueueDepth('inbox', () => inbox.depth());
  metrics.observeQueueDepth('outbox', () => outbox.depth);
  metrics.observeDeadLetters('inbox', async () => (await inbox.deadLetters()).length);
  await opts.extend?.(app, deps);

  const worker = new InboxWorker(
    inbox,
    async (conversationId, item) => {
      const message = item.payload as HubMessage;
      const handled = await adapter.processHubMessage(conversationId, { ...message, id: message.id ?? item.id }, async (context) => {
        if (!known.has(conversationId)) {
          // Kept for proactive messages (continueConversation), once per conversation and process.
          await references.save({ ...contextReference(context) });
          known.add(conversationId);
        }
        await bot.run(context);
      });
      metrics.turns.inc({ outcome: handled ? 'ok' : 'ignored' });
    },
    {
      workerId: `hubbot-${randomUUID().slice(0, 8)}`,
      leaseMs: opts.worker?.leaseMs,
      // Enough turns at once that the outbox, not the worker, shares the send budget among
      // conversations (each turn waits for its replies to leave before completing).
      concurrency: opts.worker?.concurrency ?? cfg.INBOX_CONCURRENCY,
      pollIntervalMs: opts.worker?.pollIntervalMs,
      onError: (err, where) => logger.warn({ err, ...where }, 'inbox worker'),
      onDeadLetter: (letter) => logger.error({ conversationId: letter.conversationId, itemId: letter.item.id, reason: letter.reason }, 'message parked in dead letters'),
    },
  );
  const url = await app.listen(cfg.BOT_PORT, cfg.BOT_HOST);
  worker.start();
  await webhook.start();
  logger.info({ url, callback: cfg.BOT_CALLBACK_PATH, redis: Boolean(redis) }, 'hub bot listening');

  return {
    url,
    app,
    deps,
    inbox,
    outbox,
    worker,
    metrics,
    stop: async () => {
      await app.close();
      await worker.stop();
      await webhook.stop();
      await inbox.close();
      for (const c of [subscriber, redis]) if (c) await closeRedisConnection(c as RedisConnection).catch(() => undefined);
    },
  };
}

function contextReference(context: TurnContext) {
  const a = context.activity;
  return { channelId: a.channelId, serviceUrl: a.serviceUrl, conversation: a.conversation, bot: a.recipient, user: a.from, activityId: a.id };
}
