/**
 * Rate buckets in Redis, shared by every replica of a tenant (L8). One round trip per call:
 * EVALSHA of the bucket script (bucketScript.ts); when Redis does not have the script yet
 * (first use, restart, failover) one EVAL sends it, which also caches it for the next EVALSHA.
 * EVAL is routed by its key, so this works against a cluster client too.
 */
import type { BucketStore } from './bucketStore.js';
import { BUCKET_SCRIPT, BUCKET_SCRIPT_SHA1 } from './bucketScript.js';

/** What the store needs of a node-redis client (a client or a cluster client both fit). */
export interface RedisScriptClient {
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export class RedisBucketStore implements BucketStore {
  constructor(private readonly client: RedisScriptClient) {}

  async reserve(key: string, intervalMs: number): Promise<number> {
    return this.run(key, 'reserve', intervalMs);
  }

  async penalize(key: string, penaltyMs: number): Promise<void> {
    await this.run(key, 'penalize', penaltyMs);
  }

  private async run(key: string, op: 'reserve' | 'penalize', ms: number): Promise<number> {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`bucket ${op}: ms must be a finite number >= 0, got ${ms}`);
    const options = { keys: [key], arguments: [op, String(ms)] };
    let reply: unknown;
    try {
      reply = await this.client.evalSha(BUCKET_SCRIPT_SHA1, options);
    } catch (err) {
      if (!String((err as Error)?.message ?? '').startsWith('NOSCRIPT')) throw err;
      reply = await this.client.eval(BUCKET_SCRIPT, options);
    }
    return Number(reply);
  }
}
