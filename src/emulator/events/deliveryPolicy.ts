/**
 * The delivery rules of spec 6 (W9): a read timeout after 10 s; only 429, 502, 503 or a read
 * timeout are retried, at most 3 times, 30 s apart; 204 is success; any other answer ends the
 * delivery. A connection that cannot be made at all (refused, reset) is not a read timeout and
 * is not retried: the rules name only those four, and a read timeout is the one case where the
 * receiver may be working on the event. Times scale by one factor so tests can run the same
 * rules in milliseconds.
 */
export const READ_TIMEOUT_MS = 10_000;
export const RETRY_INTERVAL_MS = 30_000;
export const MAX_RETRIES = 3;
export const RETRIED_STATUSES: readonly number[] = [429, 502, 503];

export interface DeliveryTimings {
  readTimeoutMs: number;
  retryIntervalMs: number;
  maxRetries: number;
}

/** The timings at `timeScale` (1 = the platform's; 0.01 = a hundred times faster). */
export function deliveryTimings(timeScale = 1): DeliveryTimings {
  if (!(timeScale > 0 && timeScale <= 1)) throw new RangeError('timeScale must be in (0, 1]');
  return { readTimeoutMs: READ_TIMEOUT_MS * timeScale, retryIntervalMs: RETRY_INTERVAL_MS * timeScale, maxRetries: MAX_RETRIES };
}

/** What one attempt gave. */
export type AttemptResult = { kind: 'status'; status: number } | { kind: 'timeout' } | { kind: 'unreachable'; reason: string };

/** Retried: 429, 502, 503 and a read timeout; a refused or reset connection ends the delivery (W9). */
export function isRetried(r: AttemptResult): boolean {
  return r.kind === 'timeout' || (r.kind === 'status' && RETRIED_STATUSES.includes(r.status));
}
