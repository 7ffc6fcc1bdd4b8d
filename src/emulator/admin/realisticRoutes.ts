/**
 * Realistic mode through the emulator's own API (F3), for the inspector's checkboxes and for
 * scripts:
 *
 * - GET /emulator/realistic → `{drift: [{name, what, on}]}`, every drift of drifts.ts;
 * - PUT /emulator/realistic `{drifts: [names]}` plays exactly those, `{all: true}` every one,
 *   `{all: false}` none → the same list; an unknown name is 400-196 listing the known ones.
 */
import { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import { sendJson } from '../../httpServer/jsonServer.js';
import { parseBody } from '../bodyValidation.js';
import type { EmulatorContext } from '../emulatorContext.js';
import { EMULATOR_API } from '../hub/hubPaths.js';
import { DRIFT_NAMES, DRIFTS, isDrift } from '../realistic/drifts.js';

const settingSchema = z.union([z.strictObject({ drifts: z.array(z.string()) }), z.strictObject({ all: z.boolean() })]);

export function registerRealisticRoutes(ctx: EmulatorContext): void {
  const path = `${EMULATOR_API}/realistic`;
  const view = () => ({ drift: DRIFT_NAMES.map((name) => ({ name, what: DRIFTS[name], on: ctx.drifts().has(name) })) });
  ctx.app.route('get', path, (rc) => sendJson(rc.res, 200, view()));
  ctx.app.route('put', path, (rc) => {
    const body = parseBody(settingSchema, rc.body ?? {});
    if ('drifts' in body) {
      const unknown = body.drifts.find((d) => !isDrift(d));
      if (unknown !== undefined) throw PlatformError.of('400-196', { name: `drifts: ${unknown}`, allowed: DRIFT_NAMES.join(', ') });
      ctx.setDrifts(body.drifts);
    } else ctx.setDrifts(body.all);
    ctx.record({ kind: 'realistic', log: 'control', drifts: [...ctx.drifts()] });
    sendJson(rc.res, 200, view());
  });
}
