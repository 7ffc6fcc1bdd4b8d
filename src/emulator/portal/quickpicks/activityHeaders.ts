/**
 * The three interaction headers of the portal manager (spec 4.5, P2): x-platform-activity-id
 * (numeric), x-ext-integration-id (numeric tenant id) and x-ext-interaction-id (another CRM's
 * interaction id). Resume-quickpick takes the last two only together (the pairing rule of
 * 4.5, `pairs: true`): a header sent without its partner names the missing partner (400-112).
 * Create and list take any one of the three. A value that is not numeric where it must be is
 * 400-196.
 *
 * The contract writes the vendor's name as "platform" in identifiers (spec, introduction), so
 * the vendor's own client sends the activity header as `x-<vendor>-activity-id`: any header of
 * that form is read as the activity header too (F5, accept both forms on input).
 */
import { PlatformError } from '../../../errors/platformError.js';
import { header } from '../../../httpServer/errorResponse.js';
import type { RouteContext } from '../../../httpServer/jsonServer.js';

export interface ActivityHeaders {
  activityId?: string;
  integrationId?: string;
  interactionId?: string;
}

const NUMERIC = /^[0-9]+$/;

const ACTIVITY_HEADER = /^x-[a-z0-9]+-activity-id$/i;

/** The activity header under the contract's name, else under the vendor's. */
function activityHeaderName(rc: RouteContext): string {
  if (header(rc.req, 'x-platform-activity-id') !== undefined) return 'x-platform-activity-id';
  return Object.keys(rc.req.headers).find((h) => ACTIVITY_HEADER.test(h)) ?? 'x-platform-activity-id';
}

export function readActivityHeaders(rc: RouteContext, opts: { pairs: boolean }): ActivityHeaders {
  const read = (name: string) => {
    const v = header(rc.req, name)?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const activityName = activityHeaderName(rc);
  const activityId = read(activityName);
  const integrationId = read('x-ext-integration-id');
  const interactionId = read('x-ext-interaction-id');
  if (activityId !== undefined && !NUMERIC.test(activityId)) throw PlatformError.of('400-196', { name: activityName, allowed: 'a numeric id' });
  if (integrationId !== undefined && !NUMERIC.test(integrationId)) throw PlatformError.of('400-196', { name: 'x-ext-integration-id', allowed: 'a numeric id' });
  if (opts.pairs && integrationId !== undefined && interactionId === undefined) throw PlatformError.of('400-112', { name: 'x-ext-interaction-id' });
  if (opts.pairs && interactionId !== undefined && integrationId === undefined) throw PlatformError.of('400-112', { name: 'x-ext-integration-id' });
  return { activityId, integrationId, interactionId };
}

export function hasActivity(h: ActivityHeaders): boolean {
  return h.activityId !== undefined || h.integrationId !== undefined || h.interactionId !== undefined;
}

/** True when a quickpick saved for `saved` belongs to the interaction the request names: every header asked for matches. */
export function sameActivity(saved: ActivityHeaders, asked: ActivityHeaders): boolean {
  const keys = (['activityId', 'integrationId', 'interactionId'] as const).filter((k) => asked[k] !== undefined);
  return keys.length > 0 && keys.every((k) => saved[k] === asked[k]);
}
