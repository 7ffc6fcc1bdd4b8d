/**
 * GCRA (generic cell rate algorithm) with a burst of 1, as reserve-and-wait. A bucket is one
 * number: its TAT, the theoretical arrival time of the next call. A caller takes the slot
 * max(now, TAT), moves TAT one interval past that slot and waits until the slot comes. Every
 * caller is given a slot, so no call is ever sent early and none draws a 429 (L6), and while
 * work waits the slots are back to back, so the whole budget is used.
 *
 * The same maths runs in Lua for the Redis store (bucketScript.ts); keep the two in step.
 */
export interface Reservation {
  /** Milliseconds to wait before sending. */
  waitMs: number;
  /** The bucket's new TAT. */
  nextTat: number;
}

/**
 * Takes the next slot of a bucket whose TAT is `tat` (undefined: never used, or expired), and
 * no earlier than `notBefore` when given (one gap after the last real departure: a slot before
 * it would only fail the departure check and cost the caller one more check).
 */
export function reserveSlot(tat: number | undefined, now: number, intervalMs: number, notBefore = now): Reservation {
  const slot = Math.max(tat ?? now, now, notBefore);
  return { waitMs: slot - now, nextTat: slot + intervalMs };
}

/**
 * The departure check (T8): a call leaves only one interval after the bucket's last real
 * departure, whatever slots were reserved. Reservations alone cannot see a caller that woke
 * late: the next caller's slot was handed out before, and would leave less than one interval
 * after it. Returns the milliseconds still to wait (0: leave now, and `now` becomes the last
 * departure).
 */
export function departWait(lastDeparture: number | undefined, now: number, intervalMs: number): number {
  return lastDeparture === undefined ? 0 : Math.max(0, lastDeparture + intervalMs - now);
}

/** After a 429: no slot before `now + penaltyMs`, for every caller of the bucket. */
export function penalizeSlot(tat: number | undefined, now: number, penaltyMs: number): number {
  return Math.max(tat ?? now, now + penaltyMs);
}
