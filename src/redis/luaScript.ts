/**
 * A Lua script run on any node-redis client: EVALSHA first (only the 40-character hash
 * travels), and when Redis does not know the script yet (first use, restart, failover) one
 * EVAL that sends it and caches it for the next EVALSHA.
 *
 * node-redis can do this itself through `createClient({ scripts })`, but that ties the scripts
 * to the place where the connection is created; the stores here take any connection made by
 * the shared helper (redisConnection.ts) instead. Every Redis-backed store of the project
 * (rate buckets, state, inbox, knowledge events) runs its scripts through this class.
 *
 * On a Redis Cluster the client sends the script to the master of its first key, so all its
 * keys must be in that key's hash slot (D2): `run` refuses keys of different slots before
 * anything is sent, on one node as on a cluster, so a wrong key builder fails in every test.
 */
import { createHash } from 'node:crypto';
import { requireOneSlot } from './hashSlot.js';

/** What a store needs of a node-redis client (a client or a cluster client both fit). */
export interface RedisScriptClient {
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export class LuaScript {
  /** Every script created, so a test can require each one to be checked on a cluster (D2). */
  static readonly created = new Set<LuaScript>();
  readonly sha1: string;
  /** The module that created the script (a line of the stack), to tell the product's scripts from a test's. */
  readonly createdIn: string;

  constructor(readonly source: string) {
    this.sha1 = createHash('sha1').update(source).digest('hex');
    this.createdIn = new Error().stack?.split('\n')[2]?.trim() ?? '';
    LuaScript.created.add(this);
  }

  async run(client: RedisScriptClient, keys: string[], args: string[]): Promise<unknown> {
    requireOneSlot(keys, `Lua script ${this.sha1.slice(0, 8)}`);
    const options = { keys, arguments: args };
    try {
      return await client.evalSha(this.sha1, options);
    } catch (err) {
      if (!String((err as Error)?.message ?? '').startsWith('NOSCRIPT')) throw err;
      return client.eval(this.source, options);
    }
  }
}
