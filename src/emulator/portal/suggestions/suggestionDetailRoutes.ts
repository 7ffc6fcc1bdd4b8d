/**
 * What hangs off a suggestion (spec 4.3, P8): related articles, comments (read by the owner or
 * an administrator; added by them too, only while the suggestion is Suggested or Pending,
 * spec 3.3), attachments (list, details with a signed download URL), and the assumed signed
 * upload (attachmentUploads.ts) whose altId a suggestion then references.
 */
import { PlatformError } from '../../../errors/platformError.js';
import { header } from '../../../httpServer/errorResponse.js';
import { readRawBody } from '../../../httpServer/jsonBody.js';
import { sendJson } from '../../../httpServer/jsonServer.js';
import { addCommentBodySchema, attachmentUploadRequestSchema } from '../../../schemas/suggestionSchemas.js';
import { beginPortalCall, portalBody, routePath } from '../portalRequest.js';
import type { PortalServices } from '../portalServices.js';
import { UPLOAD_PATH } from './attachmentUploads.js';
import { realisticAttachment } from '../../realistic/realisticAnswers.js';
import { isOwner, personView, requireSetting, suggestionOf } from './suggestionAccess.js';

/**
 * The largest attachment (F6): the vendor's model says 25 MB; read as 25 MiB, the larger
 * reading, so that no file the vendor takes is refused here.
 */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export function registerSuggestionDetailRoutes(s: PortalServices): void {
  const { app } = s.ctx;
  const base = '/portals/{portalID}/suggestions';
  const attachmentHref = (portalId: string, id: string) => `${s.linkBase()}/portals/${portalId}/suggestions/attachments/${id}`;

  const related = `${base}/{suggestionID}/relatedArticles`;
  app.route('get', routePath(related), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, related);
    requireSetting(call);
    const rec = suggestionOf(s, call, rc.params.suggestionID!, true);
    const articles = rec.relatedArticles.map((a) => ({ ...a, link: { rel: 'article', href: `${s.linkBase()}/portals/${call.portal.id}/articles/${a.id}` } }));
    sendJson(rc.res, 200, { count: articles.length, relatedArticles: articles });
  });

  const comments = `${base}/{suggestionID}/comments`;
  app.route('get', routePath(comments), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, comments);
    requireSetting(call);
    const rec = suggestionOf(s, call, rc.params.suggestionID!, true);
    sendJson(rc.res, 200, { count: rec.comments.length, comments: rec.comments.map((c) => ({ ...c, createdBy: personView(c.createdBy) })) });
  });
  app.route('post', routePath(comments), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, comments);
    requireSetting(call);
    const found = s.suggestions.get(call.user.tenant, call.portal.id, rc.params.suggestionID!);
    if (!found) throw PlatformError.of('404-101', { name: `suggestionID ${rc.params.suggestionID}` });
    if (!isOwner(call, found) && !call.user.admin) throw PlatformError.of('403-198', { reason: 'only the owner or an administrator may comment on a suggestion' });
    const body = portalBody(addCommentBodySchema, rc.body);
    if (found.status !== 'suggested' && found.status !== 'pending') {
      throw PlatformError.of('400-114', { id: found.id, status: found.status, reason: 'comments are taken while it is Suggested or Pending' });
    }
    const c = { id: s.suggestions.newSubId(), content: body.content, createdBy: { id: call.user.id, kind: call.user.kind }, createdDate: new Date(s.ctx.now()).toISOString() };
    found.comments.push(c);
    rc.res.setHeader('location', `${s.linkBase()}/portals/${call.portal.id}/suggestions/${found.id}/comments/${c.id}`);
    sendJson(rc.res, 201);
  });

  const attachments = `${base}/{suggestionID}/attachments`;
  app.route('get', routePath(attachments), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, attachments);
    requireSetting(call);
    const rec = suggestionOf(s, call, rc.params.suggestionID!, true);
    const list = rec.attachments.map((a) => realisticAttachment({ id: a.id, fileName: a.fileName, size: a.size, link: { rel: 'attachment', href: attachmentHref(call.portal.id, a.id) } }, s.ctx.drifts()));
    sendJson(rc.res, 200, { count: list.length, attachments: list });
  });

  const uploadUrl = `${base}/attachments/uploadurl`;
  app.route('post', routePath(uploadUrl), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, uploadUrl);
    requireSetting(call, 'manageSuggestion');
    const decl = portalBody(attachmentUploadRequestSchema, rc.body);
    if (decl.size > MAX_ATTACHMENT_BYTES) throw PlatformError.of('413-100', { limit: MAX_ATTACHMENT_BYTES });
    const u = s.uploads.create({ tenant: call.user.tenant, portalId: call.portal.id, ownerId: call.user.id, fileName: decl.fileName, contentType: decl.contentType, size: decl.size });
    sendJson(rc.res, 200, { contentUrl: s.uploads.url(s.ctx.baseUrl(), u.altId, 'PUT', s.ctx.now()), altId: u.altId });
  });

  const attachment = `${base}/attachments/{attachmentID}`;
  app.route('get', routePath(attachment), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, attachment);
    requireSetting(call);
    const hit = s.suggestions.attachment(call.user.tenant, call.portal.id, rc.params.attachmentID!);
    if (!hit || !(isOwner(call, hit.suggestion) || call.user.admin)) throw PlatformError.of('404-101', { name: `attachmentID ${rc.params.attachmentID}` });
    const a = hit.attachment;
    const view = { id: a.id, fileName: a.fileName, size: a.size, contentType: a.contentType, contentUrl: s.uploads.url(s.ctx.baseUrl(), a.altId, 'GET', s.ctx.now()), link: { rel: 'self', href: attachmentHref(call.portal.id, a.id) } };
    sendJson(rc.res, 200, realisticAttachment(view, s.ctx.drifts(), { one: true }));
  });

  // The signed URLs carry their own authorisation; no bearer token.
  s.ctx.app.route(
    'put',
    `${UPLOAD_PATH}/:altId`,
    async (rc) => {
      const altId = rc.params.altId!;
      s.uploads.verify(altId, 'PUT', rc.query, s.ctx.now());
      const u = s.uploads.get(altId);
      if (!u) throw PlatformError.of('404-101', { name: `upload ${altId}` });
      const type = (header(rc.req, 'content-type') ?? '').trim().toLowerCase();
      if (type !== u.contentType.trim().toLowerCase()) throw PlatformError.of('415-100', { value: type || 'none' });
      const data = await readRawBody(rc.req, u.size);
      if (data.length !== u.size) throw PlatformError.of('400-101', { reason: `the upload must be exactly ${u.size} bytes, as declared` });
      u.data = data;
      sendJson(rc.res, 204);
    },
    { parseJson: false },
  );
  s.ctx.app.route('get', `${UPLOAD_PATH}/:altId`, (rc) => {
    const altId = rc.params.altId!;
    s.uploads.verify(altId, 'GET', rc.query, s.ctx.now());
    const u = s.uploads.get(altId);
    if (!u?.data) throw PlatformError.of('404-101', { name: `upload ${altId}` });
    rc.res.writeHead(200, { 'content-type': u.contentType, 'content-length': u.data.length });
    rc.res.end(u.data);
  });
}
