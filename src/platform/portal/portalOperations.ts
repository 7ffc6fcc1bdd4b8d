/**
 * Every operation of the portal manager v4 (spec 4.3, P11) as data: method and path TEMPLATE
 * relative to the portal manager base (configuration, V1). The client builds each request from
 * this table, so the template it hands the HTTP core, which names the rate bucket (L2), cannot
 * drift from the path it calls. Parameter names are the spec's (portalID, suggestionID, ...).
 *
 * One operation is not in 4.3: the spec says a suggestion attachment is "first uploaded through
 * a signed-upload-URL operation and referenced by the altID it returned", without showing that
 * operation. We assume POST /portals/{portalID}/suggestions/attachments/uploadurl answering
 * `{contentUrl, altId}` (docs/platform-clients.md, "Assumed shapes"); `PortalManagerClientOptions.operationOverrides`
 * can point it (or any other) elsewhere. Beside it, the vendor's own upload (F1 of
 * docs/platform-contract.md): POST /attachment/preupload (no portal in the path) answering
 * `{altId, name, contentUrl}`, the bytes then POSTed to the signed contentUrl.
 */
import { PlatformError } from '../../errors/platformError.js';
import { pathSegment } from '../http/pathSegment.js';
import type { HttpVerb } from '../http/types.js';

export interface PortalRoute {
  method: HttpVerb;
  template: string;
}

const P = '/portals/{portalID}';

export const PORTAL_OPERATIONS = Object.freeze({
  'suggestions.create': { method: 'POST', template: `${P}/suggestions` },
  'suggestions.modify': { method: 'PUT', template: `${P}/suggestions` },
  'suggestions.list': { method: 'GET', template: `${P}/suggestions` },
  'suggestions.get': { method: 'GET', template: `${P}/suggestions/{suggestionID}` },
  'suggestions.delete': { method: 'DELETE', template: `${P}/suggestions/{suggestionID}` },
  'suggestions.relatedArticles': { method: 'GET', template: `${P}/suggestions/{suggestionID}/relatedArticles` },
  'suggestions.comments.list': { method: 'GET', template: `${P}/suggestions/{suggestionID}/comments` },
  'suggestions.comments.add': { method: 'POST', template: `${P}/suggestions/{suggestionID}/comments` },
  'suggestions.attachments.list': { method: 'GET', template: `${P}/suggestions/{suggestionID}/attachments` },
  'suggestions.attachments.get': { method: 'GET', template: `${P}/suggestions/attachments/{attachmentID}` },
  /** Assumed (not shown in 4.3): see the file comment. */
  'suggestions.attachments.uploadUrl': { method: 'POST', template: `${P}/suggestions/attachments/uploadurl` },
  /** The vendor's upload (F1): not in 4.3 either; see the file comment. */
  'attachments.preupload': { method: 'POST', template: '/attachment/preupload' },
  'gh.casebaseReleases.list': { method: 'GET', template: `${P}/gh/casebasereleases` },
  'gh.casebaseReleases.get': { method: 'GET', template: `${P}/gh/casebasereleases/{casebaseReleaseID}` },
  'gh.clusters.list': { method: 'GET', template: `${P}/gh/casebasereleases/{casebaseReleaseID}/clusters` },
  'gh.clusterCases.list': { method: 'GET', template: `${P}/gh/casebasereleases/{casebaseReleaseID}/clusters/{clusterID}/cases` },
  'gh.cases.get': { method: 'GET', template: `${P}/gh/casebasereleases/{casebaseReleaseID}/cases/{caseID}` },
  'gh.profiles.list': { method: 'GET', template: `${P}/gh/profiles` },
  'gh.search.start': { method: 'POST', template: `${P}/gh/search` },
  'gh.search.step': { method: 'PUT', template: `${P}/gh/search` },
  'gh.cases.accept': { method: 'POST', template: `${P}/gh/cases/{caseID}/accept` },
  'gh.cases.reject': { method: 'POST', template: `${P}/gh/cases/{caseID}/reject` },
  'gh.quickpicks.create': { method: 'POST', template: `${P}/gh/quickpicks` },
  'gh.quickpicks.list': { method: 'GET', template: `${P}/gh/quickpicks` },
  'gh.quickpicks.resume': { method: 'POST', template: `${P}/gh/quickpicks/{quickpickID}` },
} satisfies Record<string, PortalRoute>);

export type PortalOperation = keyof typeof PORTAL_OPERATIONS;

/** The concrete path: each `{name}` replaced by its URL-encoded value; a missing one is refused (400-112). */
export function portalPathFor(template: string, params: Record<string, string | undefined>, op: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === '') throw PlatformError.of('400-112', { name, operation: op });
    return pathSegment(v);
  });
}
