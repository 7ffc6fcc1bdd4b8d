/**
 * The package's main entry: what a bot developer or a contact center uses to put a bot on the
 * hub. The guided-help dialog is in the `/dialogs` entry, the ready bots in `/bots`, the
 * emulator and the local stack in `/emulator` (importing this entry loads no emulator module,
 * rule K3 of docs/platform-contract.md). Anything not exported here is internal and may change.
 */
// Configuration and errors
export { loadConfig, ConfigError, type Config } from './config/config.js';
export { PlatformError } from './errors/platformError.js';

// The bot server, the adapter and the turn pipeline
export { startHubBotServer, createHubBot, type HubBot, type HubBotServer, type HubBotServerOptions, type BotDependencies, type RunnableBot } from './server/hubBotServer.js';
export { connectPlatform, type PlatformConnection } from './server/platformConnection.js';
export { HubAdapter, type HubAdapterOptions } from './adapter/hubAdapter.js';
export { createHubCallbackHandler, defaultCallbackParser, type HubCallbackHandler, type HubCallbackHandlerOptions } from './adapter/callbackHandler.js';
export { Outbox, type OutboxOptions } from './adapter/outbox/outbox.js';
export { HUB_CHANNEL_ID, type HubChannelData } from './adapter/hubChannel.js';
export type { Inbox, InboxItem, InboxItemKind, InboxClaim, AppendOptions, DeadLetter } from './adapter/inbox/inbox.js';
export { UnreadableInboxItemError, type ScheduledEvent } from './adapter/inbox/inboxItems.js';
export { MemoryInbox } from './adapter/inbox/memoryInbox.js';
export { RedisInbox } from './adapter/inbox/redisInbox.js';
export { InboxWorker, type InboxWorkerOptions, type InboxHandler, type InboxTurn } from './adapter/inbox/inboxWorker.js';

// State
export { RedisStorage, type RedisStorageOptions } from './storage/redisStorage.js';
export { HubMemoryStorage } from './storage/memoryStorage.js';
export { isETagConflict } from './storage/eTagConflict.js';
export { CREATE_IF_ABSENT_ETAG } from './storage/createIfAbsent.js';
export { ConversationReferenceStore, type ConversationReferenceStoreOptions } from './storage/conversationReferenceStore.js';
export { createRedisConnection, closeRedisConnection, type RedisConnection } from './redis/redisConnection.js';
export { openSharedRedis, SharedRedis, type SharedRedisOptions } from './redis/sharedRedis.js';
export { redisSettingsFrom, clusterSettings, type RedisSettings } from './redis/redisSettings.js';

// Platform clients
export { createPlatformHttpCore, PlatformHttpCore, type PlatformHttpCoreOptions } from './platform/http/platformHttpCore.js';
export type { HttpCore, RequestSpec, TokenProvider } from './platform/http/types.js';
export { ClientCredentialsTokenProvider } from './platform/auth/clientCredentialsTokenProvider.js';
export { StaticTokenProvider } from './platform/auth/staticTokenProvider.js';
export { callbackTokenProvider } from './platform/auth/callbackTokenProvider.js';
export { MemoryBucketStore } from './platform/throttle/memoryBucketStore.js';
export { RedisBucketStore } from './platform/throttle/redisBucketStore.js';
export { ConversationManagerClient } from './platform/conversation/conversationManagerClient.js';
export { PortalManagerClient } from './platform/portal/portalManagerClient.js';

// Bot server pieces, for a developer composing their own server
export { createJsonServer, sendJson, type JsonServer } from './httpServer/jsonServer.js';
export { registerTokenEndpoint, type TokenEndpointOptions, type TokenClient } from './authentication/tokenEndpoint.js';
export { createCallbackAuthenticator, type CallbackAuthenticator, type CallbackAuthenticatorOptions, type VerifiedCaller } from './authentication/callbackAuthenticator.js';
export type { TrustedIssuer, SecretIssuer, JwksIssuer } from './authentication/trustedIssuer.js';
export { MemoryRevocationStore, type RevocationStore } from './authentication/revocationStore.js';
export { RedisRevocationStore } from './authentication/redisRevocationStore.js';
export { createFailureLimiter, type FailureLimiter, type FailureLimiterOptions, type MemoryFailureLimiterOptions } from './authentication/failureLimiter.js';
export { RedisFailureLimiter, type RedisFailureLimiterOptions } from './authentication/redisFailureLimiter.js';
export { createClientAddress, type ClientAddress } from './httpServer/clientAddress.js';
export { createUnauthenticatedCap, type UnauthenticatedCap, type UnauthenticatedCapOptions } from './httpServer/unauthenticatedCap.js';
export { registerOperationsRoutes, redisReadinessCheck } from './observability/operationsRoutes.js';
export { createMetrics, type HubbotMetrics } from './observability/metrics.js';
export { createLogger } from './observability/logger.js';

// Knowledge events
export { registerWebhook, type WebhookOptions, type WebhookReceiver } from './webhook/registerWebhook.js';
export { webhookOptionsFromConfig } from './webhook/webhookOptionsFromConfig.js';
export type { WebhookAuth, WebhookAuthOptions } from './webhook/webhookGuard.js';
// The delivery signature the webhook checks (S4): for a proxy or a sender of your own.
export { webhookSignature, webhookSignatureHeaders, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from './schemas/webhookSignature.js';
export { KnowledgeEvents } from './webhook/knowledgeEvents.js';
export { ofKind } from './webhook/ofKind.js';
export { latestWins } from './webhook/latestWins.js';
export type { EventStore, StoredEvent } from './webhook/eventStore.js';
export { MemoryEventStore } from './webhook/memoryEventStore.js';
export { RedisEventStore, type RedisEventStoreOptions } from './webhook/redisEventStore.js';
export { DeletedArticles } from './webhook/deletedArticles.js';
export { MemoryArticleStateStore, type ArticleStateStore } from './webhook/articleStateStore.js';
export { RedisArticleStateStore } from './webhook/redisArticleStateStore.js';
export { invalidateOnKnowledgeChange } from './webhook/invalidateOnKnowledgeChange.js';

// Provisioning
export { provision, teardown, status, formatStep, ProvisioningError } from './provisioning/provision.js';
export { loadSetupFile, parseSetupDescription, SetupFileError, type SetupDescription } from './provisioning/setupDescription.js';

// The contract's shapes and rules as data
export { maySend, SENDER_TYPES, MESSAGE_TYPES, type SenderType } from './schemas/messageTypes.js';
export { KNOWN_EVENT_KINDS, eventEnvelopeSchema, type KnownEventKind } from './schemas/events.js';
export { messageBatchSchema, hubMessageSchema, type HubMessage, type MessageBatch } from './schemas/hubMessages.js';
export type { GuidedHelpSearchResponse } from './schemas/guidedHelp.js';
// The client's own tolerant reader (F4: one parser for the client and the public API).
export { parseGuidedHelpResponse } from './platform/portal/guidedHelpReading.js';
export { rateFor, bucketKeyFor } from './rates/rateLookup.js';

// Options and client shapes of the classes above, so a consumer can type what it passes them
export type { MemoryInboxOptions } from './adapter/inbox/memoryInbox.js';
export type { RedisInboxOptions, RedisSubscriber } from './adapter/inbox/redisInbox.js';
export type { ClientCredentialsOptions } from './platform/auth/clientCredentialsTokenProvider.js';
export type { MemoryBucketStoreOptions } from './platform/throttle/memoryBucketStore.js';
export type { ConversationManagerClientOptions } from './platform/conversation/conversationManagerClient.js';
export type { PortalManagerClientOptions } from './platform/portal/portalManagerClient.js';
export type { RedisRevocationClient } from './authentication/redisRevocationStore.js';
export type { MemoryEventStoreOptions } from './webhook/memoryEventStore.js';
export type { RedisArticleStateClient } from './webhook/redisArticleStateStore.js';

// Transcripts (H4): botbuilder TranscriptStores in memory and on Redis, and their middleware
export { HubMemoryTranscriptStore } from './transcripts/memoryTranscriptStore.js';
export { RedisTranscriptStore, type RedisTranscriptStoreOptions } from './transcripts/redisTranscriptStore.js';
export { HubTranscriptMiddleware, transcriptMiddleware } from './transcripts/transcriptMiddleware.js';
export { readTranscript, transcriptLine } from './transcripts/readTranscript.js';
export type { TranscriptRedaction, TranscriptStoreOptions } from './transcripts/transcriptRecord.js';

// Handover to an agent (H1, H2): followed to its outcome by the bot server's middleware
export { HandoverMiddleware, type HandoverMiddlewareOptions, type HandoverEvent, type HandoverRecord, type HandoverScheduler } from './handover/handoverMiddleware.js';
export { handoverSignalOf, isTransfer, HANDOVER_DEADLINE_EVENT, type HandoverSignal } from './handover/handoverSignals.js';
export { transcriptStoreFromConfig } from './transcripts/transcriptStoreFromConfig.js';
