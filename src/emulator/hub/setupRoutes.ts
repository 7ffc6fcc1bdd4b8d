/**
 * Create, list, get, update (PUT) and delete of the six setup resources of 4.2, under the
 * conversation manager's base path. Create answers 201 `{id}`; list `{paginationInfo,
 * <resource>: [...]}` (authentications: `{authentication: [...]}` as spec 4.2 shows it); get
 * and update the resource with id, created, modified; delete 204. A delete that spec 3.5
 * forbids is refused with 409-100 naming the resource that uses it (C4).
 */
import { PlatformError } from '../../errors/platformError.js';
import { sendJson, type RouteContext } from '../../httpServer/jsonServer.js';
import { SETUP_RESOURCES, type SetupResource } from '../../schemas/conversationOperations.js';
import { REQUIRED_SCOPES } from '../../schemas/requiredScopes.js';
import { parseBody } from '../bodyValidation.js';
import type { EmulatorContext } from '../emulatorContext.js';
import { HUB_BASE } from './hubPaths.js';
import { RESOURCE_KINDS, referencedIds, type ResourceKind } from './resourceKinds.js';
import { viewOf, type ResourceStore } from './resourceStore.js';
import { foreignAuthentication, realisticAuthentication } from '../realistic/realisticAnswers.js';

export type ResourceStores = Record<SetupResource, ResourceStore>;

/** Refuses a document that references a resource the tenant does not have (400-113). */
function checkReferences(kind: ResourceKind, doc: Record<string, unknown>, tenant: string, stores: ResourceStores): void {
  for (const ref of kind.references) {
    for (const id of referencedIds(doc, ref.key)) {
      if (!stores[ref.target].get(tenant, id)) throw PlatformError.of('400-113', { resource: RESOURCE_KINDS[ref.target].label, id });
    }
  }
}

/** The first resource whose reference forbids deleting `id` of `target` (spec 3.5), if any. */
export function firstBlocker(target: SetupResource, id: string, tenant: string, stores: ResourceStores): string | undefined {
  for (const kind of Object.values(RESOURCE_KINDS)) {
    for (const ref of kind.references) {
      if (ref.target !== target || !ref.blocksDelete) continue;
      const user = stores[kind.resource].list(tenant).find((r) => referencedIds(r.doc, ref.key).includes(id));
      if (user) return `${kind.label} ${user.id}`;
    }
  }
  return undefined;
}

function paging(ctx: RouteContext, count: number): { pagenum: number; pagesize: number } {
  const num = Number(ctx.query.get('$pagenum') ?? 1);
  const size = Number(ctx.query.get('$pagesize') ?? Math.max(count, 1));
  if (!Number.isInteger(num) || num < 1) throw PlatformError.of('400-196', { name: '$pagenum', allowed: 'an integer from 1' });
  if (!Number.isInteger(size) || size < 1) throw PlatformError.of('400-196', { name: '$pagesize', allowed: 'an integer from 1' });
  return { pagenum: num, pagesize: size };
}

export function registerSetupRoutes(ctx: EmulatorContext, stores: ResourceStores): void {
  /** A resource as GET answers it; authentications with their payload masked in realistic mode (R7). */
  const readBack = (resource: SetupResource, view: Record<string, unknown>) =>
    resource === 'authentications' && ctx.drifts().has('maskedSecrets') ? realisticAuthentication(view) : view;

  const { app } = ctx;
  for (const resource of SETUP_RESOURCES) {
    const kind = RESOURCE_KINDS[resource];
    const store = stores[resource];
    const collection = `/${resource}`;
    const one = `/${resource}/{id}`;
    const notFound = (id: string) => PlatformError.of('404-101', { name: `${kind.label} ${id}` });
    const guard = (rc: RouteContext, template: string, op: keyof typeof REQUIRED_SCOPES) =>
      ctx.authorize(rc, { service: 'conversationmgr', template, anyOfScopes: [...REQUIRED_SCOPES[op]] });

    app.route('post', `${HUB_BASE}${collection}`, async (rc) => {
      const caller = await guard(rc, collection, `${resource}.create`);
      const doc = parseBody(kind.schema, rc.body);
      checkReferences(kind, doc, caller.tenant, stores);
      const created = store.create(caller.tenant, doc);
      sendJson(rc.res, 201, { id: created.id });
    });

    app.route('get', `${HUB_BASE}${collection}`, async (rc) => {
      const caller = await guard(rc, collection, `${resource}.list`);
      const all = store.list(caller.tenant).map((r) => readBack(resource, viewOf(r)));
      if (resource === 'authentications') {
        // A real tenant also holds authentications other tools wrote (R7).
        const foreign = ctx.drifts().has('maskedSecrets') ? [foreignAuthentication(caller.tenant)] : [];
        return sendJson(rc.res, 200, { [kind.listField]: [...foreign, ...all] });
      }
      const { pagenum, pagesize } = paging(rc, all.length);
      const items = all.slice((pagenum - 1) * pagesize, pagenum * pagesize);
      const href = (n: number) => `${ctx.baseUrl()}${HUB_BASE}${collection}?$pagenum=${n}&$pagesize=${pagesize}`;
      const link = [{ rel: 'self', href: href(pagenum) }];
      if (pagenum > 1) link.push({ rel: 'prev', href: href(pagenum - 1) });
      if (pagenum * pagesize < all.length) link.push({ rel: 'next', href: href(pagenum + 1) });
      sendJson(rc.res, 200, { paginationInfo: { count: all.length, pagenum, pagesize, link }, [kind.listField]: items });
    });

    app.route('get', `${HUB_BASE}${collection}/:id`, async (rc) => {
      const caller = await guard(rc, one, `${resource}.get`);
      const found = store.get(caller.tenant, rc.params.id);
      if (!found) throw notFound(rc.params.id);
      sendJson(rc.res, 200, readBack(resource, viewOf(found)));
    });

    app.route('put', `${HUB_BASE}${collection}/:id`, async (rc) => {
      const caller = await guard(rc, one, `${resource}.update`);
      if (!store.get(caller.tenant, rc.params.id)) throw notFound(rc.params.id);
      const doc = parseBody(kind.schema, rc.body);
      checkReferences(kind, doc, caller.tenant, stores);
      // `modified` in the body (2.1) is accepted and not compared: the spec does not say it is a precondition.
      const updated = store.replace(caller.tenant, rc.params.id, doc)!;
      sendJson(rc.res, 200, readBack(resource, viewOf(updated)));
    });

    app.route('del', `${HUB_BASE}${collection}/:id`, async (rc) => {
      const caller = await guard(rc, one, `${resource}.delete`);
      if (!store.get(caller.tenant, rc.params.id)) throw notFound(rc.params.id);
      const usedBy = firstBlocker(resource, rc.params.id, caller.tenant, stores);
      if (usedBy) throw PlatformError.of('409-100', { resource: kind.label, id: rc.params.id, usedBy });
      store.delete(caller.tenant, rc.params.id);
      sendJson(rc.res, 204);
    });
  }
}
