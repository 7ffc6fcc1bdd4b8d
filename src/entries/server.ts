/**
 * The `/server` entry of the package: the pieces `startHubBotServer` is made of, for a developer
 * who composes a server of their own: the JSON HTTP server, the token endpoint the hub calls,
 * the callback authenticator with its revocation stores and failure limiters, the client
 * address and the cap on unauthenticated requests, the operations routes (health, readiness,
 * metrics), the metrics, and the shared Redis connection with its settings.
 *
 * @packageDocumentation
 */
export { createJsonServer, sendJson, type JsonServer } from '../httpServer/jsonServer.js';
export { createClientAddress, type ClientAddress } from '../httpServer/clientAddress.js';
export { createUnauthenticatedCap, type UnauthenticatedCap, type UnauthenticatedCapOptions } from '../httpServer/unauthenticatedCap.js';
export { registerTokenEndpoint, type TokenEndpointOptions, type TokenClient } from '../authentication/tokenEndpoint.js';
export { createCallbackAuthenticator, type CallbackAuthenticator, type CallbackAuthenticatorOptions, type VerifiedCaller } from '../authentication/callbackAuthenticator.js';
export type { TrustedIssuer, SecretIssuer, JwksIssuer } from '../authentication/trustedIssuer.js';
export { MemoryRevocationStore, type PendingRevocationCheck, type RevocationStore } from '../authentication/revocationStore.js';
export { RedisRevocationStore, type RedisRevocationClient } from '../authentication/redisRevocationStore.js';
export { createFailureLimiter, type FailureLimiter, type FailureLimiterOptions, type MemoryFailureLimiterOptions } from '../authentication/failureLimiter.js';
export { RedisFailureLimiter, type RedisFailureLimiterOptions } from '../authentication/redisFailureLimiter.js';
export { registerOperationsRoutes, redisReadinessCheck } from '../observability/operationsRoutes.js';
export { createMetrics, type HubbotMetrics } from '../observability/metrics.js';
export { openSharedRedis, SharedRedis, type SharedRedisOptions } from '../redis/sharedRedis.js';
export { SharedRedisCommands, type SharedRedisCommandClient, type ScriptOptions } from '../redis/sharedRedisCommands.js';
export type { PubSubListener } from '../redis/sharedRedisPubSub.js';
export { redisSettingsFrom, clusterSettings, type RedisSettings } from '../redis/redisSettings.js';
// One transcript entry as the `hubbot transcript` command prints it, for an own command or page.
export { transcriptLine } from '../transcripts/readTranscript.js';
