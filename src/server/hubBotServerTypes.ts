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
  /** Where every conversation's activities are kept (H4); absent with TRANSCRIPTS=off. */
  transcripts?: TranscriptStore;
  /** Contact-center figures (O5): a bot tells it when a conversation starts on a topic and how it goes; handovers are counted by the server. */
  figures: ContactCenterFigures;
}

export interface RunnableBot {
  run(context: TurnContext): Promise<void>;
}

export interface HubBotServerOptions {
  config: Config;
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

  logger?: Logger;
  /** What a customer is told when the bot fails on their message, per language; false for nothing (T1). */
  turnErrorNotices?: Readonly<Record<string, string>> | false;
  /** Worker settings, shortened in tests. */
  worker?: { leaseMs?: number; concurrency?: number; pollIntervalMs?: number };
}

export interface HubBotServer {
  url: string;
  /** Where /metrics is served when it has a port of its own (METRICS_PORT). */
  metricsUrl?: string;
  /** The hub callback as a plain Node handler, for your own express, restify or http server. */
  process: HubCallbackHandler;
  app: JsonServer;
  deps: BotDependencies;
  /** The callback handler, inbox worker, adapter and outbox of this replica, joined. */
  pipeline: HubPipeline;
  inbox: Inbox;
  outbox: Outbox;
  worker: InboxWorker;
  metrics: HubbotMetrics;
  /** Stops taking callbacks, waits up to `graceMs` (default SHUTDOWN_GRACE_MS) for running turns, hands the rest back, closes. */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

/** A hub bot without a port of its own: mount `process` on your server's callback path. */
export type HubBot = Omit<HubBotServer, 'url'>;
