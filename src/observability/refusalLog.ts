/**
 * Logs of refused requests that an attacker cannot use to flood the log (S5 of
 * docs/platform-contract.md): every string field is cut to a short length (a 15 KB client_id
 * becomes 64 characters and a note), and at most `perWindow` refusal lines are written per
 * window; the rest are only counted, through `onRefused`, into the metrics, where the full count
 * is kept.
 */
export interface RefusalLogger {
  warn(obj: object, msg: string): void;
}

export interface RefusalLogOptions {
  /** Lines written per window at most; default 20. */
  perWindow?: number;
  /** Window length, ms; default 10 000. */
  windowMs?: number;
  /** Longest string field kept, characters; default 64. */
  maxFieldLength?: number;
  /** Told of every refusal, written or not (for a counter). */
  onRefused?: (kind: string) => void;
  now?: () => number;
}

export type RefusalLog = (kind: string, fields: Record<string, unknown>, msg: string) => void;

/** A string cut to `max` characters, with how long it was. */
export function truncated(value: unknown, max = 64): unknown {
  if (typeof value !== 'string' || value.length <= max) return value;
  return `${value.slice(0, max)}… (${value.length} characters)`;
}

export function createRefusalLog(logger: RefusalLogger | undefined, opts: RefusalLogOptions = {}): RefusalLog {
  const perWindow = opts.perWindow ?? 20;
  const windowMs = opts.windowMs ?? 10_000;
  const max = opts.maxFieldLength ?? 64;
  const now = opts.now ?? (() => Date.now());
  let windowStart = -Infinity;
  let written = 0;
  let suppressed = 0;
  return (kind, fields, msg) => {
    opts.onRefused?.(kind);
    const t = now();
    if (t - windowStart >= windowMs) {
      if (suppressed > 0) logger?.warn({ suppressed }, 'refusal lines not written in the last window (see hubbot_refusals_total)');
      windowStart = t;
      written = 0;
      suppressed = 0;
    }
    if (written >= perWindow) {
      suppressed++;
      return;
    }
    written++;
    logger?.warn(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, truncated(v, max)])), msg);
  };
}
