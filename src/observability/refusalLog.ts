/**
 * The one limiter of log lines an outside party can cause (S5, S14, S19 of
 * docs/platform-contract.md): refused requests, webhook deliveries aborted before they were
 * recorded or not recorded, replies to conversations the hub has closed, turns a customer's
 * message made fail. Whatever an attacker does, at most
 * `perWindow` such lines are written per window; every string field is cut to a short length
 * (a 15 KB client_id becomes 64 characters and a note). The lines not written are counted by
 * kind and summed up in one summary line at the end of their window (a timer, so the count is
 * written even when the flood stops); every line, written or not, is told to `onRefused` for
 * the metrics, where the full count is kept.
 */
export interface RefusalLogger {
  warn(obj: object, msg: string): void;
  /** For lines of level 'error' (a failed turn); without it they are written with `warn`. */
  error?(obj: object, msg: string): void;
}

export interface RefusalLogOptions {
  /** Lines written per window at most; default 20. */
  perWindow?: number;
  /** Window length, ms; default 10 000. */
  windowMs?: number;
  /** Longest string field kept, characters; default 64. */
  maxFieldLength?: number;
  /** Told of every line, written or not (for a counter). */
  onRefused?: (kind: string) => void;
  now?: () => number;
}

/** Writes (or counts) one outside-caused line of a kind: a route, or what happened; at level warn unless told. */
export type RefusalLog = (kind: string, fields: Record<string, unknown>, msg: string, level?: 'warn' | 'error') => void;

/**
 * Kinds of outside-caused lines that are not refusals: they share the limiter, but their count
 * is kept by another metric (hubbot_sends_total{outcome="dropped"}, hubbot_webhook_events_total
 * {outcome="unavailable"}, hubbot_turns_total), not by hubbot_refusals_total.
 */
export const NOT_REFUSALS: ReadonlySet<string> = new Set(['closed-conversation', 'webhook-unrecorded', 'turn-failed']);

/**
 * The summary's message: lines not written in the window just ended, by kind. Each kind keeps its
 * full count in a metric (refusals in hubbot_refusals_total, the others as NOT_REFUSALS says).
 */
export const SUMMARY_MESSAGE = 'outside-caused log lines not written in the last window, by kind (the metrics count every one)';

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
  let suppressed = new Map<string, number>();
  let summaryTimer: ReturnType<typeof setTimeout> | undefined;

  const summarise = (): void => {
    if (summaryTimer) clearTimeout(summaryTimer);
    summaryTimer = undefined;
    if (suppressed.size === 0) return;
    const byKind = Object.fromEntries(suppressed);
    const total = [...suppressed.values()].reduce((a, b) => a + b, 0);
    suppressed = new Map();
    logger?.warn({ suppressed: total, byKind, windowMs }, SUMMARY_MESSAGE);
  };

  return (kind, fields, msg, level = 'warn') => {
    opts.onRefused?.(kind);
    const t = now();
    if (t - windowStart >= windowMs) {
      summarise();
      windowStart = t;
      written = 0;
    }
    if (written >= perWindow) {
      suppressed.set(kind, (suppressed.get(kind) ?? 0) + 1);
      // The window's summary is due at its end, whether or not another line comes.
      if (!summaryTimer) {
        summaryTimer = setTimeout(summarise, Math.max(0, windowStart + windowMs - t));
        summaryTimer.unref?.();
      }
      return;
    }
    written++;
    const cut = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, truncated(v, max)]));
    if (level === 'error' && logger?.error) logger.error(cut, msg);
    else logger?.warn(cut, msg);
  };
}
