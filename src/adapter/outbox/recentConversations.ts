/**
 * What the outbox remembers about conversations (closed ones with why, live ones), bounded:
 * past `max` entries the one remembered longest ago is forgotten, so a bot that talks to
 * millions of conversations keeps a fixed amount of memory. Forgetting is safe both ways: a
 * forgotten closed conversation costs one more refused POST, a forgotten live one is sent
 * alone once more (S6).
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
}
