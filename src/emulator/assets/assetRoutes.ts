/**
 * Assets (4.2, C6). POST /assets declares a content type and a size and answers 201 with the
 * asset id and a signed upload `contentUrl` (PUT, expiring); the upload must carry exactly
 * that Content-Type (else 415-100) and that many bytes (more: 413-100, fewer: 400-101).
 * GET /assets/{id} answers a signed download `contentUrl` (GET, expiring). DELETE answers 204,
 * or 409-100 once a message used the asset (3.4, C4). The signed URLs are served by the
 * emulator under /emulator/blobs and carry their own authorisation (no bearer token).
 */
import { PlatformError } from '../../errors/platformError.js';
import { header } from '../../httpServer/errorResponse.js';
import { readRawBody } from '../../httpServer/jsonBody.js';
import { sendJson } from '../../httpServer/jsonServer.js';
import { REQUIRED_SCOPES } from '../../schemas/requiredScopes.js';
import { assetDeclarationSchema } from '../../schemas/resourceSchemas.js';
import { parseBody } from '../bodyValidation.js';
import type { EmulatorContext } from '../emulatorContext.js';
import { HUB_BASE } from '../hub/hubPaths.js';
import type { AssetStore, StoredAsset } from './assetStore.js';
import { BLOB_PATH, signedUrl, verifySignedRequest } from './signedUrl.js';

export interface AssetOptions {
  signingKey: Buffer;
  /** How long a signed URL stays valid. */
  urlTtlMs: number;
  maxAssetBytes: number;
}

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;.*)?$/i;
const normalizeType = (t: string) => t.trim().toLowerCase().replace(/\s*;\s*/g, ';');

function assetView(a: StoredAsset): Record<string, unknown> {
  return { ...a.doc, id: a.id, contentType: a.contentType, size: a.size, created: a.created, uploaded: a.uploaded !== undefined };
}

/** Declares an asset of a tenant and answers its view with a signed upload URL (what POST /assets answers). */
export type DeclareAsset = (tenant: string, body: unknown) => Record<string, unknown>;

/** Registers the asset routes; returns the declaration, for the customer side's own upload (N5). */
export function registerAssetRoutes(ctx: EmulatorContext, assets: AssetStore, opts: AssetOptions): DeclareAsset {
  const { app } = ctx;
  const url = (a: StoredAsset, method: 'PUT' | 'GET') => {
    const expires = ctx.now() + opts.urlTtlMs;
    return { contentUrl: signedUrl(ctx.baseUrl(), opts.signingKey, a.id, method, expires), expires: new Date(expires).toISOString() };
  };
  const notFound = (id: string) => PlatformError.of('404-101', { name: `asset ${id}` });

  const declare: DeclareAsset = (tenant, body) => {
    const decl = parseBody(assetDeclarationSchema, body);
    if (!MEDIA_TYPE.test(decl.contentType)) throw PlatformError.of('400-196', { name: 'contentType', allowed: 'a media type such as image/png' });
    if (decl.size > opts.maxAssetBytes) throw PlatformError.of('413-100', { limit: opts.maxAssetBytes });
    const a = assets.create(tenant, decl);
    return { ...assetView(a), ...url(a, 'PUT') };
  };

  app.route('post', `${HUB_BASE}/assets`, async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'conversationmgr', template: '/assets', anyOfScopes: [...REQUIRED_SCOPES['assets.create']] });
    sendJson(rc.res, 201, declare(caller.tenant, rc.body));
  });

  app.route('get', `${HUB_BASE}/assets/:id`, async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'conversationmgr', template: '/assets/{id}', anyOfScopes: [...REQUIRED_SCOPES['assets.get']] });
    const a = assets.get(caller.tenant, rc.params.id);
    if (!a) throw notFound(rc.params.id);
    sendJson(rc.res, 200, { ...assetView(a), ...url(a, 'GET') });
  });

  app.route('del', `${HUB_BASE}/assets/:id`, async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'conversationmgr', template: '/assets/{id}', anyOfScopes: [...REQUIRED_SCOPES['assets.delete']] });
    const a = assets.get(caller.tenant, rc.params.id);
    if (!a) throw notFound(rc.params.id);
    if (a.usedBy !== undefined) throw PlatformError.of('409-100', { resource: 'asset', id: a.id, usedBy: `message ${a.usedBy}` });
    assets.delete(a.id);
    sendJson(rc.res, 204);
  });

  app.route(
    'put',
    `${BLOB_PATH}/:id`,
    async (rc) => {
      verifySignedRequest(opts.signingKey, rc.params.id, 'PUT', rc.query, ctx.now());
      const a = assets.find(rc.params.id);
      if (!a) throw notFound(rc.params.id);
      if (a.usedBy !== undefined) throw PlatformError.of('409-101', { reason: `asset ${a.id} is used in a message and cannot be replaced` });
      const type = header(rc.req, 'content-type') ?? '';
      if (normalizeType(type) !== normalizeType(a.contentType)) throw PlatformError.of('415-100', { value: `${type || '(none)'}; declared ${a.contentType}` });
      const data = await readRawBody(rc.req, a.size);
      if (data.length !== a.size) throw PlatformError.of('400-101', { reason: `${data.length} bytes uploaded for an asset declared with size ${a.size}` });
      a.data = data;
      a.uploaded = new Date(ctx.now()).toISOString();
      sendJson(rc.res, 200, assetView(a));
    },
    { parseJson: false },
  );

  app.route('get', `${BLOB_PATH}/:id`, async (rc) => {
    verifySignedRequest(opts.signingKey, rc.params.id, 'GET', rc.query, ctx.now());
    const a = assets.find(rc.params.id);
    if (!a?.data) throw PlatformError.of('404-101', { name: `content of asset ${rc.params.id}` });
    rc.res.writeHead(200, { 'content-type': a.contentType, 'content-length': a.data.length });
    rc.res.end(a.data);
  });
  return declare;
}
