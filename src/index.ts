/**
 * The package's public surface. Everything a bot developer or a contact center uses is
 * exported here; the rest of src/ is internal and may change.
 */
// Configuration and errors
export { loadConfig, ConfigError, type Config } from './config/config.js';
export { PlatformError } from './errors/platformError.js';

// The bot server and the adapter
export { startHubBotServer, type HubBotServer, type HubBotServerOptions, type BotDependencies, type RunnableBot } from './runtime/hubBotServer.js';
export { connectPlatform, type PlatformConnection } from './runtime/platformConnection.js';
export { HubAdapter, type HubAdapterOptions } from './adapter/hubAdapter.js';
export { registerHubCallback, defaultCallbackParser, type CallbackRouteOptions } from './adapter/callbackRoute.js';
export { Outbox, type OutboxOptions } from './adapter/outbox/outbox.js';
export { activityFromHubMessage } from './adapter/activityFromHubMessage.js';
export { hubMessagesFromActivity } from './adapter/hubMessagesFromActivity.js';
export { HUB_CHANNEL_ID, type HubChannelData } from './adapter/hubChannel.js';
export type { Inbox, InboxItem, InboxClaim, DeadLetter } from './adapter/inbox/inbox.js';
export { MemoryInbox } from './adapter/inbox/memoryInbox.js';
export { RedisInbox } from './adapter/inbox/redisInbox.js';
export { InboxWorker } from './adapter/inbox/inboxWorker.js';

// State
export { RedisStorage } from './storage/redisStorage.js';
export { isETagConflict } from './storage/eTagConflict.js';
export { ConversationReferenceStore } from './storage/conversationReferenceStore.js';
export { createRedisConnection, closeRedisConnection, type RedisConnection } from './redis/redisConnection.js';

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

// Bot server pieces
export { createJsonServer, sendJson, type JsonServer } from './http/jsonServer.js';
export { registerTokenEndpoint } from './server/tokenEndpoint.js';
export { createCallbackAuthenticator } from './server/callbackAuthenticator.js';
export { registerOperationsRoutes, redisReadinessCheck } from './server/operationsRoutes.js';
export { createMetrics, type HubbotMetrics } from './server/metrics.js';
export { createLogger } from './server/logger.js';

// Knowledge events
export { registerWebhook, type WebhookOptions, type WebhookReceiver } from './webhook/registerWebhook.js';
export { webhookOptionsFromConfig } from './webhook/webhookOptionsFromConfig.js';
export { KnowledgeEvents } from './webhook/knowledgeEvents.js';
export { ofKind } from './webhook/ofKind.js';
export { latestWins } from './webhook/latestWins.js';
export { MemoryEventStore } from './webhook/memoryEventStore.js';
export { RedisEventStore } from './webhook/redisEventStore.js';
export { DeletedArticles } from './webhook/deletedArticles.js';
export { invalidateOnKnowledgeChange } from './webhook/invalidateOnKnowledgeChange.js';

// Provisioning
export { provision, teardown, status, formatStep, ProvisioningError } from './provisioning/provision.js';
export { loadSetupFile, parseSetupDescription, SetupFileError, type SetupDescription } from './provisioning/setupDescription.js';

// The spec's shapes and rules as data
export { maySend, SENDER_TYPES, MESSAGE_TYPES, type SenderType } from './schemas/messageTypes.js';
export { KNOWN_EVENT_KINDS, eventEnvelopeSchema, type KnownEventKind } from './schemas/events.js';
export { messageBatchSchema, hubMessageSchema, type HubMessage, type MessageBatch } from './schemas/hubMessages.js';
export { parseGuidedHelpResponse, type GuidedHelpSearchResponse } from './schemas/guidedHelp.js';
export { rateFor, bucketKeyFor } from './rates/rateLookup.js';

// The emulator, for tests and local development
export { startEmulator, type RunningEmulator, type EmulatorOptions } from './emulator/startEmulator.js';
export { startLocalStack, type LocalStack } from './local/localStack.js';
