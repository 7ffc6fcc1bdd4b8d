// botbuilder Storage in memory with the eTag rules of RedisStorage (documented on the class).
import { randomUUID } from 'node:crypto';
import type { Storage, StoreItems } from 'botbuilder-core';
import { CREATE_IF_ABSENT_ETAG } from './createIfAbsent.js';
import { eTagConflict } from './eTagConflict.js';

interface Stored {
  eTag: string;
  json: string;
}

/** What a write asks of the stored item: nothing stored, anything, or this eTag. */
export type WriteCondition = { kind: 'absent' } | { kind: 'any' } | { kind: 'eTag'; eTag: string };

/** The condition of a change, from the eTag it carries (the rules above; RedisStorage uses it too). */
export function writeConditionOf(eTag: unknown): WriteCondition {
  if (eTag === undefined || eTag === null || eTag === '' || eTag === '*') return { kind: 'any' };
  if (eTag === CREATE_IF_ABSENT_ETAG) return { kind: 'absent' };
  return { kind: 'eTag', eTag: String(eTag) };
}

/**
 * botbuilder `Storage` in memory (one replica, tests), with the eTag rules of botbuilder's
 * Storage contract (N1 of docs/platform-contract.md), shared with RedisStorage:
 *
 * - no eTag (absent, null or '') or '*': overwrite whatever is stored, as botbuilder's
 *   MemoryStorage, Blob and Cosmos DB storages do (BotState always writes with '*');
 * - CREATE_IF_ABSENT_ETAG (createIfAbsent.ts): written only when nothing is stored, the
 *   explicit first write of T9;
 * - any other eTag: written only if it is the stored item's eTag (or nothing is stored);
 * - every write gives the item a new eTag; a batch is checked and written all or nothing
 *   (stricter than MemoryStorage, which writes the other keys of a batch with a conflict).
 *
 * Items are kept as JSON, so a caller's object is never shared with the store.
 */
export class HubMemoryStorage implements Storage {
  private readonly items = new Map<string, Stored>();

  /**
   * Reads items by key; keys with nothing stored are left out of the result. Each item carries its
   * current `eTag`.
   *
   * @param keys - the storage keys to read
   * @returns the stored items by key
   */
  async read(keys: string[]): Promise<StoreItems> {
    if (!keys) throw new ReferenceError('Keys are required when reading.');
    const out: StoreItems = {};
    for (const key of keys) {
      const stored = this.items.get(key);
      if (stored) out[key] = { ...(JSON.parse(stored.json) as object), eTag: stored.eTag };
    }
    return out;
  }

  /**
   * Writes items with the eTag rules above, all or nothing: one conflicting item fails the whole
   * batch.
   *
   * @param changes - the items by key; an item's `eTag` says what it expects stored (none, `*` or a
   * value read)
   * @throws PlatformError 409-102 (see `isETagConflict`) when an item's eTag does not hold
   */
  async write(changes: StoreItems): Promise<void> {
    if (!changes) throw new ReferenceError('Changes are required when writing.');
    const writes: [string, Stored][] = [];
    for (const [key, item] of Object.entries(changes)) {
      if (item === null || typeof item !== 'object') throw new TypeError(`Storage: the item "${key}" must be an object.`);
      const { eTag, ...doc } = item as { eTag?: unknown };
      const condition = writeConditionOf(eTag);
      const stored = this.items.get(key);
      if (condition.kind === 'absent' && stored) throw eTagConflict(key);
      if (condition.kind === 'eTag' && stored && stored.eTag !== condition.eTag) throw eTagConflict(key);
      writes.push([key, { eTag: randomUUID(), json: JSON.stringify(doc) }]);
    }
    for (const [key, stored] of writes) this.items.set(key, stored);
  }

  /**
   * Deletes items by key, whatever their eTag; a key with nothing stored is ignored.
   *
   * @param keys - the storage keys to delete
   */
  async delete(keys: string[]): Promise<void> {
    if (!keys) throw new ReferenceError('Keys are required when deleting.');
    for (const key of keys) this.items.delete(key);
  }
}
