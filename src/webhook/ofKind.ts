// The ofKind rxjs operator (documented on the function).
import { filter, type OperatorFunction } from 'rxjs';
import type { KnownEventKind } from '../schemas/events.js';
import type { KnowledgeEvent, TypedKnowledgeEvent } from './knowledgeEvent.js';

/** The knowledge event of one known kind, its payload typed. */
export type KnowledgeEventOfKind<K extends KnownEventKind> = Extract<TypedKnowledgeEvent, { kind: K }>;

/**
 * rxjs operator keeping the events of the given known kinds, typed: after
 * `ofKind('article_deleted')` the payload is the article_deleted payload (W8). Use it on
 * `KnowledgeEvents.all$` or `everyReplica$`; `KnowledgeEvents.ofKind` is the same on `all$`.
 *
 * @param kinds - one or more known event kinds
 */
export function ofKind<K extends KnownEventKind>(...kinds: K[]): OperatorFunction<KnowledgeEvent, KnowledgeEventOfKind<K>> {
  const wanted = new Set<string>(kinds);
  return filter((e: KnowledgeEvent): e is KnowledgeEventOfKind<K> => e.known && wanted.has(e.kind));
}
