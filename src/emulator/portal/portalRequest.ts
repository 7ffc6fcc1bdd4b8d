/**
 * What every portal-manager route checks before its own work, in one place: the caller is a
 * user or customer (the portal's schemes are user and customer tokens, spec 5.3), the portal
 * id has the published form and exists, Accept-Language is present and from its list
 * (the assumed shapes of docs/platform-contract.md: required; 406-100 when not from the list), `$lang` and paging are from
 * their ranges, bodies fit their schema (400-112 for a missing attribute, 400-196 for a value
 * outside what is allowed: the portal's published codes).
 */
import type { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import { header } from '../../httpServer/errorResponse.js';
import type { RouteContext } from '../../httpServer/jsonServer.js';
import { ACCEPT_LANGUAGES, QUERY_LANGUAGES } from '../../schemas/languages.js';
import { isPortalId } from '../../schemas/patterns.js';
import { formatIssuePath } from '../../schemas/guidedHelp.js';
import type { Caller, EmulatorContext } from '../emulatorContext.js';
import type { PortalUser } from './guided/guidedHelpEngine.js';
import type { KnowledgeBase } from './knowledge/knowledgeBase.js';
import type { PortalData } from './knowledge/knowledgeSchema.js';

/** Portal manager base path (docs/platform-contract.md, assumed shapes). */
export const PORTAL_BASE = '/knowledge/portalmgr/v4';

export interface PortalCall {
  caller: Caller;
  user: PortalUser;
  portal: PortalData;
  /** The language of texts in the answer: `$lang`, else the portal's default (spec 4.5). */
  lang: string;
}

/** Accept-Language is required and must be one value of its list (a q-list is read by its first entry). */
export function requireAcceptLanguage(rc: RouteContext): string {
  const raw = header(rc.req, 'accept-language');
  // `*` (any language, what fetch sends by default) names no language either.
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') throw PlatformError.of('400-112', { name: 'Accept-Language' });
  const first = raw.split(',')[0]!.split(';')[0]!.trim();
  const hit = ACCEPT_LANGUAGES.find((l) => l.toLowerCase() === first.toLowerCase());
  if (!hit) throw PlatformError.of('406-100', { value: first });
  return hit;
}

export function queryLanguage(rc: RouteContext): string | undefined {
  const v = rc.query.get('$lang');
  if (v === null) return undefined;
  const hit = QUERY_LANGUAGES.find((l) => l === v);
  if (!hit) throw PlatformError.of('400-196', { name: '$lang', allowed: QUERY_LANGUAGES.join(', ') });
  return hit;
}

/** The portal of the path: 400-196 when the id cannot be one, 404-101 when there is none. */
export function portalOf(kb: KnowledgeBase, rc: RouteContext): PortalData {
  const id = rc.params.portalID ?? '';
  if (!isPortalId(id)) throw PlatformError.of('400-196', { name: 'portalID', allowed: '2-4 letters, a dash, 4-15 digits' });
  const p = kb.portal(id);
  if (!p) throw PlatformError.of('404-101', { name: `portalID ${id}` });
  return p;
}

/** The user or customer of a token; a token standing for an application alone is refused (403-198). */
export function portalUserOf(caller: Caller): PortalUser {
  const s = caller.subject;
  if (!s || (s.kind !== 'user' && s.kind !== 'customer')) {
    throw PlatformError.of('403-198', { reason: 'portal operations need a user or customer token' });
  }
  return { tenant: caller.tenant, id: s.id, kind: s.kind, profileIds: s.profileIds, admin: s.admin };
}

/**
 * Runs `check`; with the errorStatus drift on (F3), a 406-100 it throws is answered with status
 * 400, as the vendor's examples show: an error code whose first number is not the status.
 */
export function withDriftedStatus<T>(ctx: EmulatorContext, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (!(err instanceof PlatformError) || err.code !== '406-100' || !ctx.drifts().has('errorStatus')) throw err;
    throw new PlatformError({ status: 400, code: err.code, developerMessage: err.developerMessage, details: err.details, userMessage: err.userMessage });
  }
}

/**
 * Authorizes a portal call (401 / 403-197 / 429-001 / faults through the shared context), then
 * checks the user, Accept-Language, the portal and `$lang`, in that order.
 */
export async function beginPortalCall(ctx: EmulatorContext, kb: KnowledgeBase, rc: RouteContext, template: string): Promise<PortalCall> {
  const caller = await ctx.authorize(rc, { service: 'portalmgr', template });
  const user = portalUserOf(caller);
  // Error text follows Accept-Language (E3); the resource's own text follows $lang (4.5).
  withDriftedStatus(ctx, () => requireAcceptLanguage(rc));
  const portal = portalOf(kb, rc);
  const lang = queryLanguage(rc) ?? portal.defaultLanguage;
  ctx.record({ kind: 'portal', method: rc.req.method, template, portalId: portal.id, tenant: caller.tenant, subject: user.id });
  return { caller, user, portal, lang };
}

/** `$pagenum` (1-999, default 1) and `$pagesize` (1-75, default 10), the assumed shapes of docs/platform-contract.md. */
export function paging(rc: RouteContext): { pagenum: number; pagesize: number } {
  const read = (name: string, dflt: number, max: number) => {
    const raw = rc.query.get(name);
    if (raw === null) return dflt;
    const n = Number(raw);
    if (!/^[0-9]+$/.test(raw) || n < 1 || n > max) throw PlatformError.of('400-196', { name, allowed: `1-${max}` });
    return n;
  };
  return { pagenum: read('$pagenum', 1, 999), pagesize: read('$pagesize', 10, 75) };
}

/** One page of `items` with the paginationInfo of 2.2 (links to prev and next when they exist). */
/** The restify path of a template: `{name}` becomes `:name`. */
export function routePath(template: string): string {
  return PORTAL_BASE + template.replace(/\{(\w+)\}/g, ':$1');
}

export function page<T>(rc: RouteContext, items: T[], selfHref: string): { items: T[]; paginationInfo: { count: number; pagenum: number; pagesize: number; link: { rel: string; href: string }[] } } {
  const { pagenum, pagesize } = paging(rc);
  const start = (pagenum - 1) * pagesize;
  const href = (n: number) => `${selfHref}${selfHref.includes('?') ? '&' : '?'}$pagenum=${n}&$pagesize=${pagesize}`;
  const link = [{ rel: 'self', href: href(pagenum) }];
  if (pagenum > 1) link.push({ rel: 'prev', href: href(pagenum - 1) });
  if (start + pagesize < items.length) link.push({ rel: 'next', href: href(pagenum + 1) });
  return { items: items.slice(start, start + pagesize), paginationInfo: { count: items.length, pagenum, pagesize, link } };
}

/** A JSON body checked by `schema`: 400-112 names a missing attribute, 400-196 a wrong one. */
export function portalBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw PlatformError.of('400-100', { reason: 'the body must be a JSON object' });
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const missing = parsed.error.issues.find((i) => i.code === 'invalid_type' && /received undefined/.test(i.message));
  if (missing) throw PlatformError.of('400-112', { name: formatIssuePath(missing.path) });
  const first = parsed.error.issues[0]!;
  throw PlatformError.of('400-196', { name: formatIssuePath(first.path), allowed: first.message });
}
