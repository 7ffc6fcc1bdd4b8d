/**
 * The three interaction headers of the portal manager (spec 4.5, P2): x-platform-activity-id
 * (numeric, may be sent alone), x-ext-integration-id (numeric tenant id) and
 * x-ext-interaction-id (another CRM's interaction id), the last two only together.
 * A header sent without its partner names the missing partner (400-112); a value that is
 * not numeric where it must be is 400-196.
 */
import { PlatformError } from '../../../errors/platformError.js';
import { header } from '../../../http/errorResponse.js';
import type { RouteContext } from '../../../http/jsonServer.js';

export interface ActivityHeaders {
  activityId?: string;
  integrationId?: string;
  interactionId?: string;
}

const NUMERIC = /^[0-9]+$/;

export function readActivityHeaders(rc: RouteContext): ActivityHeaders {
  const read = (name: string) => {
    const v = header(rc.req, name)?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const activityId = read('x-platform-activity-id');
  const integrationId = read('x-ext-integration-id');
  const interactionId = read('x-ext-interaction-id');
  if (activityId !== undefined && !NUMERIC.test(activityId)) throw PlatformError.of('400-196', { name: 'x-platform-activity-id', allowed: 'a numeric id' });
  if (integrationId !== undefined && !NUMERIC.test(integrationId)) throw PlatformError.of('400-196', { name: 'x-ext-integration-id', allowed: 'a numeric id' });
  if (integrationId !== undefined && interactionId === undefined) throw PlatformError.of('400-112', { name: 'x-ext-interaction-id' });
  if (interactionId !== undefined && integrationId === undefined) throw PlatformError.of('400-112', { name: 'x-ext-integration-id' });
  return { activityId, integrationId, interactionId };
}

export function hasActivity(h: ActivityHeaders): boolean {
  return h.activityId !== undefined || h.interactionId !== undefined;
}

/** True when a quickpick saved for `saved` belongs to the interaction the request names. */
export function sameActivity(saved: ActivityHeaders, asked: ActivityHeaders): boolean {
  if (asked.activityId !== undefined && saved.activityId === asked.activityId) return true;
  return asked.interactionId !== undefined && saved.integrationId === asked.integrationId && saved.interactionId === asked.interactionId;
}
