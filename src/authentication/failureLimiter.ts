/**
 * Counts failed credential checks per key (a caller's address, a client id) and blocks a key
 * that fails too often. A blocked key only changes how a *wrong* secret is answered (429-001
 * instead of 401): the token endpoint checks the secret first, and the right secret is never
 * refused because of anyone's failures (S2 of docs/platform-contract.md).
 *
 * Per key: at most `maxFailures` failures in a fixed window of `windowMs`; the next one blocks
 * the key for `blockMs`. While a key is blocked its failures are not counted (the block does not
 * grow), and when the block ends the key starts afresh.
 *
 * Two implementations with one behaviour (the shared contract suite runs on both): this one, in
 * one process's memory, and RedisFailureLimiter, shared by every replica of a tenant.
 */
export interface FailureLimiterOptions {
  /** Failures allowed per key and window; the next one blocks the key. Default 10. */
  maxFailures?: number;
  /** Window length in ms; default 60 000. */
  windowMs?: number;
  /** How long a key stays blocked, in ms; default 300 000 (5 minutes). */
  blockMs?: number;
  /** Clock in ms (Date.now by default, so sinon fake timers drive it). */
  now?: () => number;
}

/**
 * Counts failed credential checks per key (a caller's address, a client id) and blocks a key that
 * fails too often (S2). A block only changes how a wrong secret is answered (429 instead of 401):
 * the right secret is never refused.
 */
export interface FailureLimiter {
  /**
   * Counts one failure against every key that is not blocked. Answers the seconds to wait when
   * any key is blocked, this failure included (the caller answers 429 with Retry-After), else
   * undefined (the caller answers 401).
    *
    * @param keys - the keys of the failed attempt (address, client id)
    */
  recordFailure(keys: readonly string[]): Promise<number | undefined>;
}

export const DEFAULT_FAILURE_LIMITS = { maxFailures: 10, windowMs: 60_000, blockMs: 300_000 } as const;

/** One key's state; `blockedUntil` 0 when not blocked. Kept in this shape by both implementations. */
export interface FailureWindow {
  count: number;
  windowEndsAt: number;
  blockedUntil: number;
}

/**
 * The rule both implementations apply (the Redis one runs the same steps in Lua): returns the
 * key's next state and the ms it is blocked for (0 when not blocked).
 */
export function countFailure(w: FailureWindow | undefined, now: number, limits: typeof DEFAULT_FAILURE_LIMITS): { next: FailureWindow; blockedMs: number } {
  const cur = w ?? { count: 0, windowEndsAt: 0, blockedUntil: 0 };
  if (cur.blockedUntil > now) return { next: cur, blockedMs: cur.blockedUntil - now };
  const fresh = cur.windowEndsAt <= now;
  const next = { count: (fresh ? 0 : cur.count) + 1, windowEndsAt: fresh ? now + limits.windowMs : cur.windowEndsAt, blockedUntil: 0 };
  if (next.count <= limits.maxFailures) return { next, blockedMs: 0 };
  return { next: { count: 0, windowEndsAt: next.windowEndsAt, blockedUntil: now + limits.blockMs }, blockedMs: limits.blockMs };
}

export function resolveFailureLimits(opts: FailureLimiterOptions): typeof DEFAULT_FAILURE_LIMITS {
  const limits = {
    maxFailures: opts.maxFailures ?? DEFAULT_FAILURE_LIMITS.maxFailures,
    windowMs: opts.windowMs ?? DEFAULT_FAILURE_LIMITS.windowMs,
    blockMs: opts.blockMs ?? DEFAULT_FAILURE_LIMITS.blockMs,
  };
  if (!(limits.maxFailures >= 1 && limits.windowMs >= 1 && limits.blockMs >= 1)) throw new RangeError('failure limits must be positive');
  return limits as typeof DEFAULT_FAILURE_LIMITS;
}

/** Seconds to wait, rounded up; undefined when not blocked. */
export function waitSeconds(blockedMs: number): number | undefined {
  return blockedMs > 0 ? Math.ceil(blockedMs / 1000) : undefined;
}

/** The limits of the in-memory failure limiter, and how many keys it tracks. */
export interface MemoryFailureLimiterOptions extends FailureLimiterOptions {
  /** Most keys tracked at once; default 10 000 (an attacker rotating addresses cannot grow the map without limit). */
  maxKeys?: number;
}

/**
 * One process's counts: each replica limits on its own. Use RedisFailureLimiter with several replicas.
 *
 * @param opts - the limits and the key bound; defaults 10 failures a minute, then a 5-minute block
 */
export function createFailureLimiter(opts: MemoryFailureLimiterOptions = {}): FailureLimiter {
  const limits = resolveFailureLimits(opts);
  const maxKeys = opts.maxKeys ?? 10_000;
  const now = opts.now ?? (() => Date.now());
  const windows = new Map<string, FailureWindow>();

  const makeRoom = (t: number): void => {
    for (const [key, w] of windows) if (w.windowEndsAt <= t && w.blockedUntil <= t) windows.delete(key);
    // Still full: drop the oldest entries (a Map iterates in insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    async recordFailure(keys) {
      const t = now();
      let blockedMs = 0;
      for (const key of keys) {
        const { next, blockedMs: ms } = countFailure(windows.get(key), t, limits);
        if (!windows.has(key) && windows.size >= maxKeys) makeRoom(t);
        windows.set(key, next);
        blockedMs = Math.max(blockedMs, ms);
      }
      return waitSeconds(blockedMs);
    },
  };
}
