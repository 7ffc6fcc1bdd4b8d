/**
 * Create and list quickpicks (spec 4.3, the assumed shapes of docs/platform-contract.md).
 * - Create (P5): only for a live release, only with a session in progress on it; with
 *   `linkToActivity: true` one of the interaction headers must name the activity. 201, no body
 *   (a Location header names the new quickpick, so a client can find it without a list call).
 * - List (P6): `casebaseID` or `getLastSavedQuickPickForInteraction` is required; the value Yes
 *   needs one of the interaction headers and answers the last quickpick saved for that
 *   interaction. 204 when there is none.
 *
 * The vendor's client names things its own way, and both forms are taken (F5): the body's
 * `casebaseReleaseID` for `casebaseReleaseId`; the list's `casebaseReleaseID` (the quickpicks
 * of one release) beside the contract's `casebaseID`; `true`/`false` for `Yes`/`No`.
 */
import { PlatformError } from '../../../errors/platformError.js';
import { sendJson } from '../../../httpServer/jsonServer.js';
import { createQuickpickBodySchema } from '../../../schemas/guidedHelpRequests.js';
import { withRenamedKey } from '../../../schemas/guidedHelpQuestions.js';
import { releaseOfPortal } from '../guided/catalogRoutes.js';
import { snapshotOf } from '../guided/guidedSession.js';
import { beginPortalCall, page, portalBody, routePath } from '../portalRequest.js';
import type { PortalServices } from '../portalServices.js';
import { hasActivity, readActivityHeaders, sameActivity } from './activityHeaders.js';
import type { QuickpickRecord } from './quickpickStore.js';

/** The vendor's client sends a boolean where the contract says Yes or No. */
const yesNo = (v: string | null): string | null => (v === 'true' ? 'Yes' : v === 'false' ? 'No' : v);

const ACTIVITY_HEADERS = 'x-ext-integration-id, x-platform-activity-id or x-ext-interaction-id';

export function quickpickView(s: PortalServices, q: QuickpickRecord) {
  return {
    id: q.id,
    name: q.name ?? '',
    comment: q.comment ?? '',
    casebaseReleaseId: q.casebaseReleaseId,
    linkToActivity: q.linkToActivity,
    link: { rel: 'resume', href: `${s.linkBase()}/portals/${q.portalId}/gh/quickpicks/${q.id}` },
  };
}

export function registerQuickpickRoutes(s: PortalServices): void {
  const { app } = s.ctx;
  const collection = '/portals/{portalID}/gh/quickpicks';

  app.route('post', routePath(collection), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, collection);
    const activity = readActivityHeaders(rc, { pairs: false });
    const body = portalBody(withRenamedKey('casebaseReleaseID', 'casebaseReleaseId', createQuickpickBodySchema), rc.body);
    const ref = releaseOfPortal(s, call.portal, body.casebaseReleaseId);
    const status = s.kb.statusOf(ref.release.id);
    if (status !== 'live') throw PlatformError.of('403-198', { reason: `a quickpick can only be created for a live release; ${ref.release.id} is ${status}` });
    const session = s.engine.inProgressOnRelease(call.user, call.portal.id, ref.release.id);
    const link = body.linkToActivity === true;
    if (link && !hasActivity(activity)) throw PlatformError.of('400-112', { name: ACTIVITY_HEADERS });
    const rec = s.quickpicks.add({
      tenant: call.user.tenant,
      portalId: call.portal.id,
      savedBy: call.user.id,
      name: body.name,
      comment: body.comment,
      casebaseId: ref.casebase.casebaseId,
      casebaseReleaseId: ref.release.id,
      linkToActivity: link,
      activity: link ? activity : {},
      snapshot: snapshotOf(session),
      createdAt: s.ctx.now(),
    });
    s.ctx.record({ kind: 'portal.quickpick', quickpickId: rec.id, releaseId: rec.casebaseReleaseId, linkToActivity: link });
    rc.res.setHeader('location', quickpickView(s, rec).link.href);
    sendJson(rc.res, 201);
  });

  app.route('get', routePath(collection), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, collection);
    const activity = readActivityHeaders(rc, { pairs: false });
    const casebaseId = rc.query.get('casebaseID');
    const releaseId = rc.query.get('casebaseReleaseID');
    const last = yesNo(rc.query.get('getLastSavedQuickPickForInteraction'));
    // A refusal names both spellings of the release filter: the vendor's client sends casebaseReleaseID.
    if (casebaseId === null && releaseId === null && last === null) throw PlatformError.of('400-112', { name: 'casebaseID, casebaseReleaseID or getLastSavedQuickPickForInteraction' });
    if (last !== null && last !== 'Yes' && last !== 'No') throw PlatformError.of('400-196', { name: 'getLastSavedQuickPickForInteraction', allowed: 'Yes, No (or true, false)' });
    if (last === 'No' && casebaseId === null && releaseId === null) throw PlatformError.of('400-112', { name: 'casebaseID or casebaseReleaseID' });
    if (casebaseId !== null && !s.kb.portalHoldsCasebase(call.portal.id, casebaseId)) throw PlatformError.of('404-101', { name: `casebaseID ${casebaseId}` });
    if (releaseId !== null) releaseOfPortal(s, call.portal, releaseId);
    let found = s.quickpicks.list(call.user.tenant, call.portal.id, (q) => (casebaseId === null || q.casebaseId === casebaseId) && (releaseId === null || q.casebaseReleaseId === releaseId));
    if (last === 'Yes') {
      if (!hasActivity(activity)) throw PlatformError.of('400-112', { name: ACTIVITY_HEADERS });
      const linked = found.filter((q) => q.linkToActivity && sameActivity(q.activity, activity));
      found = linked.length > 0 ? [linked[linked.length - 1]!] : [];
    }
    if (found.length === 0) return sendJson(rc.res, 204);
    const p = page(rc, found.map((q) => quickpickView(s, q)), `${s.ctx.baseUrl()}${rc.req.path?.() ?? ''}`);
    sendJson(rc.res, 200, { quickpick: p.items, paginationInfo: p.paginationInfo });
  });
}
