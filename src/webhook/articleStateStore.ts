/**
 * The latest known state of each article (deleted or live), as DeletedArticles keeps it. Events
 * arrive out of order (W6), so a state is applied only when its time is not older than the one
 * stored: a late deletion older than a newer publication is ignored. On equal times, deletion
 * wins (not offering a live article is the safer mistake).
 *
 * One entry per article that had an event; live entries are kept too, since they are what
 * refutes a late, older deletion.
 */
export interface ArticleStateStore {
  /**
   * Applies the state if not older than the stored one; true when the article's deleted flag changed.
   *
   * @param articleId - the article
   * @param deleted - whether it is deleted now
   * @param at - the time of the event that says so, in ms since the epoch
   */
  apply(articleId: string, deleted: boolean, at: number): Promise<boolean>;
  /**
   * The ids, among `articleIds`, whose latest state is deleted.
   *
   * @param articleIds - the articles to look at
   */
  deletedAmong(articleIds: readonly string[]): Promise<Set<string>>;
}

/** Whether a state (deleted, at) replaces the current one, per the rule above. */
export function replacesState(current: { deleted: boolean; at: number } | undefined, deleted: boolean, at: number): boolean {
  if (!current) return true;
  if (at !== current.at) return at > current.at;
  return deleted && !current.deleted;
}

/**
 * The article states in this process's memory: for one replica and tests; use
 * `RedisArticleStateStore` with several.
 */
export class MemoryArticleStateStore implements ArticleStateStore {
  private readonly states = new Map<string, { deleted: boolean; at: number }>();

  /** {@inheritDoc ArticleStateStore.apply} */
  async apply(articleId: string, deleted: boolean, at: number): Promise<boolean> {
    const current = this.states.get(articleId);
    if (!replacesState(current, deleted, at)) return false;
    this.states.set(articleId, { deleted, at });
    return (current?.deleted ?? false) !== deleted;
  }

  /** {@inheritDoc ArticleStateStore.deletedAmong} */
  async deletedAmong(articleIds: readonly string[]): Promise<Set<string>> {
    return new Set(articleIds.filter((id) => this.states.get(id)?.deleted === true));
  }
}
