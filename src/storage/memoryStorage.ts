// botbuilder Storage in memory with the eTag rules of RedisStorage (documented on the class).
import { randomUUID } from 'node:crypto';
import type { Storage, StoreItems } from 'botbuilder-core';
import { CREATE_IF_ABSENT_ETAG } from './createIfAbsent.js';
import { eTagConflict } from './eTagConflict.js';

interface Stored {
  eTag: string;
  json: string;
  /** When the item is forgotten (ms since the epoch); Infinity without a lifetime. */
  expiresAt: number;
}

/** How long `HubMemoryStorage` keeps an item, and its clock. */
export interface HubMemoryStorageOptions {
  /**
   * Items are forgotten this many seconds after their last write (reads do not extend it), as
   * `RedisStorage`'s `ttlSeconds`: an ended or idle conversation's state goes away instead of
   * staying until the process ends. Default: never.
   */
  ttlSeconds?: number;
  /** Milliseconds clock; default Date.now, looked up at each call so fake timers apply. */
  now?: () => number;
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
 * Items are kept as JSON, so a caller's object is never shared with the store. With
 * `ttlSeconds`, an item is forgotten that long after its last write, as on Redis: the items are
 * kept in the order of their last write (a write moves its key to the end), so the expired ones
 * are always at the front and each write or read drops them without looking at the others.
 */
export class HubMemoryStorage implements Storage {
  private readonly items = new Map<string, Stored>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  /**
   * @param opts - the items' lifetime (default: kept until deleted) and the clock
   * @throws RangeError when `ttlSeconds` is not a positive number
   */
  constructor(opts: HubMemoryStorageOptions = {}) {
    if (opts.ttlSeconds !== undefined && !(opts.ttlSeconds > 0 && Number.isFinite(opts.ttlSeconds))) {
      throw new RangeError(`HubMemoryStorage: ttlSeconds must be a positive number, got ${opts.ttlSeconds}`);
    }
    this.ttlMs = opts.ttlSeconds === undefined ? Infinity : Math.ceil(opts.ttlSeconds * 1000);
    this.now = opts.now ?? (() => Date.now());
  }

  /** Items held now (expired ones not yet dropped excluded): what a memory measurement reads. */
  get size(): number {
    this.forgetExpired(this.now());
    return this.items.size;
  }

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
    const now = this.now();
    this.forgetExpired(now);
    for (const key of keys) {
      const stored = this.items.get(key);
      if (!stored || stored.expiresAt <= now) continue;
      // The parse is a fresh object already (a stored item is always a plain object): no copy.
      const item = JSON.parse(stored.json) as { eTag?: string };
      item.eTag = stored.eTag;
      out[key] = item;
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
    const now = this.now();
    this.forgetExpired(now);
    for (const [key, item] of Object.entries(changes)) {
      if (item === null || typeof item !== 'object') throw new TypeError(`Storage: the item "${key}" must be an object.`);
      const { eTag, ...doc } = item as { eTag?: unknown };
      const condition = writeConditionOf(eTag);
      const stored = this.items.get(key);
      if (condition.kind === 'absent' && stored) throw eTagConflict(key);
      if (condition.kind === 'eTag' && stored && stored.eTag !== condition.eTag) throw eTagConflict(key);
      writes.push([key, { eTag: randomUUID(), json: JSON.stringify(doc), expiresAt: now + this.ttlMs }]);
    }
    for (const [key, stored] of writes) {
      // Deleted first, so the key moves to the end: the map stays ordered by last write.
      this.items.delete(key);
      this.items.set(key, stored);
    }
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

  /** Drops the expired items, which are the first ones in write order. */
  private forgetExpired(now: number): void {
    if (this.ttlMs === Infinity) return;
    for (const [key, stored] of this.items) {
      if (stored.expiresAt > now) return;
      this.items.delete(key);
    }
  }
}
