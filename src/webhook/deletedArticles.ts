// Which articles are gone, from the knowledge events (documented on the class).
import { Subject, type Observable, type Subscription } from 'rxjs';
import type { KnownEventKind } from '../schemas/events.js';
import { MemoryArticleStateStore, type ArticleStateStore } from './articleStateStore.js';
import { articleIdOf } from './knowledgeEvent.js';
import type { KnowledgeEvents } from './knowledgeEvents.js';

/** A change of an article's state, as `DeletedArticles` applied it. */
export interface ArticleStateChange {
  /** The article. */
  articleId: string;
  /** Whether it is deleted now. */
  deleted: boolean;
  /** The time of the event that changed it. */
  at: Date;
  /** The notification id of the event that changed it. */
  notificationId: string;
}

/** Where `DeletedArticles` keeps article states, and whether expiry counts as deletion. */
export interface DeletedArticlesOptions {
  /** Default: in memory (one replica). */
  store?: ArticleStateStore;
  /** An article that reached its expiration date counts as deleted; default true. */
  expiredCountsAsDeleted?: boolean;
}

const LIVE_KINDS = ['article_created', 'article_published', 'article_availability_date_reached'] as const satisfies KnownEventKind[];

/**
 * Which articles are gone, from the knowledge events, so the guided-help bot can stop offering a
 * solution whose article was deleted (or has expired) since the casebase was loaded.
 *
 * ```ts
 * const deleted = new DeletedArticles({ store: new RedisArticleStateStore({ client, tenant }) });
 * deleted.track(receiver.events);
 * if (await deleted.has(solution.articleId)) return; // skip it
 * const gone = await deleted.deletedAmong(solutions.map((s) => s.articleId));
 * ```
 *
 * - article_deleted (and, unless `expiredCountsAsDeleted` is false, article_expiration_date_reached)
 *   mark an article deleted; article_created, article_published and
 *   article_availability_date_reached mark it live again.
 * - Order is not assumed (W6): the event's own time decides (its arrival time when it carries
 *   none), and an older event never undoes a newer one (ArticleStateStore).
 * - With the Redis store every replica answers the same, whichever replica handled the event;
 *   the memory store is for one replica.
 * - `changes$` emits the changes this replica applied (for logs, or to end a session early).
 */
export class DeletedArticles {
  /** The changes this replica applied (for logs, or to end a session early). */
  readonly changes$: Observable<ArticleStateChange>;
  private readonly store: ArticleStateStore;
  private readonly expiredCounts: boolean;
  private readonly changes = new Subject<ArticleStateChange>();

  /**
   * @param opts - the store (default in memory) and whether expiry counts as deletion (default yes)
   */
  constructor(opts: DeletedArticlesOptions = {}) {
    this.store = opts.store ?? new MemoryArticleStateStore();
    this.expiredCounts = opts.expiredCountsAsDeleted ?? true;
    this.changes$ = this.changes.asObservable();
  }

  /**
   * True when the article's latest known state is deleted.
   *
   * @param articleId - the article
   */
  async has(articleId: string): Promise<boolean> {
    return (await this.store.deletedAmong([articleId])).has(articleId);
  }

  /**
   * The deleted ones among several ids, in one store call.
   *
   * @param articleIds - the articles to look at
   */
  deletedAmong(articleIds: readonly string[]): Promise<Set<string>> {
    return this.store.deletedAmong(articleIds);
  }

  /**
   * Records a state; true when it changed the article's deleted flag. Used by `track`, usable directly.
   *
   * @param change - the article, its state and the time of the event
   */
  async apply(change: ArticleStateChange): Promise<boolean> {
    const changed = await this.store.apply(change.articleId, change.deleted, change.at.getTime());
    if (changed) this.changes.next(change);
    return changed;
  }

  /**
   * Follows the article events of `events` (tracked handlers: a store failure is retried, then dead-lettered).
   *
   * @param events - the knowledge events (`BotDependencies.knowledge.events`)
   * @returns the subscription; unsubscribe to stop following
   */
  track(events: KnowledgeEvents): Subscription {
    const deletedKinds: KnownEventKind[] = this.expiredCounts ? ['article_deleted', 'article_expiration_date_reached'] : ['article_deleted'];
    return events.on(
      [...deletedKinds, ...LIVE_KINDS],
      async (event) => {
        const articleId = articleIdOf(event);
        if (articleId === undefined) return;
        const deleted = deletedKinds.includes(event.kind);
        await this.apply({ articleId, deleted, at: event.time ?? event.receivedAt, notificationId: event.notificationId });
      },
      { name: 'deletedArticles' },
    );
  }
}
