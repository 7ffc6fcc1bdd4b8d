/**
 * Where rate buckets live (L2, L8). Keys are whole bucket names (tenant, service, method and
 * path template are already in them); a store only keeps one TAT per key (gcra.ts). The
 * memory store serves one process; the Redis store is shared by every replica of a tenant.
 */
export interface BucketStore {
  /**
   * Reserves the next slot of bucket `key`, refilling one token every `intervalMs`, and
   * returns how many milliseconds the caller must wait before sending (0: send now).
    *
    * @param key - the bucket
    * @param intervalMs - the bucket's refill interval
    */
  reserve(key: string, intervalMs: number): Promise<number>;
  /**
   * After a 429: pushes the bucket's next slot to at least `penaltyMs` from now, for every caller.
   *
   * @param key - the bucket
   * @param penaltyMs - how long every caller waits
   */
  penalize(key: string, penaltyMs: number): Promise<void>;
  /**
   * Called when the caller is about to send: returns 0 and records now as the bucket's last
   * departure when the previous departure was at least `intervalMs` ago; otherwise the
   * milliseconds still to wait (nothing recorded). Spaces what the platform sees (T8).
    *
    * @param key - the bucket
    * @param intervalMs - the least time between two departures
    */
  depart(key: string, intervalMs: number): Promise<number>;
  /**
   * `reserve` and `depart` in one step (one round trip on Redis): reserves the next slot, no
   * earlier than `minGapMs` after the last departure, and records the slot (now or `waitMs`
   * from now) as the departure (`departed`: leave at the slot, no `depart` call). A caller that
   * wakes too late for its slot acquires again with `lateFor` (the `slot` it was given): when no
   * slot was handed out since, it leaves now (waitMs 0), else it gets a new slot after those. A
   * store that answers `departed: false` leaves the caller to wait `waitMs` and call `depart` as
   * after `reserve`. Optional: a store without it is used through `reserve` and `depart`. The
   * answer's `slot` is the slot on the store's clock (ms, as text, as recorded) and `storeNow`
   * the store's time when it answered: with them the caller places the slot on its own clock.
   *
   * @param key - the bucket
   * @param intervalMs - the bucket's refill interval
   * @param minGapMs - the least time between two departures
   * @param lateFor - the slot of a caller that woke too late for it
   */
  acquire?(key: string, intervalMs: number, minGapMs: number, lateFor?: string): Promise<{ waitMs: number; departed: boolean; slot?: string; storeNow?: number }>;
}
