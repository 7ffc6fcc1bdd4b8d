// Rate buckets in memory (documented on the declaration).
import type { BucketStore } from './bucketStore.js';
import { departWait, penalizeSlot, reserveSlot } from './gcra.js';

/** The clock of a `MemoryBucketStore`, and how many buckets it keeps. */
export interface MemoryBucketStoreOptions {
  /** Milliseconds clock; default Date.now, looked up at each call so sinon fake timers apply. */
  now?: () => number;
}

/** Above this many buckets, expired ones are swept (a bucket whose TAT has passed holds nothing). */
const SWEEP_ABOVE = 1000;

/**
 * Rate buckets in this process's memory: the embedded default, right for one replica only
 * (several replicas each with their own buckets would together exceed the tenant's rate; use
 * RedisBucketStore for them, L8).
 */
export class MemoryBucketStore implements BucketStore {
  private readonly tats = new Map<string, number>();
  private readonly departures = new Map<string, number>();
  private readonly now: () => number;

  /** @param opts - the clock and bounds */
  constructor(opts: MemoryBucketStoreOptions = {}) {
    this.now = opts.now ?? (() => Date.now());
  }

  /** {@inheritDoc BucketStore.reserve} */
  async reserve(key: string, intervalMs: number): Promise<number> {
    const now = this.now();
    if (this.tats.size > SWEEP_ABOVE) this.sweep(now);
    const { waitMs, nextTat } = reserveSlot(this.tats.get(key), now, intervalMs);
    this.tats.set(key, nextTat);
    return waitMs;
  }

  /** {@inheritDoc BucketStore.penalize} */
  async penalize(key: string, penaltyMs: number): Promise<void> {
    const now = this.now();
    this.tats.set(key, penalizeSlot(this.tats.get(key), now, penaltyMs));
  }

  /** {@inheritDoc BucketStore.depart} */
  async depart(key: string, intervalMs: number): Promise<number> {
    const now = this.now();
    const waitMs = departWait(this.departures.get(key), now, intervalMs);
    if (waitMs === 0) this.departures.set(key, now);
    return waitMs;
  }

  /** {@inheritDoc BucketStore.acquire} */
  async acquire(key: string, intervalMs: number, minGapMs: number, lateFor?: string): Promise<{ waitMs: number; departed: boolean; slot?: string; storeNow?: number }> {
    const now = this.now();
    if (this.tats.size > SWEEP_ABOVE) this.sweep(now);
    const last = this.departures.get(key);
    if (lateFor !== undefined && last !== undefined && String(last) === lateFor) {
      // Late for its slot, and no slot handed out since: it leaves now.
      this.tats.set(key, Math.max(this.tats.get(key) ?? now, now + intervalMs));
      this.departures.set(key, now);
      return { waitMs: 0, departed: true, slot: String(now), storeNow: now };
    }
    const { waitMs, nextTat } = reserveSlot(this.tats.get(key), now, intervalMs, last === undefined ? now : last + minGapMs);
    this.tats.set(key, nextTat);
    this.departures.set(key, now + waitMs);
    return { waitMs, departed: true, slot: String(now + waitMs), storeNow: now };
  }

  private sweep(now: number): void {
    for (const [key, tat] of this.tats) if (tat <= now) this.tats.delete(key);
    // A departure older than any interval of the table (6250 ms at most) constrains nothing.
    for (const [key, at] of this.departures) if (at < now - 60_000) this.departures.delete(key);
  }
}
