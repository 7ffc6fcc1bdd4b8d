/**
 * Lists of ids a storage keeps next to its items, each changed by one command where the ids
 * are, without the list being read into the process and written back whole. RedisStorage has
 * them; ConversationReferenceStore uses them for its index when its storage has them, and an
 * eTag-guarded item of ids otherwise (botbuilder's MemoryStorage, HubMemoryStorage, any other).
 */
import type { Storage } from 'botbuilder-core';

/** Id lists by key: adding an id already there, or removing one that is not, changes nothing. */
export interface IdLists {
  /**
   * Adds ids to the list at `key` (created when absent); the list's lifetime starts again.
   *
   * @param key - the list's storage key
   * @param ids - the ids to add
   */
  addIds(key: string, ids: readonly string[]): Promise<void>;
  /**
   * Removes ids from the list at `key`; a list left empty is deleted.
   *
   * @param key - the list's storage key
   * @param ids - the ids to remove
   */
  removeIds(key: string, ids: readonly string[]): Promise<void>;
  /**
   * The ids of each list, in the order they were added; none for a list that does not exist.
   *
   * @param keys - the lists' storage keys
   */
  readIds(keys: readonly string[]): Promise<string[][]>;
}

/** The storage's id lists, when it keeps some. */
export function idListsOf(storage: Storage): IdLists | undefined {
  const s = storage as Storage & Partial<IdLists>;
  return typeof s.addIds === 'function' && typeof s.removeIds === 'function' && typeof s.readIds === 'function' ? (s as IdLists) : undefined;
}
