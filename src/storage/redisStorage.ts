// botbuilder Storage on Redis with optimistic concurrency (documented on the class).
import type { Storage, StoreItems } from 'botbuilder-core';
import { tenantKey } from '../redis/tenantKey.js';
import { eTagConflict } from './eTagConflict.js';
import { writeConditionOf } from './memoryStorage.js';
import type { RedisScriptClient } from '../redis/luaScript.js';
import { DELETE_SCRIPT, READ_SCRIPT, WRITE_SCRIPT } from './redisStorageScripts.js';
import { decodeStateValue, encodeStateValue, newETag } from './stateCodec.js';

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
 * Keys: `hubbot:{tenant}:state:<key>`, a hash of the eTag (`e`) and the JSON (`d`, shortened by
 * stateCodec.ts; plain JSON from earlier versions reads as it is). With `ttlSeconds`, an item
 * expires that long after its last write (reads do not extend it).
 */
export class RedisStorage implements Storage {
  private readonly client: RedisScriptClient;
  private readonly tenant: string;
  private readonly ttlMs: number;

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

  /** The Redis key holding a storage key's item. */
  keyOf(key: string): string {
    return tenantKey(this.tenant, 'state', key);
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
    const reply = (await READ_SCRIPT.run(this.client, keys.map((k) => this.keyOf(k)), [])) as Array<[string | null, string | null]>;
    keys.forEach((key, i) => {
      const [eTag, json] = reply[i] ?? [null, null];
      if (eTag === null || json === null) return;
      items[key] = { ...(JSON.parse(decodeStateValue(json, key)) as object), eTag };
    });
    return items;
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
      args.push(expected, newETag(), encodeStateValue(JSON.stringify(doc), key));
    }
    const conflictAt = Number(await WRITE_SCRIPT.run(this.client, keys.map((k) => this.keyOf(k)), args));
    if (conflictAt > 0) throw eTagConflict(keys[conflictAt - 1]);
  }

  /**
   * Deletes items by key, whatever their eTag; a key with nothing stored is ignored.
   *
   * @param keys - the storage keys to delete
   */
  async delete(keys: string[]): Promise<void> {
    if (!keys) throw new ReferenceError('Keys are required when deleting.');
    if (keys.length === 0) return;
    await DELETE_SCRIPT.run(this.client, keys.map((k) => this.keyOf(k)), []);
  }
}
