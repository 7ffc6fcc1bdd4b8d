/**
 * The package's main entry: what a bot developer needs to put a bot on the hub: the
 * configuration, the bot server and the adapter, state and transcript stores, handover and
 * knowledge events. The plumbing is on named subpaths: `/pipeline` (inbox, worker, outbox),
 * `/platform` (the platform's clients and the contract's tables), `/server` (the pieces of the
 * bot server), `/webhook`, `/provisioning`; the guided-help dialog is in `/dialogs`, the ready
 * bots in `/bots`, the emulator in `/emulator` and the local stack in `/local` (importing this
 * entry loads no emulator module, rule K3 of docs/platform-contract.md). Anything not exported
 * by an entry is internal and may change.
 *
 * @packageDocumentation
 */
// Configuration and errors
export { loadConfig, ConfigError, type Config } from './config/config.js';
export { PlatformError } from './errors/platformError.js';

// The bot server and the adapter
export { startHubBotServer, createHubBot, type HubBot, type HubBotServer, type HubBotServerOptions, type BotDependencies, type RunnableBot } from './server/hubBotServer.js';
export { connectPlatform, type PlatformConnection } from './server/platformConnection.js';
export { HubAdapter, type HubAdapterOptions } from './adapter/hubAdapter.js';
export type { CardReport } from './adapter/cards/cardReport.js';
export type { CardKind, CardLoss } from './adapter/cards/cardParts.js';
export { createHubCallbackHandler, defaultCallbackParser, type HubCallbackHandler, type HubCallbackHandlerOptions } from './adapter/callbackHandler.js';
export { HUB_CHANNEL_ID, type HubChannelData } from './adapter/hubChannel.js';

// State
export { RedisStorage, type RedisStorageOptions } from './storage/redisStorage.js';
export type { ClaimPrefetch } from './redis/claimPrefetch.js';
export { HubMemoryStorage, type HubMemoryStorageOptions } from './storage/memoryStorage.js';
export { isETagConflict } from './storage/eTagConflict.js';
export { CREATE_IF_ABSENT_ETAG } from './storage/createIfAbsent.js';
export { ConversationReferenceStore, type ConversationReferenceStoreOptions } from './storage/conversationReferenceStore.js';
export { createRedisConnection, closeRedisConnection, type RedisConnection } from './redis/redisConnection.js';

// Transcripts (H4): botbuilder TranscriptStores in memory and on Redis, and their middleware
export { HubMemoryTranscriptStore } from './transcripts/memoryTranscriptStore.js';
export { RedisTranscriptStore, type RedisTranscriptStoreOptions } from './transcripts/redisTranscriptStore.js';
export { HubTranscriptMiddleware, transcriptMiddleware } from './transcripts/transcriptMiddleware.js';
export { readTranscript } from './transcripts/readTranscript.js';
export type { TranscriptRedaction, TranscriptStoreOptions } from './transcripts/transcriptRecord.js';
export { transcriptStoreFromConfig } from './transcripts/transcriptStoreFromConfig.js';

// Handover to an agent (H1, H2): followed to its outcome by the bot server's middleware
export { HandoverMiddleware, type HandoverMiddlewareOptions, type HandoverEvent, type HandoverRecord, type HandoverScheduler } from './handover/handoverMiddleware.js';
export { handoverSignalOf, HANDOVER_DEADLINE_EVENT, type HandoverSignal } from './handover/handoverSignals.js';

// Knowledge events, as the bot sees them
export { KnowledgeEvents } from './webhook/knowledgeEvents.js';
export { ofKind } from './webhook/ofKind.js';
export { latestWins } from './webhook/latestWins.js';

// The hub's messages and who may send them, and the logger
export { maySend, type SenderType } from './schemas/messageTypes.js';
export { type HubMessage } from './schemas/hubMessages.js';
export { createLogger } from './observability/logger.js';
