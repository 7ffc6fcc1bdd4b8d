// Conversation references in any botbuilder Storage, indexed in shards (documented on the class).
import type { ConversationReference, Storage } from 'botbuilder-core';
import { pathSegment } from '../platform/http/pathSegment.js';
import { withReadETag } from './createIfAbsent.js';
import { isETagConflict } from './eTagConflict.js';
import { idListsOf, type IdLists } from './idLists.js';
import { RecentConversations } from './recentConversations.js';

/**
 * A conversation reference as stored: what botbuilder's `TurnContext.getConversationReference`
 * gives, locale included.
 */
export type StoredReference = Partial<ConversationReference>;

/** How a `ConversationReferenceStore` names its keys and retries its index. */
export interface ConversationReferenceStoreOptions {
  /** First part of every key; default 'conversationReferences'. */
  namespace?: string;
  /** Attempts at updating the index when other writers keep changing it; default 25. */
  maxIndexAttempts?: number;
}

/** Conversation ids each in-process cache below holds at most (a process may live for months). */
export const MAX_REMEMBERED_IDS = 10_000;

/** How long a started conversation's turns go without reading (and rewriting) its reference. */
const REFRESH_AFTER_MS = 3600_000;

export const INDEX_SHARDS = 64;

/** The index shard (0 to INDEX_SHARDS - 1) that holds a conversation id. */
export function indexShardOf(conversationId: string): number {
  // FNV-1a: cheap and well spread; nothing here needs a cryptographic hash.
  let h = 0x811c9dc5;
  for (let i = 0; i < conversationId.length; i++) h = Math.imul(h ^ conversationId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % INDEX_SHARDS;
}

interface ReferenceItem {
  reference: StoredReference;
  savedAt: string;
  eTag?: string;
}

interface IndexItem {
  ids: string[];
  eTag?: string;
}

/**
 * Conversation references for proactive messages (`adapter.continueConversation`), kept in any
 * botbuilder `Storage` (RedisStorage across replicas, MemoryStorage embedded), so there is no
 * second storage mechanism to run. HubAdapter saves one at each conversation's start
 * (`asConversationStarts`), as botbuilder's `TurnContext.getConversationReference` gives it,
 * locale included; the bot server removes it when the conversation ends.
 *
 * `Storage` reads and writes by key and cannot list, so an index holds the conversation ids, in
 * INDEX_SHARDS shards, an id in the shard its hash names. On a storage with id lists
 * (idLists.ts: RedisStorage) a shard is such a list, and a new conversation adds its id with
 * one script, the list staying where it is: before, each new conversation read its shard and
 * wrote it back whole (60 KB at 100,000 conversations), O(n) in bytes each way. On any other
 * storage a shard is an item of ids, updated with eTags and retried on conflict, so replicas
 * adding ids at the same time do not lose each other's (one index item for all ids made every
 * new conversation rewrite every id ever seen, and first turns collide on its eTag). One gap
 * is inherent to `Storage`: it has no "create only if absent", so two replicas creating the
 * same item shard at the same instant can lose one id from `list()` (the reference itself is
 * saved and `get` finds it).
 *
 * Keys: `<namespace>/<encoded conversation id>` for each reference, `<namespace>/~ids/<0-63>`
 * for the id lists, `<namespace>/~index/<0-63>` for the item shards. The item shards of earlier
 * versions on Redis (and `<namespace>/~index`, the single index before them) are still read and
 * emptied as their conversations go, never added to, so a rolling upgrade loses no id; a replica
 * of an earlier version does not see the ids in the lists (its `list()` misses the conversations
 * the new replicas started until it is upgraded).
 */
export class ConversationReferenceStore {
  private readonly namespace: string;
  private readonly maxIndexAttempts: number;
  /** The storage's id lists, when it has them: the index's shards are then lists. */
  private readonly idLists?: IdLists;
  /** Ids this process has seen in the index, so a save per turn does not read the index each time. */
  private readonly indexed = new RecentConversations<true>(MAX_REMEMBERED_IDS);
  /**
   * Conversations known to have started (their reference was saved or seen): once started, a
   * conversation stays so, so their turns do not read the storage again to ask (a Redis round
   * trip per turn). The oldest is forgotten first and then read once more. The value is when
   * the reference was last written or read.
   */
  private readonly known = new RecentConversations<number>(MAX_REMEMBERED_IDS);

  /**
   * @param storage - any botbuilder Storage: the bot's own, so references live where its state does
   * @param opts - the key namespace and the index's retry bound
   */
  constructor(
    private readonly storage: Storage,
    opts: ConversationReferenceStoreOptions = {},
  ) {
    this.namespace = opts.namespace ?? 'conversationReferences';
    this.maxIndexAttempts = opts.maxIndexAttempts ?? 25;
    this.idLists = idListsOf(storage);
  }

  /** Saves (or replaces) the reference of `reference.conversation.id`. */
  async save(reference: StoredReference): Promise<void> {
    const conversationId = reference.conversation?.id;
    if (!conversationId) throw new TypeError('ConversationReferenceStore: the reference has no conversation.id');
    const item: ReferenceItem = { reference, savedAt: new Date().toISOString(), eTag: '*' };
    await this.storage.write({ [this.keyOf(conversationId)]: item });
    if (!this.indexed.has(conversationId)) {
      if (this.idLists) await this.idLists.addIds(this.listKeyOf(conversationId), [conversationId]);
      else await this.updateIndex(this.shardKeyOf(conversationId), (ids) => (ids.includes(conversationId) ? undefined : [...ids, conversationId]));
      this.indexed.set(conversationId, true);
    }
  }

  /** The conversation-start record of HubAdapter (T4): a conversation is new until its reference is saved. */
  asConversationStarts(): {
    isNew(conversationId: string): Promise<boolean>;
    started(conversationId: string, reference: StoredReference): Promise<void>;
    reference(conversationId: string): Promise<StoredReference | undefined>;
  } {
    return {
      // Scheduled events (guided-help deadlines) name the conversation and read its reference here.
      reference: (conversationId) => this.get(conversationId),
      isNew: async (conversationId) => {
        const at = this.known.get(conversationId);
        if (at !== undefined && Date.now() - at < REFRESH_AFTER_MS) return false;
        const stored = await this.get(conversationId);
        if (stored === undefined) return true;
        // Written again once an hour while the conversation has turns: a storage with a lifetime
        // (STATE_TTL_SECONDS) then keeps the reference of a conversation that lasts.
        if (at !== undefined) await this.save(stored);
        this.known.set(conversationId, Date.now());
        return false;
      },
      started: async (conversationId, reference) => {
        await this.save(reference);
        this.known.set(conversationId, Date.now());
      },
    };
  }

  /**
   * The stored reference of a conversation, to pass to `adapter.continueConversation`.
   *
   * @param conversationId - the hub's conversation id
   * @returns undefined when the conversation was never seen or was removed
   */
  async get(conversationId: string): Promise<StoredReference | undefined> {
    const key = this.keyOf(conversationId);
    const items = await this.storage.read([key]);
    return (items[key] as ReferenceItem | undefined)?.reference;
  }

  /**
   * Every stored reference, oldest save first. Ids whose reference is gone (expired by a
   * storage TTL) are dropped from the index on the way.
   */
  async list(): Promise<StoredReference[]> {
    const shards = await this.readShards([...this.shardKeys(), this.legacyIndexKey]);
    const listKeys = this.idLists ? this.listKeys() : [];
    const lists = this.idLists ? await this.idLists.readIds(listKeys) : [];
    const ids = [...new Set([...shards.flatMap(([, index]) => index.ids), ...lists.flat()])];
    if (ids.length === 0) return [];
    const items = await this.storage.read(ids.map((id) => this.keyOf(id)));
    const found: ReferenceItem[] = [];
    const missing = new Set<string>();
    for (const id of ids) {
      const item = items[this.keyOf(id)] as ReferenceItem | undefined;
      if (item) found.push(item);
      else missing.add(id);
    }
    for (const id of missing) this.indexed.delete(id);
    for (const [n, list] of lists.entries()) {
      const gone = list.filter((id) => missing.has(id));
      if (gone.length > 0) await this.idLists!.removeIds(listKeys[n], gone);
    }
    for (const [key, index] of shards) {
      if (!index.ids.some((id) => missing.has(id))) continue;
      await this.updateIndex(key, (current) => {
        const kept = current.filter((id) => !missing.has(id));
        return kept.length === current.length ? undefined : kept;
      });
    }
    return found.sort((x, y) => (x.savedAt < y.savedAt ? -1 : x.savedAt > y.savedAt ? 1 : 0)).map((item) => item.reference);
  }

  /** Forgets a conversation (call it when the conversation ends). */
  async remove(conversationId: string): Promise<void> {
    this.indexed.delete(conversationId);
    this.known.delete(conversationId);
    const drop = (ids: string[]) => (ids.includes(conversationId) ? ids.filter((id) => id !== conversationId) : undefined);
    if (this.idLists) await this.idLists.removeIds(this.listKeyOf(conversationId), [conversationId]);
    // On Redis the item shard is one of an earlier version: read (absent once it expired), never added to.
    await this.updateIndex(this.shardKeyOf(conversationId), drop);
    await this.updateIndex(this.legacyIndexKey, drop);
    await this.storage.delete([this.keyOf(conversationId)]);
  }

  private keyOf(conversationId: string): string {
    return `${this.namespace}/${pathSegment(conversationId)}`;
  }

  /** The single index item of earlier versions: read, emptied as its conversations go, never added to. */
  private get legacyIndexKey(): string {
    return `${this.namespace}/~index`;
  }

  private shardKeys(): string[] {
    return Array.from({ length: INDEX_SHARDS }, (_, n) => `${this.namespace}/~index/${n}`);
  }

  private shardKeyOf(conversationId: string): string {
    return `${this.namespace}/~index/${indexShardOf(conversationId)}`;
  }

  private listKeys(): string[] {
    return Array.from({ length: INDEX_SHARDS }, (_, n) => `${this.namespace}/~ids/${n}`);
  }

  private listKeyOf(conversationId: string): string {
    return `${this.namespace}/~ids/${indexShardOf(conversationId)}`;
  }

  private async readShards(keys: string[]): Promise<[string, IndexItem][]> {
    const items = await this.storage.read(keys);
    return keys.map((key) => {
      const index = items[key] as IndexItem | undefined;
      return [key, { ids: Array.isArray(index?.ids) ? index.ids : [], eTag: index?.eTag }];
    });
  }

  /** Read, change, write with the eTag read; on a conflict, read again and retry. */
  private async updateIndex(key: string, change: (ids: string[]) => string[] | undefined): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const [[, index]] = await this.readShards([key]);
      const ids = change(index.ids);
      if (!ids) return;
      try {
        // A shard read as absent is created only if still absent (T9): an overwrite could lose an id.
        await this.storage.write({ [key]: withReadETag({ ids }, index.eTag) satisfies IndexItem });
        return;
      } catch (err) {
        if (!isETagConflict(err) || attempt >= this.maxIndexAttempts) throw err;
      }
      // A short random pause spreads writers that collided, so they stop colliding again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
