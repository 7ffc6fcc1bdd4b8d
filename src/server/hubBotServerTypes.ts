/**
 * The public shapes of the composed bot server: what a bot is given, what the server takes and
 * what it returns. Apart from hubBotServer.ts, which composes, so each file keeps one concept.
 */
import type { ContactCenterFigures } from '../observability/contactCenterFigures.js';
import type { Storage, TranscriptStore, TurnContext } from 'botbuilder-core';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { JsonServer } from '../httpServer/jsonServer.js';
import type { HubAdapter } from '../adapter/hubAdapter.js';
import type { Outbox } from '../adapter/outbox/outbox.js';
import type { HubCallbackHandler, HubCallbackHandlerOptions } from '../adapter/callbackHandler.js';
import type { Inbox } from '../adapter/inbox/inbox.js';
import type { InboxWorker } from '../adapter/inbox/inboxWorker.js';
import type { HubPipeline } from '../adapter/hubPipeline.js';
import type { ConversationReferenceStore } from '../storage/conversationReferenceStore.js';
import type { HubbotMetrics } from '../observability/metrics.js';
import type { PlatformConnection } from './platformConnection.js';
import type { KnowledgeEvents } from '../webhook/knowledgeEvents.js';
import type { DeletedArticles } from '../webhook/deletedArticles.js';
import type { TranscriptRedaction } from '../transcripts/transcriptRecord.js';

/**
 * What a bot is given to build itself (the `bot` factory of `HubBotServerOptions`): the
 * configuration, the shared storage, the platform's clients, the adapter (for proactive turns and
 * scheduled events), the conversation references, knowledge events, the logger and the transcript
 * store.
 */
export interface BotDependencies {
  /** The configuration the server was started with. */
  config: Config;
  /** The bot's state storage (RedisStorage, memory, or the one given in the options), for botbuilder's ConversationState and UserState. */
  storage: Storage;
  /** The platform's clients, configured and authenticated. */
  platform: PlatformConnection;
  /** The adapter: for proactive turns (`continueConversation`) and scheduled events (`scheduleEvent`). */
  adapter: HubAdapter;
  /** The stored reference of every conversation the bot has seen, for proactive messages. */
  references: ConversationReferenceStore;
  /** Knowledge events from the webhook, and the articles they deleted (a bot stops offering those). */
  knowledge: { events: KnowledgeEvents; deletedArticles: DeletedArticles };
  /** The server's logger, secrets hidden. */
  logger: Logger;
  /** Where every conversation's activities are kept (H4); absent with TRANSCRIPTS=off. */
  transcripts?: TranscriptStore;
  /** Contact-center figures (O5): a bot tells it when a conversation starts on a topic and how it goes; handovers are counted by the server. */
  figures: ContactCenterFigures;
}

/**
 * A bot the server can run: any botbuilder `ActivityHandler` is one, and so is any object with a
 * `run(context)`.
 */
export interface RunnableBot {
  /**
   * Runs one turn.
   *
   * @param context - the turn, as the hub adapter made it
   */
  run(context: TurnContext): Promise<void>;
}

/**
 * What `startHubBotServer` and `createHubBot` take: the configuration and the bot; every other part
 * defaults to memory, or to Redis when `REDIS_URL` (or `REDIS_CLUSTER_NODES`) is set.
 */
export interface HubBotServerOptions {
  /** The configuration, usually from `loadConfig()`. */
  config: Config;
  /**
   * Builds the bot from what the server made (storage, clients, adapter ...); called once, at
   * start.
   */
  bot: (deps: BotDependencies) => RunnableBot;
  /** Extra routes on the same server (the knowledge webhook, for one). */
  extend?: (app: JsonServer, deps: BotDependencies) => void | Promise<void>;
  /** The bot's state store (a Cosmos DB or Blob Storage of botbuilder, say); default RedisStorage with REDIS_URL, else memory. */
  storage?: Storage;
  /** The transcript store (H4); default RedisTranscriptStore with REDIS_URL, else memory; false for none. */
  transcripts?: TranscriptStore | false;
  /** Applied to every activity before the default transcript store keeps it (mask personal data). */
  transcriptRedaction?: TranscriptRedaction;
  /** Where callbacks are recorded before the ack; default RedisInbox with REDIS_URL, else memory. Closed by stop(). */
  inbox?: Inbox;
  /** How a callback body becomes hub messages, when the hub's callback shape differs from the assumed one. */
  parse?: HubCallbackHandlerOptions['parse'];

  /** The server's logger; default `createLogger` at `LOG_LEVEL`. */
  logger?: Logger;
  /** What a customer is told when the bot fails on their message, per language; false for nothing (T1). */
  turnErrorNotices?: Readonly<Record<string, string>> | false;
  /**
   * Refuse a reply whose cards the hub cannot carry whole: its sendActivity rejects with
   * PlatformError 400-121 naming what would be dropped. Default false: it is sent, what cannot
   * be carried as text, with a warning in the log and `hubbot_cards_total{outcome="lossy"}` (N3).
   */
  strictCards?: boolean;
  /** Worker settings, shortened in tests. */
  worker?: { leaseMs?: number; concurrency?: number; pollIntervalMs?: number };
}

/** A running bot server (from `startHubBotServer`): its URL, its parts, and `stop`. */
export interface HubBotServer {
  /**
   * Where the server listens, e.g. `http://127.0.0.1:3978` (the port is the real one when
   * `BOT_PORT` is 0).
   */
  url: string;
  /** Where /metrics is served when it has a port of its own (METRICS_PORT). */
  metricsUrl?: string;
  /** Where the knowledge webhook is served when it has a listener of its own (WEBHOOK_PORT). */
  webhookUrl?: string;
  /** Where /healthz and /readyz (and /metrics without METRICS_PORT) are served when they have a listener of their own (OPERATIONS_PORT). */
  operationsUrl?: string;
  /** The hub callback as a plain Node handler, for your own express, restify or http server. */
  process: HubCallbackHandler;
  /** The HTTP server, to add routes of your own (see `extend` of the options). */
  app: JsonServer;
  /** What the bot was built with. */
  deps: BotDependencies;
  /** The callback handler, inbox worker, adapter and outbox of this replica, joined. */
  pipeline: HubPipeline;
  /** Where callbacks are recorded before the acknowledgement. */
  inbox: Inbox;
  /** Where the bot's replies wait for their turn to be sent. */
  outbox: Outbox;
  /** Runs the turns from the inbox, one conversation at a time. */
  worker: InboxWorker;
  /** The server's Prometheus metrics (served at `/metrics`). */
  metrics: HubbotMetrics;
  /** Stops taking callbacks, waits up to `graceMs` (default SHUTDOWN_GRACE_MS) for running turns, hands the rest back, closes. */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

/** A hub bot without a port of its own: mount `process` on your server's callback path. */
export type HubBot = Omit<HubBotServer, 'url'>;
