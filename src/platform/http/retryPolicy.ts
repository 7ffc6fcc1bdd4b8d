/**
 * When the core tries a call again (L5, spec 8.7): after 429, 502, 503 or a timeout, on that
 * endpoint only, waiting 1 s, 2 s, 4 s, then it gives up with the last error. A Retry-After
 * header asking for longer is honoured (up to a minute): the platform knows its bucket better.
 */
import type { PlatformError } from '../../errors/platformError.js';

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];
const MAX_RETRY_AFTER_MS = 60_000;

/** The delay before retry number `retryIndex` (0-based), or undefined when the error is final. */
export function retryDelayMs(err: PlatformError, retryIndex: number, delays: readonly number[] = DEFAULT_RETRY_DELAYS_MS): number | undefined {
  if (!err.retryable || retryIndex >= delays.length) return undefined;
  const asked = err.retryAfterSeconds !== undefined ? Math.min(err.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS) : 0;
  return Math.max(delays[retryIndex], asked);
}

/** Reads a Retry-After header given in seconds (the HTTP-date form is ignored). */
export function parseRetryAfter(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}
