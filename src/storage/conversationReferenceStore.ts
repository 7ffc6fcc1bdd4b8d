/**
 * Conversation references for proactive messages (`adapter.continueConversation`), kept in any
 * botbuilder `Storage` (RedisStorage across replicas, MemoryStorage embedded), so there is no
 * second storage mechanism to run. HubAdapter saves one at each conversation's start
 * (`asConversationStarts`), as botbuilder's `TurnContext.getConversationReference` gives it,
 * locale included.
 *
 * `Storage` reads and writes by key and cannot list, so one extra item, the index, holds the
 * conversation ids; it is updated with eTags and retried on conflict, so replicas adding ids at
 * the same time do not lose each other's. One gap is inherent to `Storage`: it has no "create
 * only if absent", so two replicas creating the very first index at the same instant can lose
 * one id from `list()` (the reference itself is saved and `get` finds it). A replica adds an
 * id again at its next save of that conversation after a restart, which heals it.
 *
 * Keys: `<namespace>/<encoded conversation id>` for each reference, `<namespace>/~index`.
 */
import type { ConversationReference, Storage } from 'botbuilder-core';
import { isETagConflict } from './eTagConflict.js';

export type StoredReference = Partial<ConversationReference>;

export interface ConversationReferenceStoreOptions {
  /** First part of every key; default 'conversationReferences'. */
  namespace?: string;
  /** Attempts at updating the index when other writers keep changing it; default 25. */
  maxIndexAttempts?: number;
}

const MAX_KNOWN_STARTED = 10_000;

interface ReferenceItem {
  reference: StoredReference;
  savedAt: string;
  eTag?: string;
}

interface IndexItem {
  ids: string[];
  eTag?: string;
}

export class ConversationReferenceStore {
  private readonly namespace: string;
  private readonly maxIndexAttempts: number;
  /** Ids this process has seen in the index, so a save per turn does not read the index each time. */
  private readonly indexed = new Set<string>();
  /**
   * Conversations known to have started (their reference was saved or seen): once started, a
   * conversation stays so, so their turns do not read the storage again to ask (a Redis round
   * trip per turn). Bounded; the oldest is forgotten first and then read once more.
   */
  private readonly known = new Map<string, true>();

  constructor(
    private readonly storage: Storage,
    opts: ConversationReferenceStoreOptions = {},
  ) {
    this.namespace = opts.namespace ?? 'conversationReferences';
    this.maxIndexAttempts = opts.maxIndexAttempts ?? 25;
  }

  /** Saves (or replaces) the reference of `reference.conversation.id`. */
  async save(reference: StoredReference): Promise<void> {
    const conversationId = reference.conversation?.id;
    if (!conversationId) throw new TypeError('ConversationReferenceStore: the reference has no conversation.id');
    const item: ReferenceItem = { reference, savedAt: new Date().toISOString(), eTag: '*' };
    await this.storage.write({ [this.keyOf(conversationId)]: item });
    if (!this.indexed.has(conversationId)) {
      await this.updateIndex((ids) => (ids.includes(conversationId) ? undefined : [...ids, conversationId]));
      this.indexed.add(conversationId);
    }
  }

  /** The conversation-start record of HubAdapter (T4): a conversation is new until its reference is saved. */
  asConversationStarts(): { isNew(conversationId: string): Promise<boolean>; started(conversationId: string, reference: StoredReference): Promise<void> } {
    return {
      isNew: async (conversationId) => {
        if (this.known.has(conversationId)) return false;
        const isNew = (await this.get(conversationId)) === undefined;
        if (!isNew) this.remember(conversationId);
        return isNew;
      },
      started: async (conversationId, reference) => {
        await this.save(reference);
        this.remember(conversationId);
      },
    };
  }

  private remember(conversationId: string): void {
    if (this.known.size >= MAX_KNOWN_STARTED) this.known.delete(this.known.keys().next().value as string);
    this.known.set(conversationId, true);
  }

  async get(conversationId: string): Promise<StoredReference | undefined> {
    const key = this.keyOf(conversationId);
    const items = await this.storage.read([key]);
    return (items[key] as ReferenceItem | undefined)?.reference;
  }

  /**
   * Every stored reference, in the order the conversations were first saved. Ids whose
   * reference is gone (expired by a storage TTL) are dropped from the index on the way.
   */
  async list(): Promise<StoredReference[]> {
    const ids = (await this.readIndex()).ids;
    if (ids.length === 0) return [];
    const items = await this.storage.read(ids.map((id) => this.keyOf(id)));
    const found: StoredReference[] = [];
    const missing = new Set<string>();
    for (const id of ids) {
      const item = items[this.keyOf(id)] as ReferenceItem | undefined;
      if (item) found.push(item.reference);
      else missing.add(id);
    }
    if (missing.size > 0) {
      for (const id of missing) this.indexed.delete(id);
      await this.updateIndex((current) => {
        const kept = current.filter((id) => !missing.has(id));
        return kept.length === current.length ? undefined : kept;
      });
    }
    return found;
  }

  /** Forgets a conversation (call it when the conversation ends). */
  async remove(conversationId: string): Promise<void> {
    this.indexed.delete(conversationId);
    this.known.delete(conversationId);
    await this.updateIndex((ids) => (ids.includes(conversationId) ? ids.filter((id) => id !== conversationId) : undefined));
    await this.storage.delete([this.keyOf(conversationId)]);
  }

  private keyOf(conversationId: string): string {
    return `${this.namespace}/${encodeURIComponent(conversationId)}`;
  }

  private get indexKey(): string {
    return `${this.namespace}/~index`;
  }

  private async readIndex(): Promise<IndexItem> {
    const items = await this.storage.read([this.indexKey]);
    const index = items[this.indexKey] as IndexItem | undefined;
    return { ids: Array.isArray(index?.ids) ? index.ids : [], eTag: index?.eTag };
  }

  /** Read, change, write with the eTag read; on a conflict, read again and retry. */
  private async updateIndex(change: (ids: string[]) => string[] | undefined): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const index = await this.readIndex();
      const ids = change(index.ids);
      if (!ids) return;
      try {
        await this.storage.write({ [this.indexKey]: { ids, eTag: index.eTag } satisfies IndexItem });
        return;
      } catch (err) {
        if (!isETagConflict(err) || attempt >= this.maxIndexAttempts) throw err;
      }
      // A short random pause spreads writers that collided, so they stop colliding again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
