/**
 * Counts failed credential checks per key (a client id, a remote address) in a fixed window,
 * so that guessing a client secret is slowed to a handful of tries a minute. Kept in memory:
 * each replica limits on its own, which bounds guessing at `replicas × maxFailures` a window,
 * still far too slow for a 16+ character secret.
 *
 * The map is bounded (`maxKeys`): an attacker rotating addresses cannot grow it without limit;
 * expired windows are dropped first, then the oldest entries.
 */
export interface FailureLimiterOptions {
  /** Failures allowed per key and window before refusing; default 10. */
  maxFailures?: number;
  /** Window length in ms; default 60 000. */
  windowMs?: number;
  /** Most keys tracked at once; default 10 000. */
  maxKeys?: number;
  /** Clock in ms (Date.now by default, so sinon fake timers drive it). */
  now?: () => number;
}

export interface FailureLimiter {
  /** Seconds until the caller may try again when any of `keys` is over the limit, else undefined. */
  blockedFor(keys: readonly string[]): number | undefined;
  /** Counts one failure against every key. */
  recordFailure(keys: readonly string[]): void;
}

interface Window {
  count: number;
  resetAt: number;
}

export function createFailureLimiter(opts: FailureLimiterOptions = {}): FailureLimiter {
  const maxFailures = opts.maxFailures ?? 10;
  const windowMs = opts.windowMs ?? 60_000;
  const maxKeys = opts.maxKeys ?? 10_000;
  const now = opts.now ?? (() => Date.now());
  const windows = new Map<string, Window>();

  const prune = (t: number): void => {
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
    // Still full: drop the oldest entries (a Map iterates in insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    blockedFor(keys) {
      const t = now();
      let waitMs = 0;
      for (const key of keys) {
        const w = windows.get(key);
        if (w && w.resetAt > t && w.count >= maxFailures) waitMs = Math.max(waitMs, w.resetAt - t);
      }
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : undefined;
    },
    recordFailure(keys) {
      const t = now();
      for (const key of keys) {
        const w = windows.get(key);
        if (w && w.resetAt > t) {
          w.count += 1;
          continue;
        }
        windows.delete(key);
        if (windows.size >= maxKeys) prune(t);
        windows.set(key, { count: 1, resetAt: t + windowMs });
      }
    },
  };
}
