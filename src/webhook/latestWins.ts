// The latestWins rxjs operator (documented on the function).
import { Observable, type MonoTypeOperatorFunction } from 'rxjs';

/** How much `latestWins` remembers. */
export interface LatestWinsOptions {
  /** Keys remembered at most; default 10,000. */
  maxKeys?: number;
}

/**
 * rxjs operator for handlers that must not assume arrival order (W6, spec 6.6): of the events
 * sharing a key (an article id, say), it drops one older than the newest already let through.
 * "Older" uses the time the event carries (`event.time`); events without a time, or without a
 * key, always pass, since nothing can be said about their order.
 *
 * The memory of the newest time per key belongs to one subscription and is bounded by
 * `maxKeys` (the least recently updated key is forgotten first). It sees only the events this
 * replica handles; state that must be right across replicas belongs in a shared store (see
 * DeletedArticles, which compares times in Redis).
 *
 * @param keyOf - the key events are compared under (an article id, say); undefined lets the event pass
 * @param opts - how many keys are remembered; default 10,000
 */
export function latestWins<E extends { time?: Date }>(keyOf: (event: E) => string | undefined, opts: LatestWinsOptions = {}): MonoTypeOperatorFunction<E> {
  const maxKeys = opts.maxKeys ?? 10_000;
  return (source) =>
    new Observable<E>((subscriber) => {
      const newest = new Map<string, number>();
      return source.subscribe({
        next(event) {
          const key = keyOf(event);
          const t = event.time?.getTime();
          if (key === undefined || t === undefined || Number.isNaN(t)) return subscriber.next(event);
          const seen = newest.get(key);
          if (seen !== undefined && t < seen) return; // an older event arriving late
          newest.delete(key);
          newest.set(key, t);
          if (newest.size > maxKeys) newest.delete(newest.keys().next().value as string);
          subscriber.next(event);
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
    });
}
