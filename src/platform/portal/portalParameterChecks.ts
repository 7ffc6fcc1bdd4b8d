/**
 * Checks the portal manager client makes BEFORE any network call (P1, P2, P5, P6 and the
 * paging limits of the assumed shapes of docs/platform-contract.md). Each refusal is a PlatformError, the one error type the
 * caller also gets from the platform: 400-112 for a missing parameter, 400-196 for a value
 * outside its allowed values, and 406-100 for an Accept-Language outside its list (the code the
 * platform itself answers for that case, the assumed shapes of docs/platform-contract.md, so a caller handles a local and a
 * remote refusal alike).
 */
import type { z } from 'zod';
import { GH_CUSTOM_ATTRIBUTE_PATTERN } from '../../schemas/patterns.js';
import { PlatformError } from '../../errors/platformError.js';
import { ACCEPT_LANGUAGES, QUERY_LANGUAGES } from '../../schemas/languages.js';
import { isPortalId, NUMERIC_ID_PATTERN } from '../../schemas/patterns.js';
import { MAX_PAGE_SIZE } from '../../schemas/guidedHelp.js';

/** Header names of the activity, tenant and interaction identifiers (4.5), lower case. */
export const ACTIVITY_HEADER = 'x-platform-activity-id';
export const INTEGRATION_HEADER = 'x-ext-integration-id';
export const INTERACTION_HEADER = 'x-ext-interaction-id';
export const IDENTIFIER_HEADERS = [INTEGRATION_HEADER, ACTIVITY_HEADER, INTERACTION_HEADER] as const;

export { GH_CUSTOM_ATTRIBUTE_PATTERN };

export const MAX_PAGE_NUMBER = 999;

export function missing(name: string): PlatformError {
  return PlatformError.of('400-112', { name });
}

export function badValue(name: string, allowed: string): PlatformError {
  return PlatformError.of('400-196', { name, allowed });
}

/** P1: 2-4 letters, a dash, 4-15 digits. */
export function assertPortalId(portalID: unknown): asserts portalID is string {
  if (portalID === undefined || portalID === null || portalID === '') throw missing('portalID');
  if (!isPortalId(portalID)) throw badValue('portalID', '2-4 letters, a dash, 4-15 digits');
}

/** `$lang` (4.5): one of its 41 values. */
export function assertQueryLanguage(lang: string | undefined): void {
  if (lang !== undefined && !(QUERY_LANGUAGES as readonly string[]).includes(lang)) throw badValue('$lang', QUERY_LANGUAGES.join(', '));
}

/** Accept-Language (4.5): required, and one of its own 15 values (not the `$lang` list). */
export function assertAcceptLanguage(value: string | undefined): asserts value is string {
  if (value === undefined || value.trim() === '') throw missing('Accept-Language');
  if (!(ACCEPT_LANGUAGES as readonly string[]).includes(value)) {
    throw PlatformError.of('406-100', { value }, { details: [{ key: 'Accept-Language', value }, { key: 'allowed', value: ACCEPT_LANGUAGES.join(', ') }] });
  }
}

/** ghCustomAdditionalAttributes: each `question.custom.<internal_name>`; several are sent comma-separated. */
export function ghCustomAttributesQuery(value: string | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : [...value];
  if (list.length === 0 || list.some((v) => !GH_CUSTOM_ATTRIBUTE_PATTERN.test(v))) {
    throw badValue('ghCustomAdditionalAttributes', 'question.custom.<internal_name>');
  }
  return list.join(',');
}

/** `$pagenum` 1-999 and `$pagesize` 1-75 (the assumed shapes of docs/platform-contract.md; 75 is also spec 8.8). */
export function assertPaging(page: { pagenum?: number; pagesize?: number }): void {
  const { pagenum, pagesize } = page;
  if (pagenum !== undefined && !(Number.isInteger(pagenum) && pagenum >= 1 && pagenum <= MAX_PAGE_NUMBER)) {
    throw badValue('$pagenum', `an integer from 1 to ${MAX_PAGE_NUMBER}`);
  }
  if (pagesize !== undefined && !(Number.isInteger(pagesize) && pagesize >= 1 && pagesize <= MAX_PAGE_SIZE)) {
    throw badValue('$pagesize', `an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
}

/**
 * P2, the identifier headers of resume-quickpick: x-platform-activity-id may go alone and is
 * numeric; x-ext-integration-id (numeric tenant id) and x-ext-interaction-id only together.
 */
export function assertResumeIdentifierHeaders(headers: Record<string, string>): void {
  const activity = headers[ACTIVITY_HEADER];
  const integration = headers[INTEGRATION_HEADER];
  const interaction = headers[INTERACTION_HEADER];
  if (activity !== undefined && !NUMERIC_ID_PATTERN.test(activity)) throw badValue(ACTIVITY_HEADER, 'a numeric interaction identifier');
  if (integration !== undefined && !NUMERIC_ID_PATTERN.test(integration)) throw badValue(INTEGRATION_HEADER, 'a numeric tenant identifier');
  if (integration !== undefined && interaction === undefined) throw missing(`${INTERACTION_HEADER} (sent together with ${INTEGRATION_HEADER})`);
  if (interaction !== undefined && integration === undefined) throw missing(`${INTEGRATION_HEADER} (sent together with ${INTERACTION_HEADER})`);
}

/** P5, P6: at least one of the tenant, activity or interaction headers, because `why`. */
export function assertSomeIdentifierHeader(headers: Record<string, string>, why: string): void {
  if (!IDENTIFIER_HEADERS.some((h) => headers[h] !== undefined)) throw missing(`${IDENTIFIER_HEADERS.join(' or ')} (${why})`);
}

/**
 * A request body that fails its schema: 400-112 naming the first attribute that is absent,
 * else 400-196 naming the first attribute with a bad value. Messages only, never the values.
 */
export function refusalFromIssues(issues: readonly z.core.$ZodIssue[], body: unknown, what: string): PlatformError {
  if (body === undefined || body === null) return missing(what);
  const name = (i: z.core.$ZodIssue) => (i.path.length ? i.path.map(String).join('.') : what);
  const absent = issues.find((i) => i.path.length > 0 && valueAt(body, i.path) === undefined);
  if (absent) return missing(name(absent));
  const first = issues[0]!;
  return badValue(name(first), first.message);
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = body;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
