/**
 * What a process remembers about conversations, bounded: past `max` entries the one remembered
 * longest ago is forgotten, so a bot that talks to millions of conversations keeps a fixed
 * amount of memory. Every user treats it as a cache that forgetting only makes ask again:
 * - the outbox (closed conversations with why, live ones): a forgotten closed conversation
 *   costs one more refused POST, a forgotten live one is sent alone once more (S6);
 * - ConversationReferenceStore (indexed and started conversations): a forgotten one is read
 *   from the storage once more.
 */
export class RecentConversations<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(conversationId: string): V | undefined {
    return this.entries.get(conversationId);
  }

  has(conversationId: string): boolean {
    return this.entries.has(conversationId);
  }

  /** Remembers (or refreshes) an entry as the most recent one. */
  set(conversationId: string, value: V): void {
    this.entries.delete(conversationId);
    this.entries.set(conversationId, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(conversationId: string): void {
    this.entries.delete(conversationId);
  }
}
