/**
 * The emulator's admin API for the portal (no token; not part of the platform), for tests and
 * for a person trying the bot: toggle portal settings (P8), move a suggestion between statuses
 * as a knowledge author would (approving one makes an article: article_created and
 * article_published), publish a release, change articles, article types and installation
 * names (each raising its knowledge event, spec 6), and the portal's fault knobs.
 */
import { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import { sendJson } from '../../httpServer/jsonServer.js';
import { SUGGESTION_STATUSES } from '../../schemas/suggestionSchemas.js';
import { parseBody, refuseBody } from '../bodyValidation.js';
import { EMULATOR_API } from '../hub/hubPaths.js';
import type { PortalServices } from './portalServices.js';

export const PORTAL_ADMIN = `${EMULATOR_API}/portal`;

const tenantId = z.string().min(1).default('default');
const settingsSchema = z.strictObject({ manageSuggestion: z.boolean().optional(), allowCustomerAccess: z.boolean().optional(), mySuggestions: z.boolean().optional() });
const statusSchema = z.strictObject({ status: z.enum(SUGGESTION_STATUSES), folderId: z.string().min(1).default('1') });
const articleSchema = z.strictObject({ title: z.string().min(1), locale: z.string().default('en-US'), folderId: z.string().min(1).default('1'), tenantId, availabilityDate: z.string().optional(), expirationDate: z.string().optional() });

export function registerPortalAdminRoutes(s: PortalServices): void {
  const { app } = s.ctx;
  const notFound = (name: string) => PlatformError.of('404-101', { name });
  const article = (id: string) => s.articles.get(id) ?? (() => { throw notFound(`article ${id}`); })();
  const articleType = (id: string) => s.articles.type(id) ?? (() => { throw notFound(`article type ${id}`); })();

  app.route('put', `${PORTAL_ADMIN}/portals/:portalID/settings`, (rc) => {
    if (!s.kb.portal(rc.params.portalID!)) throw notFound(`portal ${rc.params.portalID}`);
    sendJson(rc.res, 200, s.kb.setPortalSettings(rc.params.portalID!, parseBody(settingsSchema, rc.body)));
  });

  app.route('put', `${PORTAL_ADMIN}/suggestions/:id/status`, (rc) => {
    const rec = s.suggestions.find(rc.params.id!) ?? (() => { throw notFound(`suggestion ${rc.params.id}`); })();
    const body = parseBody(statusSchema, rc.body);
    const was = rec.status;
    rec.status = body.status;
    rec.modifiedDate = new Date(Math.max(s.ctx.now(), Date.parse(rec.modifiedDate) + 1)).toISOString();
    if (body.status === 'approved' && was !== 'approved' && !rec.articleId) {
      const a = s.articles.create({ tenant: rec.tenant, title: rec.name, locale: rec.language.code, folderId: body.folderId, fromSuggestion: rec.id });
      rec.articleId = a.articleId;
      rec.relatedArticles.push({ id: a.articleId, name: a.title });
    }
    sendJson(rc.res, 200, { id: rec.id, status: rec.status, articleId: rec.articleId });
  });

  app.route('post', `${PORTAL_ADMIN}/releases/:releaseId/publish`, (rc) => {
    const ref = s.kb.release(rc.params.releaseId!) ?? (() => { throw notFound(`release ${rc.params.releaseId}`); })();
    const body = parseBody(z.strictObject({ tenantId }), rc.body ?? {});
    const previous = s.kb.publish(ref.release.id);
    // Not one of the eleven kinds of spec 6 (which may grow, 6.7): receivers must ignore it.
    const raised = s.events.raise('casebase_release_published', { casebaseId: ref.casebase.casebaseId, casebaseReleaseId: ref.release.id, previousReleaseId: previous?.release.id }, body.tenantId);
    sendJson(rc.res, 200, { casebaseReleaseId: ref.release.id, status: 'live', previousReleaseId: previous?.release.id, notificationId: raised.notificationId });
  });

  app.route('post', `${PORTAL_ADMIN}/articles`, (rc) => {
    const b = parseBody(articleSchema, rc.body);
    sendJson(rc.res, 201, s.articles.create({ tenant: b.tenantId, title: b.title, locale: b.locale, folderId: b.folderId, availabilityDate: b.availabilityDate, expirationDate: b.expirationDate }));
  });
  app.route('post', `${PORTAL_ADMIN}/articles/:id/move`, (rc) => {
    const a = article(rc.params.id!);
    s.articles.move(a, parseBody(z.strictObject({ folderId: z.string().min(1) }), rc.body).folderId);
    sendJson(rc.res, 200, a);
  });
  app.route('post', `${PORTAL_ADMIN}/articles/:id/dates-reached`, (rc) => {
    const a = article(rc.params.id!);
    s.articles.dateReached(a, parseBody(z.strictObject({ which: z.enum(['availability', 'expiration']) }), rc.body).which, s.ctx.now());
    sendJson(rc.res, 200, a);
  });
  app.route('del', `${PORTAL_ADMIN}/articles/:id`, (rc) => {
    refuseBody(rc.body);
    s.articles.delete(article(rc.params.id!));
    sendJson(rc.res, 204);
  });

  app.route('post', `${PORTAL_ADMIN}/articletypes`, (rc) => {
    const b = parseBody(z.strictObject({ typeName: z.string().min(1), tenantId }), rc.body);
    sendJson(rc.res, 201, s.articles.createType(b.tenantId, b.typeName));
  });
  app.route('put', `${PORTAL_ADMIN}/articletypes/:id`, (rc) => {
    const t = articleType(rc.params.id!);
    s.articles.updateType(t, parseBody(z.strictObject({ typeName: z.string().min(1) }), rc.body).typeName);
    sendJson(rc.res, 200, t);
  });
  app.route('del', `${PORTAL_ADMIN}/articletypes/:id`, (rc) => {
    refuseBody(rc.body);
    s.articles.deleteType(articleType(rc.params.id!));
    sendJson(rc.res, 204);
  });
  app.route('put', `${PORTAL_ADMIN}/installationnames/:key`, (rc) => {
    const b = parseBody(z.strictObject({ installationName: z.string().min(1), tenantId }), rc.body);
    sendJson(rc.res, 200, { result: s.articles.setInstallationName(b.tenantId, rc.params.key!, b.installationName) });
  });

  app.route('get', `${PORTAL_ADMIN}/faults`, (rc) => sendJson(rc.res, 200, s.faults));
  app.route('put', `${PORTAL_ADMIN}/faults`, (rc) => {
    Object.assign(s.faults, parseBody(z.strictObject({ failNextResumes: z.number().int().min(0).max(1000) }), rc.body));
    sendJson(rc.res, 200, s.faults);
  });
  app.route('post', `${PORTAL_ADMIN}/quickpicks/:id/corrupt`, (rc) => {
    refuseBody(rc.body);
    const q = s.quickpicks.find(rc.params.id!) ?? (() => { throw notFound(`quickpick ${rc.params.id}`); })();
    q.corrupted = true;
    sendJson(rc.res, 204);
  });
}
