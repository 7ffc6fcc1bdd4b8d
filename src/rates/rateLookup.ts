/**
 * Lookups over the section-8 table (rateTable.ts): the rate of one call (L1, L4), the bucket
 * a call draws from (L2), the refill interval of a bucket (L3), and which service version a
 * base path names (9.1, 9.2).
 *
 * Paths are relative to the service base path. A path may be concrete (`/assets/abc-123`) or a
 * template (`/assets/{id}`); in a template `{name}` matches exactly one non-empty segment.
 * The query string and a trailing slash are not part of the endpoint path (rule 8.1 speaks of
 * method and path), so they are dropped before matching.
 */
import { PLANS, RATE_TABLE, SERVICE_DISPLAY_NAMES, VERSIONS, type Plan, type RateRow, type ServiceName, type Version } from './rateTable.js';

export type { HttpMethod, Plan, ServiceName, Version } from './rateTable.js';

/** A known endpoint template; without a method it applies to every method. */
export interface EndpointTemplate {
  readonly method?: string;
  readonly path: string;
}

/** One override of a custom plan; without service/version it applies to every service. */
export interface CustomSpecial {
  readonly service?: ServiceName;
  readonly version?: Version;
  readonly method: string;
  readonly path: string;
  readonly rate: number;
}

/**
 * A negotiated plan outside the three of section 8. Resolution order for one call:
 * 1. a matching entry of `specials` (an array, or a map keyed `'METHOD /template'` that
 *    applies to every service);
 * 2. with `base`, a special endpoint of the table that names the base plan;
 * 3. `defaultRate`;
 * 4. the row default of `base`.
 * So `{ base: 'Enterprise', specials: {...} }` is "Enterprise with a few overrides", and
 * `{ defaultRate: 2 }` is a flat 2 req/s everywhere. One of `base` / `defaultRate` is required.
 */
export type CustomPlan = {
  readonly name: 'custom';
  readonly specials?: readonly CustomSpecial[] | Readonly<Record<string, number>>;
} & ({ readonly base: Plan; readonly defaultRate?: number } | { readonly base?: Plan; readonly defaultRate: number });

export type RatePlan = Plan | CustomPlan;

export interface RateQuery {
  readonly service: ServiceName;
  readonly version: Version;
  readonly plan: RatePlan;
  readonly method: string;
  /** Concrete path or template, relative to the service base path. */
  readonly path: string;
}

const PARAM_SEGMENT = /^\{[^/{}]+\}$/;
const PLAN_SET = new Set<string>(PLANS);

/** Drops query, fragment and a trailing slash; adds a leading slash if missing. */
export function normalizePath(path: string): string {
  let p = path.replace(/[?#].*$/, '');
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function segments(path: string): string[] {
  return normalizePath(path).split('/').slice(1);
}

/**
 * True when `path` (concrete or template) falls under `template`. A template's `{name}`
 * matches any non-empty segment, including a parameter of the caller's template; a literal
 * segment matches only the same literal, so `/conversations/{cid}` never counts as
 * `/conversations/messages`.
 */
export function matchesTemplate(template: string, path: string): boolean {
  const t = segments(template);
  const p = segments(path);
  if (t.length !== p.length) return false;
  return t.every((seg, i) => (PARAM_SEGMENT.test(seg) ? p[i] !== '' : seg === p[i] && !PARAM_SEGMENT.test(p[i])));
}

/** Router order: at the first segment where they differ in kind, a literal beats a parameter. */
function moreSpecific(a: string, b: string): boolean {
  const sa = segments(a);
  const sb = segments(b);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = PARAM_SEGMENT.test(sa[i]);
    const pb = PARAM_SEGMENT.test(sb[i]);
    if (pa !== pb) return pb;
  }
  return false;
}

/** The most specific candidate whose method and template match the call, if any. */
function bestMatch<T extends { method?: string; path: string }>(candidates: readonly T[], method: string, path: string): T | undefined {
  let best: T | undefined;
  for (const c of candidates) {
    if (c.method !== undefined && c.method.toUpperCase() !== method) continue;
    if (!matchesTemplate(c.path, path)) continue;
    if (best === undefined || moreSpecific(c.path, best.path)) best = c;
  }
  return best;
}

/**
 * The bucket key of a call, relative to one service version (the store adds tenant and
 * service): method plus path TEMPLATE, so `GET /assets/1` and `GET /assets/2` share
 * `GET /assets/{id}` (L2, one bucket per method+path).
 *
 * A concrete path that matches no known template is keyed by the path as it is (normalised
 * as above). That invents no template: we cannot tell an id segment from a literal one, and
 * guessing could merge two different endpoints into one bucket, which rule 8.2 forbids. The
 * cost: if the platform buckets that path by template, distinct ids get distinct buckets here
 * and may meet a 429, which the backoff of L5 absorbs. Register the template to avoid it.
 */
export function bucketKeyFor(method: string, path: string, templates: readonly (string | EndpointTemplate)[] = []): string {
  const m = method.toUpperCase();
  const known = templates.map((t) => (typeof t === 'string' ? { path: t } : t));
  const hit = bestMatch(known, m, path);
  return `${m} ${normalizePath(hit ? hit.path : path)}`;
}

const ROWS = new Map<string, RateRow>();
for (const row of RATE_TABLE) for (const v of row.versions) ROWS.set(`${row.service} ${v}`, row);

/** The table row of one service version; throws for a version the table does not list. */
export function rowFor(service: ServiceName, version: Version): RateRow {
  const row = ROWS.get(`${service} ${version}`);
  if (!row) throw new RangeError(`no rate-table row for ${service} ${version} (section 8 lists each service's versions)`);
  return row;
}

/** The special endpoints of one service version, ready to pass to bucketKeyFor. */
export function specialTemplatesFor(service: ServiceName, version: Version): EndpointTemplate[] {
  return rowFor(service, version).specials.map((s) => ({ method: s.method, path: s.path }));
}

/** The table rate of a named plan: the special endpoint's cell if it names the plan, else the row default (L4). */
function tableRate(row: RateRow, plan: Plan, method: string, path: string): number {
  return bestMatch(row.specials, method, path)?.rates[plan] ?? row.defaultRates[plan];
}

const MAP_KEY = /^([A-Za-z]+)\s+(\/\S*)$/;

function customSpecials(plan: CustomPlan): readonly CustomSpecial[] {
  const s = plan.specials;
  if (s === undefined || Array.isArray(s)) return (s as readonly CustomSpecial[] | undefined) ?? [];
  return Object.entries(s as Record<string, number>).map(([key, rate]) => {
    const m = MAP_KEY.exec(key.trim());
    if (!m) throw new RangeError(`custom plan: special "${key}" is not "METHOD /path"`);
    return { method: m[1], path: m[2], rate };
  });
}

function customRate(plan: CustomPlan, row: RateRow, q: RateQuery, method: string): number {
  const scoped = customSpecials(plan).filter((s) => (s.service ?? q.service) === q.service && (s.version ?? q.version) === q.version);
  const own = bestMatch(scoped, method, q.path);
  if (own) return own.rate;
  if (plan.base !== undefined) {
    const special = bestMatch(row.specials, method, q.path)?.rates[plan.base];
    if (special !== undefined) return special;
  }
  if (plan.defaultRate !== undefined) return plan.defaultRate;
  if (plan.base !== undefined) return row.defaultRates[plan.base];
  throw new RangeError('custom plan needs a base plan or a defaultRate');
}

/** Requests per second allowed for one call under a plan (L1, L4). */
export function rateFor(q: RateQuery): number {
  const row = rowFor(q.service, q.version);
  const method = q.method.toUpperCase();
  let r: number;
  if (typeof q.plan === 'string') {
    // Checked at run time too: plans usually come from configuration, not from typed code.
    if (!PLAN_SET.has(q.plan)) throw new RangeError(`unknown plan "${q.plan}" (expected ${PLANS.join(', ')} or a custom plan)`);
    r = tableRate(row, q.plan, method, q.path);
  } else {
    r = customRate(q.plan, row, q, method);
  }
  if (!(r > 0) || !Number.isFinite(r)) throw new RangeError(`rate for ${method} ${q.path} is not a positive number: ${r}`);
  return r;
}

/** Milliseconds between two tokens of a bucket refilling at `rate` req/s (L3: 0.5 → 2000, 0.16 → 6250). */
export function intervalMsFor(rate: number): number {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`rate must be a positive number of req/s, got ${rate}`);
  return 1000 / rate;
}

/**
 * The service version a base path names (9.1: the version is part of the base path), e.g.
 * `/conversation/conversationmgr/v3`, `https://host/knowledge/portalmgr/v4/`. Only the last
 * two segments count (`<service id>/<version>`): what comes before is the base URL and the
 * hub, which are configuration. Undefined when the pair is not a row of the table (9.2), so
 * `/knowledge/eventmgr/v3` is refused: the event manager exists in v4 only.
 */
export function serviceForBasePath(basePath: string): { service: ServiceName; version: Version } | undefined {
  let path = basePath.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return undefined;
    }
  }
  const segs = normalizePath(path).split('/').filter((s) => s !== '');
  if (segs.length < 2) return undefined;
  const [service, version] = segs.slice(-2);
  if (!Object.hasOwn(SERVICE_DISPLAY_NAMES, service) || !(VERSIONS as readonly string[]).includes(version)) return undefined;
  if (!ROWS.has(`${service} ${version}`)) return undefined;
  return { service: service as ServiceName, version: version as Version };
}
