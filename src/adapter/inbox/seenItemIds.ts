/**
 * The item ids a MemoryInbox has recorded lately, to recognise the hub's redelivery of a message
 * (the dedupe window, as RedisInbox's seen keys): oldest first, forgotten once out of the
 * window or past the bound on their number, whichever comes first.
 */
export class SeenItemIds {
  /** Key of [conversationId, itemId] → when recorded; a Map keeps insertion order, oldest first. */
  private readonly seen = new Map<string, number>();

  /**
   * @param windowMs - how long an id is remembered
   * @param maxRemembered - ids remembered at most, oldest forgotten first
   */
  constructor(
    private readonly windowMs: number,
    private readonly maxRemembered: number,
  ) {}

  /** Whether the id was recorded in the conversation within the window (older ones are forgotten first). */
  has(conversationId: string, itemId: string, now: number): boolean {
    for (const [key, at] of this.seen) {
      if (at > now - this.windowMs) break;
      this.seen.delete(key);
    }
    return this.seen.has(keyOf(conversationId, itemId));
  }

  remember(conversationId: string, itemId: string, now: number): void {
    this.seen.set(keyOf(conversationId, itemId), now);
    if (this.seen.size > this.maxRemembered) this.seen.delete(this.seen.keys().next().value as string);
  }
}

/** One string per pair, never the same for two pairs: the conversation id's length comes first. */
function keyOf(conversationId: string, itemId: string): string {
  return `${conversationId.length}:${conversationId}${itemId}`;
}
