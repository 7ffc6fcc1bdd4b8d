/**
 * The read-only guided-help lists of spec 4.3, shaped as the published examples are (docs/platform-contract.md, assumed shapes):
 * casebase releases (`{casebase, paginationInfo}`, 204 when none), one release, clusters,
 * profiles (`{profile, paginationInfo}`, P9: the system profile 1 is always there), and, with
 * a session in progress on the release (P7), the cases of a cluster and one case.
 */
import { PlatformError } from '../../../errors/platformError.js';
import { sendJson, type RouteContext } from '../../../httpServer/jsonServer.js';
import { realisticCasebase } from '../../realistic/realisticAnswers.js';
import type { ReleaseRef } from '../knowledge/knowledgeBase.js';
import type { PortalData } from '../knowledge/knowledgeSchema.js';
import { pickText } from '../knowledge/localizedText.js';
import { beginPortalCall, page, routePath } from '../portalRequest.js';
import type { PortalServices } from '../portalServices.js';
import { profileSeesCase, scoreCase } from './caseScoring.js';
import { casebaseView } from './searchResponse.js';
import { CASE_ATTRIBUTES, caseDetailView, type CaseAttribute } from './caseDetailView.js';


/** A release of the portal, else 404-101 (another portal's release is not visible here). */
export function releaseOfPortal(s: PortalServices, portal: PortalData, rid: string): ReleaseRef {
  const ref = s.kb.release(rid);
  if (!ref || !s.kb.portalHoldsCasebase(portal.id, ref.casebase.casebaseId)) throw PlatformError.of('404-101', { name: `casebaseReleaseID ${rid}` });
  return ref;
}

/** A casebase as the contract shows it, or in the real platform's variants when asked (F3, R7). */
function casebaseFor<T>(s: PortalServices, view: T): T {
  return realisticCasebase(view, s.ctx.drifts());
}

export function registerCatalogRoutes(s: PortalServices): void {
  const { app } = s.ctx;
  const get = (template: string, handler: (rc: RouteContext, call: Awaited<ReturnType<typeof beginPortalCall>>) => void) =>
    app.route('get', routePath(template), async (rc) => handler(rc, await beginPortalCall(s.ctx, s.kb, rc, template)));
  const self = (rc: RouteContext) => `${s.ctx.baseUrl()}${rc.req.path?.() ?? ''}`;

  get('/portals/{portalID}/gh/casebasereleases', (rc, { portal, lang }) => {
    const all = s.kb.releasesOfPortal(portal.id).map((ref) => casebaseFor(s, casebaseView(s.kb, portal, ref, lang, s.linkBase())));
    if (all.length === 0) return sendJson(rc.res, 204);
    const p = page(rc, all, self(rc));
    sendJson(rc.res, 200, { casebase: p.items, paginationInfo: p.paginationInfo });
  });

  get('/portals/{portalID}/gh/casebasereleases/{casebaseReleaseID}', (rc, { portal, lang }) => {
    const ref = releaseOfPortal(s, portal, rc.params.casebaseReleaseID!);
    // The vendor's form (F1): the list form, like the releases list, holding the one release;
    // with the releaseList drift (F3) the casebase's other releases come along, the asked one last.
    const others = s.ctx.drifts().has('releaseList')
      ? s.kb.releasesOfPortal(portal.id).filter((r) => r.casebase.casebaseId === ref.casebase.casebaseId && r.release.id !== ref.release.id)
      : [];
    const view = (r: ReleaseRef) => casebaseFor(s, casebaseView(s.kb, portal, r, lang, s.linkBase()));
    sendJson(rc.res, 200, { casebase: [...others.map(view), view(ref)] });
  });

  get('/portals/{portalID}/gh/casebasereleases/{casebaseReleaseID}/clusters', (rc, { portal, lang }) => {
    const ref = releaseOfPortal(s, portal, rc.params.casebaseReleaseID!);
    const clusters = ref.casebase.clusters.map((c) => ({ id: c.id, name: pickText(c.name, lang, ref.casebase.defaultLanguage), shortName: c.shortName, depth: c.depth, startup: c.startup }));
    const p = page(rc, clusters, self(rc));
    sendJson(rc.res, 200, { cluster: p.items, paginationInfo: p.paginationInfo });
  });

  get('/portals/{portalID}/gh/profiles', (rc, { portal, lang }) => {
    const profiles = portal.profiles.map((p) => ({ id: p.id, name: pickText(p.name, lang, portal.defaultLanguage) }));
    const p = page(rc, profiles, self(rc));
    sendJson(rc.res, 200, { profile: p.items, paginationInfo: p.paginationInfo });
  });

  get('/portals/{portalID}/gh/casebasereleases/{casebaseReleaseID}/clusters/{clusterID}/cases', (rc, { portal, user, lang }) => {
    const ref = releaseOfPortal(s, portal, rc.params.casebaseReleaseID!);
    const clusterId = rc.params.clusterID!;
    if (!ref.casebase.clusters.some((c) => c.id === clusterId)) throw PlatformError.of('404-101', { name: `clusterID ${clusterId}` });
    const session = s.engine.inProgressOnRelease(user, portal.id, ref.release.id);
    const cases = s.kb
      .casesOf(ref)
      .filter((c) => c.clusterId === clusterId && profileSeesCase(c, session.profileId))
      .map((c) => ({
        id: c.id,
        title: pickText(c.title, lang, ref.casebase.defaultLanguage),
        shortName: c.shortName,
        link: { rel: 'case', href: `${s.linkBase()}/portals/${portal.id}/gh/casebasereleases/${ref.release.id}/cases/${c.id}` },
      }));
    sendJson(rc.res, 200, { case: cases });
  });

  get('/portals/{portalID}/gh/casebasereleases/{casebaseReleaseID}/cases/{caseID}', (rc, { portal, user, lang }) => {
    const ref = releaseOfPortal(s, portal, rc.params.casebaseReleaseID!);
    const attr = rc.query.get('caseAdditionalAttributes');
    if (attr !== null && !(CASE_ATTRIBUTES as readonly string[]).includes(attr)) {
      throw PlatformError.of('400-196', { name: 'caseAdditionalAttributes', allowed: CASE_ATTRIBUTES.join(', ') });
    }
    const cb = ref.casebase;
    const session = s.engine.inProgressOnRelease(user, portal.id, ref.release.id);
    const c = s.kb.casesOf(ref).find((x) => x.id === rc.params.caseID && profileSeesCase(x, session.profileId));
    if (!c) throw PlatformError.of('404-101', { name: `caseID ${rc.params.caseID}` });
    const scored = scoreCase(c, session.answers, cb.threshold);
    // The vendor's form in both modes (F1, F5): the contract does not show this answer.
    const item = caseDetailView({ kb: s.kb, ref, case: c, scored, profileId: session.profileId, lang, attribute: attr as CaseAttribute | null, selfHref: self(rc) });
    sendJson(rc.res, 200, item);
  });
}
