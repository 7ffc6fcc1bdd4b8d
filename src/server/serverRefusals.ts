/**
 * Refusals made below the routes, reported like the routes' own (S14): the 408s of slow
 * clients, the 400/431 of malformed HTTP and the 429s of the caps on unauthenticated requests are
 * each counted in hubbot_refusals_total under the route they were meant for, and logged through
 * the rate-limited refusal log. Without this, 900 refused token requests left a count of 6.
 */
import type { Config } from '../config/config.js';
import { DEFAULT_TOKEN_PATH } from '../authentication/tokenEndpoint.js';
import type { RefusalLog } from '../observability/refusalLog.js';
import type { OnConnectionRefused } from '../httpServer/slowClientLimits.js';

/** The route label of a path: one of a few fixed names, never the path itself (unbounded label values). */
export function refusalRouteOf(cfg: Pick<Config, 'BOT_CALLBACK_PATH' | 'BOT_WEBHOOK_PATH'>, path: string | undefined): string {
  if (path === undefined) return 'connection';
  if (path === cfg.BOT_CALLBACK_PATH) return 'callback';
  if (path === DEFAULT_TOKEN_PATH) return 'token';
  if (path === cfg.BOT_WEBHOOK_PATH) return 'webhook';
  return 'other';
}

const REASONS: Record<number, string> = {
  408: 'request refused: it did not arrive in time',
  503: 'connection refused: every connection is busy with a request that has fully arrived',
};

export function reportConnectionRefusals(cfg: Pick<Config, 'BOT_CALLBACK_PATH' | 'BOT_WEBHOOK_PATH'>, refusals: RefusalLog): OnConnectionRefused {
  return ({ status, path, address }) =>
    refusals(refusalRouteOf(cfg, path), { status, address }, REASONS[status] ?? 'request refused: not valid HTTP');
}

/** For an unauthenticated cap: its 429s counted and logged under `route`. */
export function reportCapRefusals(route: string, refusals: RefusalLog): (address: string, how: 'refused' | 'shed') => void {
  return (address, how) =>
    how === 'shed'
      ? refusals(route, { status: 408, address }, 'slow request shed: its address had too many unfinished requests in flight')
      : refusals(route, { status: 429, address }, 'request refused: too many unauthenticated requests in flight from this address');
}
