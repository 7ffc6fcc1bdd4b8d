/**
 * The send schedule of an open-loop load generator. Request i is due at
 * `start + i * 1000 / rate`, every due time computed from the one start instant, not from the
 * previous send: a late timer then delays the requests already due (they leave together as soon
 * as the generator wakes) but never pushes the rest of the run later, so the achieved rate does
 * not drift below the target.
 *
 * Each request's latency is to be counted from its due time, not from when it actually left:
 * a stall of the server, or of the machine under the generator, then shows in the latencies
 * instead of silently thinning the load (coordinated omission). How late each send left
 * (`sendLagMs`) is kept apart, so the report can tell the generator's own delays from the
 * server's.
 */
import { performance } from 'node:perf_hooks';

/** When request `index` is due, on the clock `startMs` was read from. */
export function dueAtMs(startMs: number, index: number, rate: number): number {
  return startMs + (index * 1000) / rate;
}

/**
 * How many of `count` requests are due `elapsedMs` after the start (request 0 is due at once).
 * The epsilon keeps it consistent with dueAtMs where `i * 1000 / rate * rate / 1000` rounds
 * just below i.
 */
export function dueCount(elapsedMs: number, rate: number, count: number): number {
  if (elapsedMs < 0) return 0;
  return Math.min(count, Math.floor((elapsedMs * rate) / 1000 + 1e-9) + 1);
}

export interface ScheduleRun {
  /** The start instant every due time is computed from (performance.now() of this process). */
  startMs: number;
  /** When the last request was handed to `send`. */
  lastSendMs: number;
  /** Per request, how long after its due time it was handed to `send`, ms. */
  sendLagMs: number[];
}

/**
 * Calls `send(i, dueAt)` for i = 0 … count-1, each at (or as soon as possible after) its due
 * time; resolves when the last one has been handed over (not when it is answered). Between
 * sends it sleeps on a timer up to the next due time rather than spinning: on a shared machine
 * a busy-waiting generator would take CPU from the server it measures.
 */
export function runSchedule(count: number, rate: number, send: (index: number, dueAt: number) => void): Promise<ScheduleRun> {
  const sendLagMs: number[] = new Array(count);
  const startMs = performance.now();
  let next = 0;
  return new Promise((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      const due = dueCount(now - startMs, rate, count);
      while (next < due) {
        const dueAt = dueAtMs(startMs, next, rate);
        sendLagMs[next] = Math.max(0, performance.now() - dueAt);
        send(next++, dueAt);
      }
      if (next >= count) return resolve({ startMs, lastSendMs: performance.now(), sendLagMs });
      setTimeout(tick, Math.max(0, dueAtMs(startMs, next, rate) - performance.now()));
    };
    if (count === 0) resolve({ startMs, lastSendMs: startMs, sendLagMs });
    else tick();
  });
}

/** The rate the requests of a run actually left at: first to last send (not to the last answer). */
export function sentRate(run: ScheduleRun): number {
  const count = run.sendLagMs.length;
  const spanMs = run.lastSendMs - run.startMs;
  return count <= 1 || spanMs <= 0 ? count : ((count - 1) * 1000) / spanMs;
}
