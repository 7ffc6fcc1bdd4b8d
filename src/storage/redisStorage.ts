// botbuilder Storage on Redis with optimistic concurrency (documented on the class).
import type { Storage, StoreItems } from 'botbuilder-core';
import { tenantKey } from '../redis/tenantKey.js';
import { storedId } from '../redis/storedId.js';
import { eTagConflict } from './eTagConflict.js';
import { writeConditionOf } from './memoryStorage.js';
import type { RedisScriptClient } from '../redis/luaScript.js';
import type { ClaimPrefetch } from '../redis/claimPrefetch.js';
import { DELETE_SCRIPT, ETAG_LENGTH, READ_SCRIPT, WRITE_SCRIPT } from './redisStorageScripts.js';
import { decodeStateValue, encodeStateValue, newETag } from './stateCodec.js';
import { ADD_IDS_SCRIPT, decodeList, encodeListEntry, READ_IDS_SCRIPT, REMOVE_IDS_SCRIPT } from './idListScripts.js';

/** An item's stored form: [eTag, JSON], both null when nothing is stored. */
type StoredRow = readonly [string | null, string | null];

/** Where a `RedisStorage` keeps its items and for how long. */
export interface RedisStorageOptions {
  /** A connected node-redis client, e.g. from createRedisConnection (src/redis). */
  client: RedisScriptClient;
  /** Tenant of the keys; it is the Redis Cluster hash tag. */
  tenant: string;
  /** Items expire this many seconds after their last write; default: never. */
  ttlSeconds?: number;
}

/**
 * botbuilder `Storage` on Redis, shared by every replica, with optimistic concurrency and
 * botbuilder's Storage contract (N1; the rules are HubMemoryStorage's, memoryStorage.ts):
 *
 * - a change without an eTag, or with '*', overwrites the stored item;
 * - a change with CREATE_IF_ABSENT_ETAG is written only when nothing is stored, else refused
 *   (409-102, "eTag conflict"): the explicit first write of T9;
 * - a change whose eTag differs from the stored one is refused (409-102);
 * - a change with an eTag to a key that holds nothing is written;
 * - every write gives the item a new eTag (read it back to get it).
 *
 * One deliberate difference from botbuilder's MemoryStorage: a batch (`write` with several
 * keys) is checked and written in one Lua script, all or nothing, where MemoryStorage writes
 * the other keys of a batch in which one key conflicts.
 *
 * Keys: `hubbot:{tenant}:state:<key>`, a string: the eTag, then the JSON (shortened by
 * stateCodec.ts; plain JSON from earlier versions reads as it is). The hash `{e, d}` of earlier
 * versions still reads, and its next write replaces it with a string. With `ttlSeconds`, an item
 * expires that long after its last write (reads do not extend it).
 *
 * It also keeps id lists (idLists.ts; ConversationReferenceStore's index), each changed by one
 * script inside Redis, under the same keys and lifetime; a list is not an item (`read` it not).
 */
export class RedisStorage implements Storage {
  private readonly client: RedisScriptClient;
  private readonly tenant: string;
  private readonly ttlMs: number;
  /** Rows read ahead with an inbox claim (claimPrefetch), by Redis key: each is read once. */
  private readonly primed = new Map<string, StoredRow>();

  /**
   * @param opts - the connected client, the tenant, and an optional expiry
   * @throws RangeError when `ttlSeconds` is not a positive number
   */
  constructor(opts: RedisStorageOptions) {
    if (opts.ttlSeconds !== undefined && !(opts.ttlSeconds > 0 && Number.isFinite(opts.ttlSeconds))) {
      throw new RangeError(`RedisStorage: ttlSeconds must be a positive number, got ${opts.ttlSeconds}`);
    }
    this.client = opts.client;
    this.tenant = opts.tenant;
    this.ttlMs = opts.ttlSeconds === undefined ? 0 : Math.ceil(opts.ttlSeconds * 1000);
    tenantKey(this.tenant); // fails now, not at the first call, on an empty tenant
  }

  /** The Redis key holding a storage key's item, named by its stored form (storedId.ts, S17). */
  keyOf(key: string): string {
    return tenantKey(this.tenant, 'state', storedId(key));
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
    const items: StoreItems = {};
    if (keys.length === 0) return items;
    const redisKeys = keys.map((k) => this.keyOf(k));
    const rows: Array<StoredRow | undefined> = redisKeys.map((k) => this.takePrimed(k));
    const missing = redisKeys.filter((_, i) => rows[i] === undefined);
    if (missing.length > 0) {
      const reply = (await READ_SCRIPT.run(this.client, missing, [])) as StoredRow[];
      let next = 0;
      rows.forEach((row, i) => {
        if (row === undefined) rows[i] = reply[next++];
      });
    }
    keys.forEach((key, i) => {
      const [eTag, json] = rows[i] ?? [null, null];
      if (eTag === null || json === null) return;
      items[key] = { ...(JSON.parse(decodeStateValue(json, key)) as object), eTag };
    });
    return items;
  }

  /**
   * Lets a RedisInbox read these storage keys with the claim of their conversation (one round
   * trip for the claim and the turn's first reads): each value read ahead serves the turn's
   * first read of its key, and is dropped when the claim ends or the key is written or deleted
   * here. Every key must carry this storage's tenant hash tag (the inbox's slot).
   *
   * @param keysOf - the storage keys a conversation's turn reads first
   */
  claimPrefetch(keysOf: (conversationId: string) => string[]): ClaimPrefetch {
    const byConversation = new Map<string, string[]>();
    return {
      keysOf: (conversationId) => keysOf(conversationId).map((k) => this.keyOf(k)),
      // For an item of an earlier version (a hash); an item's string comes as a row of one value.
      fields: ['e', 'd'],
      primed: (conversationId, rows) => {
        const redisKeys = keysOf(conversationId).map((k) => this.keyOf(k));
        redisKeys.forEach((k, i) => this.primed.set(k, storedRowOf(rows[i] ?? [])));
        byConversation.set(conversationId, redisKeys);
      },
      done: (conversationId) => {
        for (const k of byConversation.get(conversationId) ?? []) this.primed.delete(k);
        byConversation.delete(conversationId);
      },
    };
  }

  private takePrimed(redisKey: string): StoredRow | undefined {
    const row = this.primed.get(redisKey);
    if (row !== undefined) this.primed.delete(redisKey);
    return row;
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
    const keys = Object.keys(changes);
    if (keys.length === 0) return;
    const args: string[] = [String(this.ttlMs)];
    for (const key of keys) {
      const item: unknown = changes[key];
      if (item === null || typeof item !== 'object') throw new TypeError(`Storage: the item "${key}" must be an object.`);
      const { eTag, ...doc } = item as { eTag?: unknown };
      const condition = writeConditionOf(eTag);
      const expected = condition.kind === 'absent' ? '' : condition.kind === 'any' ? '*' : condition.eTag;
      const eTagNew = newETag();
      if (eTagNew.length !== ETAG_LENGTH) throw new Error(`RedisStorage: an eTag must be ${ETAG_LENGTH} characters`);
      args.push(expected, eTagNew + encodeStateValue(JSON.stringify(doc), key));
    }
    const redisKeys = keys.map((k) => this.keyOf(k));
    for (const k of redisKeys) this.primed.delete(k);
    const conflictAt = Number(await WRITE_SCRIPT.run(this.client, redisKeys, args));
    if (conflictAt > 0) throw eTagConflict(keys[conflictAt - 1]);
  }

  /**
   * Adds ids to an id list in one script, without reading the list here (idLists.ts).
   *
   * @param key - the list's storage key
   * @param ids - the ids to add
   */
  async addIds(key: string, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await ADD_IDS_SCRIPT.run(this.client, [this.keyOf(key)], [String(this.ttlMs), ...ids.map(encodeListEntry)]);
  }

  /**
   * Removes ids from an id list in one script (idLists.ts).
   *
   * @param key - the list's storage key
   * @param ids - the ids to remove
   */
  async removeIds(key: string, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await REMOVE_IDS_SCRIPT.run(this.client, [this.keyOf(key)], [String(this.ttlMs), ...ids.map(encodeListEntry)]);
  }

  /**
   * The ids of id lists (idLists.ts), in one script.
   *
   * @param keys - the lists' storage keys
   * @returns per key, its ids in the order they were added
   */
  async readIds(keys: readonly string[]): Promise<string[][]> {
    if (keys.length === 0) return [];
    const lists = (await READ_IDS_SCRIPT.run(this.client, keys.map((k) => this.keyOf(k)), [])) as string[];
    return lists.map(decodeList);
  }

  /**
   * Deletes items by key, whatever their eTag; a key with nothing stored is ignored.
   *
   * @param keys - the storage keys to delete
   */
  async delete(keys: string[]): Promise<void> {
    if (!keys) throw new ReferenceError('Keys are required when deleting.');
    if (keys.length === 0) return;
    const redisKeys = keys.map((k) => this.keyOf(k));
    for (const k of redisKeys) this.primed.delete(k);
    await DELETE_SCRIPT.run(this.client, redisKeys, []);
  }
}

/** A row the claim read ahead: [eTag, JSON] of a hash, or [eTag + JSON] of a string. */
function storedRowOf(row: ReadonlyArray<string | null>): StoredRow {
  if (row.length === 1) return row[0] === null ? [null, null] : [row[0].slice(0, ETAG_LENGTH), row[0].slice(ETAG_LENGTH)];
  return [row[0] ?? null, row[1] ?? null];
}
