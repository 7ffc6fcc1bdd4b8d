/**
 * The `/platform` entry of the package: the clients of the platform's APIs (conversation
 * manager, portal manager), the one HTTP core they share (tokens, rate buckets, retries), the
 * token providers and bucket stores it takes, and the contract's shapes and tables as data
 * (message and sender types, event kinds, hub messages, guided-help responses, rates), for a
 * developer who calls the platform directly. The bot server builds all of this from the
 * configuration; `connectPlatform` of the main entry gives the configured clients.
 *
 * @packageDocumentation
 */
export { createPlatformHttpCore, PlatformHttpCore, type PlatformHttpCoreOptions } from '../platform/http/platformHttpCore.js';
export type { HttpCore, RequestSpec, TokenProvider } from '../platform/http/types.js';
export type { TraceContext } from '../observability/traceContext.js';
export { ClientCredentialsTokenProvider, type ClientCredentialsOptions } from '../platform/auth/clientCredentialsTokenProvider.js';
export { StaticTokenProvider } from '../platform/auth/staticTokenProvider.js';
export { callbackTokenProvider } from '../platform/auth/callbackTokenProvider.js';
export type { BucketStore } from '../platform/throttle/bucketStore.js';
export { MemoryBucketStore, type MemoryBucketStoreOptions } from '../platform/throttle/memoryBucketStore.js';
export { RedisBucketStore } from '../platform/throttle/redisBucketStore.js';
export { ConversationManagerClient, type ConversationManagerClientOptions } from '../platform/conversation/conversationManagerClient.js';
export { PortalManagerClient, type PortalManagerClientOptions } from '../platform/portal/portalManagerClient.js';

// The contract's shapes and rules as data
export { SENDER_TYPES, MESSAGE_TYPES } from '../schemas/messageTypes.js';
export { KNOWN_EVENT_KINDS, eventEnvelopeSchema, type KnownEventKind } from '../schemas/events.js';
export { messageBatchSchema, hubMessageSchema, type MessageBatch } from '../schemas/hubMessages.js';
export type { GuidedHelpSearchResponse } from '../schemas/guidedHelp.js';
export { parseGuidedHelpResponse } from '../platform/portal/guidedHelpReading.js';
export { rateFor, bucketKeyFor } from '../rates/rateLookup.js';
