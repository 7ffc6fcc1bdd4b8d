/**
 * The store's clock as seen from this process, to tell when a slot the store handed out falls
 * on this process's clock (T8). Each answer carries the store's time when its script ran; that
 * time less the local time the answer was read is the clocks' offset less how long the answer
 * took to be read. The largest such value over recent answers is the offset less the shortest
 * such delay (well under a millisecond on a quiet connection), so one answer read late (a
 * stall after the script ran) shows as that much below it.
 *
 * Errors only make callers think they are later than they are (one more round trip, never an
 * early departure): a stalled answer only lowers a sample, and the estimate forgets samples
 * after two windows, so a step of either clock is followed within them. Until a few answers
 * have been seen the offset is not trusted and the caller counts from before it asked.
 */
const WINDOW_MS = 30_000;
/** Answers seen before the offset is trusted: one answer read late would set it too low. */
const TRUSTED_AFTER = 3;

export class StoreClock {
  private current = -Infinity;
  private previous = -Infinity;
  private windowStart = -Infinity;
  private seen = 0;

  /** Notes an answer: the store's time in it, and the local time it was read. */
  observe(storeNow: number, readAt: number): void {
    if (!Number.isFinite(storeNow)) return;
    if (readAt - this.windowStart >= WINDOW_MS) {
      this.previous = this.current;
      this.current = -Infinity;
      this.windowStart = readAt;
    }
    this.current = Math.max(this.current, storeNow - readAt);
    this.seen++;
  }

  /** A time of the store's clock on this process's clock; undefined until enough answers were seen. */
  toLocal(storeTime: number): number | undefined {
    const offset = Math.max(this.current, this.previous);
    return this.seen >= TRUSTED_AFTER && Number.isFinite(offset) ? storeTime - offset : undefined;
  }
}
