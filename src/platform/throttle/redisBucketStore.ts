// Rate buckets on Redis (documented on the declaration).
import type { BucketStore } from './bucketStore.js';
import { BUCKET_SCRIPT } from './bucketScript.js';
import type { RedisScriptClient } from '../../redis/luaScript.js';

export type { RedisScriptClient };

/**
 * Rate buckets in Redis, shared by every replica of a tenant (L8). One round trip per call:
 * `acquire` reserves and, when the slot is now, departs in the same round trip;
 * the bucket script (bucketScript.ts) through LuaScript (EVALSHA, EVAL when Redis does not know
 * it yet). Scripts are routed by their key, so this works against a cluster client too.
 */
export class RedisBucketStore implements BucketStore {
  /** @param client - a connected node-redis client (or cluster client) */
  constructor(private readonly client: RedisScriptClient) {}

  /** {@inheritDoc BucketStore.reserve} */
  async reserve(key: string, intervalMs: number): Promise<number> {
    return this.run(key, 'reserve', intervalMs);
  }

  /** {@inheritDoc BucketStore.penalize} */
  async penalize(key: string, penaltyMs: number): Promise<void> {
    await this.run(key, 'penalize', penaltyMs);
  }

  /** {@inheritDoc BucketStore.depart} */
  async depart(key: string, intervalMs: number): Promise<number> {
    return this.run(`${key}:departed`, 'depart', intervalMs);
  }

  /** {@inheritDoc BucketStore.acquire} */
  async acquire(key: string, intervalMs: number, minGapMs: number, lateFor?: string): Promise<{ waitMs: number; departed: boolean; slot?: string; storeNow?: number }> {
    for (const ms of [intervalMs, minGapMs]) if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`bucket acquire: ms must be a finite number >= 0, got ${ms}`);
    const [waitMs, departed, slot, storeNow] = (await BUCKET_SCRIPT.run(this.client, [key, `${key}:departed`], ['acquire', String(intervalMs), String(minGapMs), lateFor ?? ''])) as [number, number, string?, string?];
    return { waitMs: Number(waitMs), departed: Number(departed) === 1, ...(slot === undefined ? {} : { slot: String(slot) }), ...(storeNow === undefined ? {} : { storeNow: Number(storeNow) }) };
  }

  private async run(key: string, op: 'reserve' | 'penalize' | 'depart', ms: number): Promise<number> {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`bucket ${op}: ms must be a finite number >= 0, got ${ms}`);
    return Number(await BUCKET_SCRIPT.run(this.client, [key], [op, String(ms)]));
  }
}
