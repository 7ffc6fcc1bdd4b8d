// Drops the portal clients' cached lists when the knowledge changes (documented on the function).
import { filter, type Subscription } from 'rxjs';
import type { KnownEventKind } from '../schemas/events.js';
import type { KnowledgeEvent } from './knowledgeEvent.js';
import type { KnowledgeEvents } from './knowledgeEvents.js';

/** What is invalidated: PortalManagerClient fits. */
export interface StaticListInvalidator {
  invalidateStaticLists(): unknown;
}

export const KNOWLEDGE_CHANGE_KINDS = [
  'article_type_created',
  'article_type_updated',
  'article_type_deleted',
  'article_created',
  'article_published',
  'article_moved',
  'article_deleted',
  'article_availability_date_reached',
  'article_expiration_date_reached',
] as const satisfies KnownEventKind[];

/**
 * Drops the portal client's cached static lists (casebase releases, profiles, clusters: L7)
 * when the knowledge changes: on every article and article-type event, so a change shows
 * without waiting for the cache's TTL.
 *
 * It listens on `everyReplica$`: each replica keeps its own cache, and the consumer group hands
 * an event to one replica only, so with several replicas configure a fan-out
 * (RedisEventFanOut) for the others to hear of it. Without one they catch up at the TTL.
  *
  * @param events - the knowledge events
  * @param portalClients - the portal client or clients whose static lists are dropped
  * @returns the subscription; unsubscribe to stop
  */
export function invalidateOnKnowledgeChange(events: KnowledgeEvents, portalClients: StaticListInvalidator | StaticListInvalidator[]): Subscription {
  const clients = Array.isArray(portalClients) ? portalClients : [portalClients];
  const kinds = new Set<string>(KNOWLEDGE_CHANGE_KINDS);
  return events.handle(
    events.everyReplica$.pipe(filter((e: KnowledgeEvent) => e.known && kinds.has(e.kind))),
    async () => {
      for (const client of clients) await client.invalidateStaticLists();
    },
    { name: 'invalidateStaticLists' },
  );
}
