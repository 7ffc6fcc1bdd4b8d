/**
 * The emulator's admin and inspector API (its own, not the platform's), unauthenticated like
 * any local developer tool: the emulator listens on 127.0.0.1 by default; do not expose it.
 *
 * - GET /emulator/info: base URLs, token URL, plan.
 * - POST /emulator/clients (register an API client: clientId?, clientSecret?, tenant, scopes,
 *   subject?) → 201 with the credentials; GET /emulator/clients (no secrets); DELETE .../{id}.
 * - GET /emulator/plan; PUT /emulator/plan `{plan}` (default plan); PUT / DELETE
 *   /emulator/tenants/{tenant}/plan.
 * - GET / PUT / DELETE /emulator/faults (see faultSettings.ts); POST /emulator/tokens/expire.
 * - GET /emulator/escalations, /emulator/callback-failures, /emulator/calls?since=&kind=&log=.
 *
 * Every body and query is checked strictly (F8): an unknown key or a value out of range is a
 * 400 with the error body, and nothing is applied.
 */
import { z, ZodError } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import { describeIssues } from '../../schemas/describeIssues.js';
import { parseBody, parseQuery, refuseBody } from '../bodyValidation.js';
import { CALL_LOGS } from '../callLog.js';
import { sendJson } from '../../httpServer/jsonServer.js';
import { TOKEN_PATH } from '../auth/tokenRoute.js';
import type { EmulatorContext } from '../emulatorContext.js';
import type { EmulatorServices } from '../emulatorServices.js';
import { EMULATOR_API, HUB_BASE } from '../hub/hubPaths.js';
import { parsePlan } from '../limits/planOption.js';

/** `PUT .../plan`: the plan and nothing else (F8). */
const planBodySchema = z.strictObject({ plan: z.union([z.string(), z.looseObject({})]) });
/** `GET /emulator/calls`: where to start, which kind, which log (F7, F8). */
const callsQuerySchema = z.strictObject({
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  kind: z.string().min(1).max(100).optional(),
  log: z.enum(CALL_LOGS).optional(),
});

/** Runs a settings parser, turning its complaint into a 400 error body. */
function settingsOr400<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof PlatformError) throw err;
    const reason = err instanceof ZodError ? describeIssues(err.issues) : (err as Error).message;
    throw PlatformError.of('400-101', { reason });
  }
}

export function registerAdminRoutes(ctx: EmulatorContext, s: EmulatorServices): void {
  const { app } = ctx;
  const A = EMULATOR_API;
  const planOf = (body: unknown) => parsePlan(parseBody(planBodySchema, body).plan);

  app.route('get', `${A}/info`, (rc) => {
    sendJson(rc.res, 200, {
      url: ctx.baseUrl(),
      conversationManager: `${ctx.baseUrl()}${HUB_BASE}`,
      tokenUrl: `${ctx.baseUrl()}${TOKEN_PATH}`,
      plan: s.limiter.plans(),
    });
  });

  app.route('post', `${A}/clients`, (rc) => {
    const creds = settingsOr400(() => s.clients.register((rc.body ?? {}) as never));
    sendJson(rc.res, 201, { ...s.clients.get(creds.clientId), clientSecret: creds.clientSecret });
  });
  app.route('get', `${A}/clients`, (rc) => sendJson(rc.res, 200, { client: s.clients.list() }));
  app.route('del', `${A}/clients/:id`, (rc) => {
    refuseBody(rc.body);
    if (!s.clients.remove(rc.params.id)) throw PlatformError.of('404-101', { name: `client ${rc.params.id}` });
    sendJson(rc.res, 204);
  });

  app.route('get', `${A}/plan`, (rc) => sendJson(rc.res, 200, s.limiter.plans()));
  app.route('put', `${A}/plan`, (rc) => {
    s.limiter.setDefaultPlan(planOf(rc.body));
    sendJson(rc.res, 200, s.limiter.plans());
  });
  app.route('put', `${A}/tenants/:tenant/plan`, (rc) => {
    s.limiter.setTenantPlan(rc.params.tenant, planOf(rc.body));
    sendJson(rc.res, 200, s.limiter.plans());
  });
  app.route('del', `${A}/tenants/:tenant/plan`, (rc) => {
    refuseBody(rc.body);
    s.limiter.setTenantPlan(rc.params.tenant, undefined);
    sendJson(rc.res, 200, s.limiter.plans());
  });

  app.route('get', `${A}/faults`, (rc) => sendJson(rc.res, 200, s.faults.get()));
  app.route('put', `${A}/faults`, (rc) => sendJson(rc.res, 200, settingsOr400(() => s.faults.set((rc.body ?? {}) as never))));
  app.route('del', `${A}/faults`, (rc) => {
    refuseBody(rc.body);
    s.faults.reset();
    sendJson(rc.res, 200, s.faults.get());
  });
  app.route('post', `${A}/tokens/expire`, (rc) => {
    refuseBody(rc.body);
    s.issuer.expireAll();
    sendJson(rc.res, 204);
  });

  app.route('get', `${A}/escalations`, (rc) => sendJson(rc.res, 200, { escalation: s.escalations.list() }));
  app.route('get', `${A}/callback-failures`, (rc) => sendJson(rc.res, 200, { failure: s.delivery.failures() }));
  app.route('get', `${A}/calls`, (rc) => {
    const q = parseQuery(callsQuerySchema, rc.query);
    const since = q.since ?? 0;
    const entries = s.log.list({ since, kind: q.kind, log: q.log });
    sendJson(rc.res, 200, { call: entries, next: entries.length ? entries[entries.length - 1].seq : since });
  });
}
