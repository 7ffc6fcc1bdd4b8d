/**
 * The `/pipeline` entry of the package: the parts that carry a hub message from the callback to
 * the bot's turn and the bot's replies back to the hub. The inbox keeps every acknowledged
 * callback until a turn has run on it (in memory or on Redis), the inbox worker runs the turns
 * one conversation at a time, and the outbox sends the replies in order and within the hub's
 * rates. `startHubBotServer` of the main entry composes them; import them from here to
 * replace one (your own Inbox) or to compose a server of your own.
 *
 * @packageDocumentation
 */
export { HubPipeline, type HubPipelineOptions, type PipelineBot } from '../adapter/hubPipeline.js';
export { Outbox, type OutboxOptions } from '../adapter/outbox/outbox.js';
export type { Inbox, InboxItem, InboxItemKind, InboxClaim, AppendOptions, AppendClaimOffer, DeadLetter } from '../adapter/inbox/inbox.js';
export { UnreadableInboxItemError, type ScheduledEvent } from '../adapter/inbox/inboxItems.js';
export { MemoryInbox, type MemoryInboxOptions } from '../adapter/inbox/memoryInbox.js';
export { RedisInbox, type RedisInboxOptions, type RedisSubscriber } from '../adapter/inbox/redisInbox.js';
export type { ClaimPrefetch } from '../redis/claimPrefetch.js';
export { InboxWorker, type InboxWorkerOptions, type InboxHandler, type InboxTurn } from '../adapter/inbox/inboxWorker.js';
// A transfer (not a plain handover) among the handover signals, for a pipeline that routes them itself.
export { isTransfer } from '../handover/handoverSignals.js';
