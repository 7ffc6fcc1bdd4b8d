/**
 * Resume a quickpick, POST /portals/{portalID}/gh/quickpicks/{quickpickID} (spec 4.5): every
 * parameter rule, then the quickpick's answers restored into the caller's session for the
 * casebase, answering the body of 2.2 (answered questions, ranked solutions).
 *
 * Refusals, in the order they are checked: 401 (token), 403-198 (a token for an application
 * alone), 400-112 / 406-100 (Accept-Language missing / not from its list), 400-196 / 404-101
 * (portalID malformed / unknown), 400-196 ($lang), 415-100 (a body sent in a type other than
 * JSON), 400-196 (ghCustomAdditionalAttributes), 400-112 / 400-196 (interaction headers),
 * 404-101 (quickpick), 500-100 (fault knob, damaged record), 403-198 (no session started for
 * the casebase: 4.5's precondition; 409 is not among the statuses 4.5 lists, so 403 it is).
 */
import { PlatformError } from '../../../errors/platformError.js';
import { header } from '../../../httpServer/errorResponse.js';
import { readRawBody } from '../../../httpServer/jsonBody.js';
import { sendJson } from '../../../httpServer/jsonServer.js';
import { realisticSearchBody } from '../../realistic/realisticAnswers.js';
import { guidedHelpSearchResponseSchema } from '../../../schemas/guidedHelp.js';
import { customAttributeNames } from '../guided/customAttributeParameter.js';
import { sessionBody } from '../guided/searchRoutes.js';
import { beginPortalCall, routePath } from '../portalRequest.js';
import type { PortalServices } from '../portalServices.js';
import { readActivityHeaders } from './activityHeaders.js';

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;.*)?$/i;
const RESUME_BODY_LIMIT = 64 * 1024;

export function registerResumeQuickpickRoute(s: PortalServices): void {
  const template = '/portals/{portalID}/gh/quickpicks/{quickpickID}';
  s.ctx.app.route(
    'post',
    routePath(template),
    async (rc) => {
      const call = await beginPortalCall(s.ctx, s.kb, rc, template);
      // No request body is shown (4.5); one sent in a type other than JSON is 415.
      const raw = await readRawBody(rc.req, RESUME_BODY_LIMIT);
      const type = header(rc.req, 'content-type');
      if (raw.length > 0 && !(type && JSON_TYPE.test(type))) throw PlatformError.of('415-100', { value: type ?? 'none' });
      customAttributeNames(rc.query);
      readActivityHeaders(rc, { pairs: true });
      const q = s.quickpicks.get(call.user.tenant, call.portal.id, rc.params.quickpickID!);
      if (!q) throw PlatformError.of('404-101', { name: `quickpickID ${rc.params.quickpickID}` });
      if (s.faults.failNextResumes > 0) {
        s.faults.failNextResumes--;
        throw PlatformError.of('500-100');
      }
      if (q.corrupted) throw PlatformError.of('500-100');
      if (!s.engine.sessionFor(call.user, call.portal.id, q.casebaseId)) {
        throw PlatformError.of('403-198', { reason: `no guided help session started for casebase ${q.casebaseId}` });
      }
      let body;
      try {
        // Checked as the contract shows it; the realistic variants (R7) are applied after.
        const restored = s.engine.restore(call.user, call.portal, q.snapshot);
        body = guidedHelpSearchResponseSchema.parse(sessionBody(s, rc, call, restored, { contractShape: true }));
        body = realisticSearchBody(body, s.ctx.drifts());
      } catch {
        // A record that no longer fits its casebase cannot be restored: the system cannot process it.
        throw PlatformError.of('500-100');
      }
      s.ctx.record({ kind: 'portal.resume', quickpickId: q.id, casebaseId: q.casebaseId });
      sendJson(rc.res, 200, body);
    },
    { parseJson: false },
  );
}
