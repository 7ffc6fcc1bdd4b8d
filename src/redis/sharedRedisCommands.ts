// The Redis commands every user of the shared connection calls (documented on the class).
import type { RedisConnection } from './redisConnection.js';

/** A script's keys and arguments, as node-redis takes them. */
export type ScriptOptions = { keys: string[]; arguments: string[] };
type SetOptions = Parameters<RedisConnection['set']>[2];

/** The commands the project uses, which a node-redis client and a cluster client both have. */
export interface SharedRedisCommandClient {
  /** Redis `EVALSHA`. */
  evalSha(sha1: string, options: ScriptOptions): Promise<unknown>;
  /** Redis `EVAL`. */
  eval(script: string, options: ScriptOptions): Promise<unknown>;
  /** Redis `SET`. */
  set(key: string, value: string, options?: SetOptions): Promise<unknown>;
  /** Redis `GET`. */
  get(key: string): Promise<string | null>;
  /** Redis `EXISTS`. */
  exists(key: string): Promise<number>;
  /** Redis `DEL`. */
  del(keys: string[]): Promise<number>;
  /** Redis `PTTL`. */
  pTTL(key: string): Promise<number>;
  /** Redis `XLEN`. */
  xLen(key: string): Promise<number>;
  /** Redis `HLEN`. */
  hLen(key: string): Promise<number>;
  /** Redis `HGETALL`. */
  hGetAll(key: string): Promise<Record<string, string>>;
  /** Redis `HMGET`. */
  hmGet(key: string, fields: string[]): Promise<(string | null)[]>;
  /** Redis `HINCRBY`. */
  hIncrBy(key: string, field: string, increment: number): Promise<number>;
  /** Redis `HSET of one field`. */
  hSet(key: string, field: string, value: string): Promise<number>;
  /** Redis `EXPIRE`. */
  expire(key: string, seconds: number): Promise<number>;
}

/**
 * The commands the project uses, which a node-redis client and a cluster client both have: each
 * is passed as it is to the one the settings named, so a user of `SharedRedis` never knows which
 * it has. Kept apart from the connection's lifecycle and its pub/sub (sharedRedis.ts).
 */
export class SharedRedisCommands implements SharedRedisCommandClient {
  /** @param commands - a node-redis client or a cluster client */
  protected constructor(private readonly commands: SharedRedisCommandClient) {}

  /**
   * Runs a loaded Lua script by its SHA1 (`EVALSHA`).
   *
   * @param sha1 - the script's SHA1
   * @param options - its keys and arguments
   */
  evalSha(sha1: string, options: ScriptOptions): Promise<unknown> {
    return this.commands.evalSha(sha1, options);
  }
  /**
   * Runs a Lua script (`EVAL`).
   *
   * @param script - the script
   * @param options - its keys and arguments
   */
  eval(script: string, options: ScriptOptions): Promise<unknown> {
    return this.commands.eval(script, options);
  }
  /**
   * Redis `SET`.
   *
   * @param key - the key
   * @param value - the value
   * @param options - expiry and conditions
   */
  set(key: string, value: string, options?: SetOptions): Promise<unknown> {
    return this.commands.set(key, value, options);
  }
  /**
   * Redis `GET`.
   *
   * @param key - the key
   */
  get(key: string): Promise<string | null> {
    return this.commands.get(key);
  }
  /**
   * Redis `EXISTS`.
   *
   * @param key - the key
   */
  exists(key: string): Promise<number> {
    return this.commands.exists(key);
  }
  /**
   * Keys of one slot only on a cluster (one tenant's keys are).
   *
   * @param keys - the keys to delete
   */
  del(keys: string[]): Promise<number> {
    return this.commands.del(keys);
  }
  /**
   * Redis `PTTL`: the key's time to live in ms.
   *
   * @param key - the key
   */
  pTTL(key: string): Promise<number> {
    return this.commands.pTTL(key);
  }
  /**
   * Redis `XLEN`: a stream's length.
   *
   * @param key - the stream's key
   */
  xLen(key: string): Promise<number> {
    return this.commands.xLen(key);
  }
  /**
   * Redis `HLEN`: a hash's field count.
   *
   * @param key - the hash's key
   */
  hLen(key: string): Promise<number> {
    return this.commands.hLen(key);
  }
  /**
   * Redis `HGETALL`.
   *
   * @param key - the hash's key
   */
  hGetAll(key: string): Promise<Record<string, string>> {
    return this.commands.hGetAll(key);
  }
  /**
   * Redis `HMGET`.
   *
   * @param key - the hash's key
   * @param fields - the fields to read
   */
  hmGet(key: string, fields: string[]): Promise<(string | null)[]> {
    return this.commands.hmGet(key, fields);
  }
  /**
   * HINCRBY: adds `increment` to a hash field (created at 0).
   *
   * @param key - the hash
   * @param field - the field
   * @param increment - what to add
   * @returns the field's new value
   */
  hIncrBy(key: string, field: string, increment: number): Promise<number> {
    return this.commands.hIncrBy(key, field, increment);
  }

  /**
   * HSET of one field.
   *
   * @param key - the hash
   * @param field - the field
   * @param value - its value
   * @returns 1 when the field is new, 0 when it was replaced
   */
  hSet(key: string, field: string, value: string): Promise<number> {
    return this.commands.hSet(key, field, value);
  }

  /**
   * EXPIRE: the key is deleted after `seconds`.
   *
   * @param key - the key
   * @param seconds - its time to live
   * @returns 1 when the time was set, 0 when the key does not exist
   */
  expire(key: string, seconds: number): Promise<number> {
    return this.commands.expire(key, seconds);
  }
}
