/**
 * The cache of the portal's static lists: casebase releases, profiles, clusters (spec 8.7,
 * L7: "cache static lists", which also spares the rate budget). Entries live `ttlMs`; the
 * knowledge-event handlers call `invalidate()` when the portal's content changes, so a new
 * release shows without waiting for the TTL. Keys are built by the caller and include the
 * portal, the operation and its path, the languages and the page.
 *
 * Concurrent misses of one key share one request (the first caller's), so a burst of
 * conversations starting together spends one call. A load that fails is not cached. A load
 * that was in flight when `invalidate()` ran is handed to its callers but not stored, so an
 * invalidation is never undone by an answer that predates it.
 *
 * Time is `Date.now()`, so sinon fake timers drive expiry in tests.
 */
export interface StaticListCacheOptions {
  /** Time to live of an entry; default 5 minutes. 0 disables caching. */
  ttlMs?: number;
  /** At most this many entries; the oldest goes first. Default 500. */
  maxEntries?: number;
}

export const DEFAULT_STATIC_LIST_TTL_MS = 5 * 60 * 1000;

interface Entry {
  value: unknown;
  expiresAt: number;
}

export class StaticListCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(opts: StaticListCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? DEFAULT_STATIC_LIST_TTL_MS;
    this.maxEntries = opts.maxEntries ?? 500;
  }

  /** The cached value of `key`, or the result of `load()` (then cached for ttlMs). */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as T;
    if (hit) this.entries.delete(key);
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;

    const generation = this.generation;
    const p = load().then(
      (value) => {
        if (this.inFlight.get(key) === p) this.inFlight.delete(key);
        if (generation === this.generation) this.store(key, value);
        return value;
      },
      (err: unknown) => {
        if (this.inFlight.get(key) === p) this.inFlight.delete(key);
        throw err;
      },
    );
    this.inFlight.set(key, p);
    return p;
  }

  /**
   * Drops entries: all of them, or those whose key starts with `prefix` (keys start with the
   * portal id, so one portal's lists can be dropped alone). The invalidation hook of L7.
   */
  invalidate(prefix?: string): void {
    this.generation++;
    for (const key of [...this.entries.keys()]) if (prefix === undefined || key.startsWith(prefix)) this.entries.delete(key);
    for (const key of [...this.inFlight.keys()]) if (prefix === undefined || key.startsWith(prefix)) this.inFlight.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
