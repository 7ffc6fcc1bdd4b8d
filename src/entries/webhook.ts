/**
 * The `/webhook` entry of the package: the knowledge-event webhook and what stands behind it:
 * the receiver and its options, the delivery signature (for a proxy or a sender of your own),
 * the event stores that make a delivery count once, and the article-state stores that remember
 * deleted articles. The bot server mounts the webhook from the configuration; a bot developer
 * subscribes to its events through `KnowledgeEvents` of the main entry.
 *
 * @packageDocumentation
 */
export { registerWebhook, type WebhookOptions, type WebhookReceiver } from '../webhook/registerWebhook.js';
export { webhookOptionsFromConfig } from '../webhook/webhookOptionsFromConfig.js';
export type { WebhookAuth, WebhookAuthOptions } from '../webhook/webhookGuard.js';
export { webhookSignature, webhookSignatureHeaders, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../schemas/webhookSignature.js';
export type { EventStore, StoredEvent } from '../webhook/eventStore.js';
export { MemoryEventStore, type MemoryEventStoreOptions } from '../webhook/memoryEventStore.js';
export { RedisEventStore, type RedisEventStoreOptions } from '../webhook/redisEventStore.js';
export { DeletedArticles } from '../webhook/deletedArticles.js';
export { MemoryArticleStateStore, type ArticleStateStore } from '../webhook/articleStateStore.js';
export { RedisArticleStateStore, type RedisArticleStateClient } from '../webhook/redisArticleStateStore.js';
export { invalidateOnKnowledgeChange } from '../webhook/invalidateOnKnowledgeChange.js';
