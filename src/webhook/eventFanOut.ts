/**
 * Tells every replica about the events one replica handled. The consumer group hands each event
 * to ONE replica, which is right for work done once (a notification, a shared record) but not
 * for state each replica keeps in its own memory (the portal's static-list cache): those
 * subscribe to `KnowledgeEvents.everyReplica$`, fed by a fan-out.
 *
 * Best effort by nature (a replica disconnected at that moment misses the message), so use it
 * only for state that also expires by itself, like a cache with a TTL.
 */
import type { StoredEvent } from './eventStore.js';
import type { KnowledgeEvents } from './knowledgeEvents.js';

export interface EventFanOut {
  /** Announces an event this replica handled. */
  publish(event: StoredEvent): Promise<void>;
  /** Passes the events other replicas announce to `events.receiveFromReplica`; resolves to a stop function. */
  attach(events: KnowledgeEvents, opts?: { kindFields?: readonly string[] }): Promise<() => Promise<void>>;
}
