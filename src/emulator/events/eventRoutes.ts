/**
 * HTTP surface of the emulated event manager.
 * - Under the event manager's base path (spec 9.1), for a tenant's own webhooks, with a bearer
 *   token and the Event Manager rate (spec 8): `POST|GET /webhooks`, `DELETE /webhooks/{id}`.
 *   The platform registers webhooks outside its interface (6.9); this is the emulator's stand-in.
 * - Under `/emulator/events` (the emulator's own admin API, no token): targets for any tenant,
 *   raising an event of any kind on demand, the fault knobs, and every delivery with its attempts.
 */
import { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import { sendJson } from '../../httpServer/jsonServer.js';
import { KNOWN_EVENT_KINDS } from '../../schemas/events.js';
import { parseBody, parseQuery, refuseBody } from '../bodyValidation.js';
import type { EmulatorContext } from '../emulatorContext.js';
import { EMULATOR_API } from '../hub/hubPaths.js';
import type { EventManager } from './eventManager.js';
import { targetView, webhookTargetInputSchema } from './webhookTargets.js';

export const EVENTMGR_BASE = '/knowledge/eventmgr/v4';
export const EVENTS_ADMIN = `${EMULATOR_API}/events`;

const raiseSchema = z.strictObject({
  eventType: z.string().min(1).max(200),
  payload: z.record(z.string(), z.unknown()).default({}),
  tenantId: z.string().min(1).default('default'),
});

/** `GET .../deliveries`: the filters, and no other key (F8: a misspelt filter is not "every delivery"). */
const deliveriesQuerySchema = z.strictObject({
  notificationId: z.string().min(1).max(200).optional(),
  eventType: z.string().min(1).max(200).optional(),
  targetId: z.string().min(1).max(200).optional(),
});

const faultsSchema = z.strictObject({
  duplicate: z.boolean().optional(),
  outOfOrder: z.boolean().optional(),
  holdMs: z.number().int().min(0).max(600_000).optional(),
});

export function registerEventRoutes(ctx: EmulatorContext, events: EventManager): void {
  const { app } = ctx;
  const notFound = (id: string) => PlatformError.of('404-101', { name: `webhook ${id}` });

  app.route('post', `${EVENTMGR_BASE}/webhooks`, async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'eventmgr', template: '/webhooks' });
    const input = parseBody(webhookTargetInputSchema.omit({ tenantId: true }), rc.body);
    const t = events.targets.add({ ...input, tenantId: caller.tenant }, ctx.now());
    sendJson(rc.res, 201, { id: t.id });
  });
  app.route('get', `${EVENTMGR_BASE}/webhooks`, async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'eventmgr', template: '/webhooks' });
    sendJson(rc.res, 200, { webhook: events.targets.list(caller.tenant).map(targetView) });
  });
  app.route('del', `${EVENTMGR_BASE}/webhooks/:id`, async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'eventmgr', template: '/webhooks/{id}' });
    const id = rc.params.id!;
    if (!events.targets.list(caller.tenant).some((t) => t.id === id)) throw notFound(id);
    events.targets.remove(id);
    sendJson(rc.res, 204);
  });

  app.route('post', `${EVENTS_ADMIN}/targets`, (rc) => {
    const t = events.targets.add(parseBody(webhookTargetInputSchema, rc.body), ctx.now());
    sendJson(rc.res, 201, targetView(t));
  });
  app.route('get', `${EVENTS_ADMIN}/targets`, (rc) => sendJson(rc.res, 200, { target: events.targets.list().map(targetView) }));
  app.route('del', `${EVENTS_ADMIN}/targets/:id`, (rc) => {
    refuseBody(rc.body);
    if (!events.targets.remove(rc.params.id!)) throw notFound(rc.params.id!);
    sendJson(rc.res, 204);
  });
  app.route('get', `${EVENTS_ADMIN}/kinds`, (rc) => sendJson(rc.res, 200, { kinds: [...KNOWN_EVENT_KINDS] }));
  app.route('post', `${EVENTS_ADMIN}/raise`, (rc) => {
    const r = parseBody(raiseSchema, rc.body);
    sendJson(rc.res, 202, events.raise(r.eventType, r.payload, r.tenantId));
  });
  app.route('get', `${EVENTS_ADMIN}/deliveries`, (rc) => {
    sendJson(rc.res, 200, { timings: events.deliveryTimings, delivery: events.list(parseQuery(deliveriesQuerySchema, rc.query)) });
  });
  app.route('get', `${EVENTS_ADMIN}/faults`, (rc) => sendJson(rc.res, 200, events.faults));
  app.route('put', `${EVENTS_ADMIN}/faults`, (rc) => {
    events.faults = { ...events.faults, ...parseBody(faultsSchema, rc.body) };
    sendJson(rc.res, 200, events.faults);
  });
}
