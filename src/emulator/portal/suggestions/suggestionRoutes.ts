/**
 * Create, modify, list, get and delete article suggestions (spec 4.3, 3, P8), bodies as in
 * the assumed shapes of docs/platform-contract.md: create 201 (no body; a Location header names the suggestion), modify 204
 * only while pending and with at least one optional attribute, list own suggestions by
 * `filter[status]`, delete 204 unless approved.
 */
import type { z } from 'zod';
import { PlatformError } from '../../../errors/platformError.js';
import { sendJson } from '../../../httpServer/jsonServer.js';
import {
  createSuggestionBodySchema,
  modifySuggestionBodySchema,
  MODIFY_OPTIONAL_ATTRIBUTES,
  SUGGESTION_STATUSES,
  type SuggestionStatus,
} from '../../../schemas/suggestionSchemas.js';
import { beginPortalCall, page, portalBody, routePath, type PortalCall } from '../portalRequest.js';
import type { PortalServices } from '../portalServices.js';
import { isOwner, requireSetting, suggestionOf, suggestionView } from './suggestionAccess.js';
import type { StoredAttachment } from './suggestionStore.js';
import { ANY_PORTAL } from './attachmentUploads.js';
import { realisticSuggestion } from '../../realistic/realisticAnswers.js';
import { withRenamedKey } from '../../../schemas/guidedHelpQuestions.js';

/** Takes uploaded attachments by altId; each must be the caller's, uploaded, and not linked yet. */
function takeUploads(s: PortalServices, call: PortalCall, refs: { altId: string }[], suggestionId: string | undefined, at: string): StoredAttachment[] {
  return refs.map((r, i) => {
    const u = s.uploads.get(r.altId);
    if (!u || u.tenant !== call.user.tenant || (u.portalId !== call.portal.id && u.portalId !== ANY_PORTAL) || u.ownerId !== call.user.id || !u.data || u.linkedTo) {
      throw PlatformError.of('400-196', { name: `${at}[${i}].altId`, allowed: 'the altId of a file you uploaded and did not attach yet' });
    }
    u.linkedTo = suggestionId ?? 'pending';
    return { id: s.suggestions.newSubId(), altId: u.altId, fileName: u.fileName, contentType: u.contentType, size: u.size };
  });
}

/** A body in the vendor's names taken as in the contract's (F5): `customAttribute` for `customAttributes`. */
const vendorNames = <S extends z.ZodType>(schema: S) => withRenamedKey('customAttribute', 'customAttributes', schema);

export function registerSuggestionRoutes(s: PortalServices): void {
  const { app } = s.ctx;
  const collection = '/portals/{portalID}/suggestions';
  const one = '/portals/{portalID}/suggestions/{suggestionID}';
  const stamp = () => new Date(s.ctx.now()).toISOString();

  app.route('post', routePath(collection), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, collection);
    requireSetting(call, 'manageSuggestion');
    const body = portalBody(vendorNames(createSuggestionBodySchema), rc.body);
    const attachments = takeUploads(s, call, body.attachments?.attachment ?? [], undefined, 'attachments.attachment');
    const by = { id: call.user.id, kind: call.user.kind };
    const rec = s.suggestions.add({
      tenant: call.user.tenant,
      portalId: call.portal.id,
      owner: by,
      name: body.name,
      description: body.description,
      content: body.content,
      language: { code: body.language.code },
      feedbackArticle: body.feedbackArticle ? { id: body.feedbackArticle.id } : undefined,
      customAttributes: body.customAttributes ?? [],
      attachments,
      comments: [],
      relatedArticles: body.feedbackArticle ? [{ id: body.feedbackArticle.id, name: 'feedback article' }] : [],
      status: 'pending',
      created: stamp(),
      modifiedDate: stamp(),
      modifiedBy: by,
    });
    for (const a of attachments) s.uploads.get(a.altId)!.linkedTo = rec.id;
    s.ctx.record({ kind: 'portal.suggestion', op: 'create', suggestionId: rec.id });
    rc.res.setHeader('location', `${s.linkBase()}/portals/${call.portal.id}/suggestions/${rec.id}`);
    sendJson(rc.res, 201);
  });

  app.route('put', routePath(collection), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, collection);
    requireSetting(call, 'manageSuggestion');
    const raw = (rc.body ?? {}) as Record<string, unknown>;
    if (typeof raw === 'object' && raw !== null && !MODIFY_OPTIONAL_ATTRIBUTES.some((k) => raw[k] !== undefined) && raw.customAttribute === undefined) {
      throw PlatformError.of('400-112', { name: MODIFY_OPTIONAL_ATTRIBUTES.join(', ') });
    }
    const body = portalBody(vendorNames(modifySuggestionBodySchema), rc.body);
    const rec = suggestionOf(s, call, body.id);
    if (rec.status !== 'pending') throw PlatformError.of('400-114', { id: rec.id, status: rec.status, reason: 'only a pending suggestion can be modified' });
    if (body.modifiedDate !== rec.modifiedDate) throw PlatformError.of('400-110', { name: `suggestion ${rec.id}`, modifiedDate: rec.modifiedDate });
    if (body.name !== undefined) rec.name = body.name;
    if (body.description !== undefined) rec.description = body.description;
    if (body.content !== undefined) rec.content = body.content;
    if (body.customAttributes !== undefined) rec.customAttributes = body.customAttributes;
    if (body.attachments?.unlink) {
      const gone = new Set(body.attachments.unlink.map((l) => (l.href ?? '').split('/').pop()));
      rec.attachments = rec.attachments.filter((a) => !gone.has(a.id));
    }
    if (body.attachments?.attachment) rec.attachments.push(...takeUploads(s, call, body.attachments.attachment, rec.id, 'attachments.attachment'));
    // Strictly later than the date the client read, so a stale modifiedDate is always caught.
    rec.modifiedDate = new Date(Math.max(s.ctx.now(), Date.parse(rec.modifiedDate) + 1)).toISOString();
    rec.modifiedBy = { id: call.user.id, kind: call.user.kind };
    sendJson(rc.res, 204);
  });

  app.route('get', routePath(collection), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, collection);
    requireSetting(call, 'mySuggestions');
    const status = rc.query.get('filter[status]');
    if (status !== null && !(SUGGESTION_STATUSES as readonly string[]).includes(status)) {
      throw PlatformError.of('400-196', { name: 'filter[status]', allowed: SUGGESTION_STATUSES.join(', ') });
    }
    const mine = s.suggestions.list((x) => x.tenant === call.user.tenant && x.portalId === call.portal.id && isOwner(call, x) && (status === null || x.status === (status as SuggestionStatus)));
    const view = (x: (typeof mine)[number]) => realisticSuggestion(suggestionView(x), `${s.linkBase()}/portals/${call.portal.id}/suggestions/${x.id}`, s.ctx.drifts());
    const p = page(rc, mine.map(view), `${s.ctx.baseUrl()}${rc.req.path?.() ?? ''}`);
    sendJson(rc.res, 200, { suggestion: p.items, paginationInfo: p.paginationInfo });
  });

  app.route('get', routePath(one), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, one);
    requireSetting(call);
    const rec = suggestionOf(s, call, rc.params.suggestionID!, true);
    sendJson(rc.res, 200, realisticSuggestion(suggestionView(rec), `${s.linkBase()}/portals/${call.portal.id}/suggestions/${rec.id}`, s.ctx.drifts(), { one: true }));
  });

  app.route('del', routePath(one), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, one);
    requireSetting(call, 'manageSuggestion');
    const rec = suggestionOf(s, call, rc.params.suggestionID!);
    if (rec.status === 'approved') throw PlatformError.of('400-111', { id: rec.id });
    s.suggestions.delete(rec.id);
    sendJson(rc.res, 204);
  });
}
