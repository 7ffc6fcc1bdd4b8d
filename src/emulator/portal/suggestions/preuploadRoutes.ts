/**
 * Attachment uploads as the vendor's client makes them (F1 of docs/platform-contract.md), beside
 * the project's assumed `.../suggestions/attachments/uploadurl` (suggestionDetailRoutes.ts):
 *
 * - POST {portal manager base}/attachment/preupload `{name, size}` (Accept-Language required, a
 *   user or customer token) answers 200 `{altId, name, contentUrl}`, where contentUrl is a
 *   signed `.../attachment/upload?signature=...` URL;
 * - POST that URL with the bytes as application/octet-stream answers 201; the altId then links
 *   the file in a suggestion's `attachments.attachment[]`, as an uploadurl altId does.
 *
 * Refusals use the statuses the vendor lists for uploads (400, 401, 403, 404, 406, 415, 500):
 * a size over the limit or bytes that differ from the declared size are 400-196, a signature
 * that is wrong or expired 403-198, another content type 415-100.
 */
import { z } from 'zod';
import { PlatformError } from '../../../errors/platformError.js';
import { header } from '../../../httpServer/errorResponse.js';
import { readRawBody } from '../../../httpServer/jsonBody.js';
import { sendJson } from '../../../httpServer/jsonServer.js';
import { PORTAL_BASE, portalBody, portalUserOf, requireAcceptLanguage, routePath, withDriftedStatus } from '../portalRequest.js';
import type { PortalServices } from '../portalServices.js';
import { ANY_PORTAL, PREUPLOAD_TEMPLATE, VENDOR_UPLOAD_TEMPLATE } from './attachmentUploads.js';
import { MAX_ATTACHMENT_BYTES } from './suggestionDetailRoutes.js';

const OCTET_STREAM = 'application/octet-stream';

const preuploadBodySchema = z.looseObject({
  name: z.string().min(1).max(255),
  size: z.number().int().nonnegative(),
});

export function registerPreuploadRoutes(s: PortalServices): void {
  const { app } = s.ctx;

  app.route('post', routePath(PREUPLOAD_TEMPLATE), async (rc) => {
    const caller = await s.ctx.authorize(rc, { service: 'portalmgr', template: PREUPLOAD_TEMPLATE });
    const user = portalUserOf(caller);
    withDriftedStatus(s.ctx, () => requireAcceptLanguage(rc));
    const body = portalBody(preuploadBodySchema, rc.body);
    if (body.size > MAX_ATTACHMENT_BYTES) throw PlatformError.of('400-196', { name: 'size', allowed: `0-${MAX_ATTACHMENT_BYTES}` });
    const u = s.uploads.create({ tenant: user.tenant, portalId: ANY_PORTAL, ownerId: user.id, fileName: body.name, contentType: OCTET_STREAM, size: body.size });
    s.ctx.record({ kind: 'portal', method: 'POST', template: PREUPLOAD_TEMPLATE, tenant: user.tenant, subject: user.id });
    sendJson(rc.res, 200, { altId: u.altId, name: u.fileName, contentUrl: s.uploads.vendorUrl(`${s.ctx.baseUrl()}${PORTAL_BASE}`, u.altId, s.ctx.now()) });
  });

  // The signed URL carries its own authorisation; no bearer token.
  app.route(
    'post',
    routePath(VENDOR_UPLOAD_TEMPLATE),
    async (rc) => {
      const altId = rc.query.get('altId') ?? '';
      s.uploads.verify(altId, 'POST', rc.query, s.ctx.now());
      const u = s.uploads.get(altId);
      if (!u) throw PlatformError.of('404-101', { name: `upload ${altId}` });
      const type = (header(rc.req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== OCTET_STREAM) throw PlatformError.of('415-100', { value: type || 'none' });
      const data = await readRawBody(rc.req, u.size);
      if (data.length !== u.size) throw PlatformError.of('400-196', { name: 'body', allowed: `exactly ${u.size} bytes, as declared` });
      u.data = data;
      sendJson(rc.res, 201);
    },
    { parseJson: false },
  );
}
