/**
 * The rate-limit table of spec section 8 as data (L1): every one of its 24 rows, with the
 * version(s) of the row, the default rate of each usage plan and every special endpoint.
 *
 * The data is written as close to the spec's cells as it can be, so a reviewer can check it
 * row by row against the spec:
 * - a row marked "v3 and v4" is ONE row with `versions: ['v3', 'v4']` (9.2: limits are set
 *   per version, and that row sets the same limits for both);
 * - a special-endpoint cell that names some plans only ("Developer default, Basic 1,
 *   Enterprise 5", "Enterprise 30") lists only those plans; the others keep the row default,
 *   which the lookup resolves (rateLookup.ts). Copying the default into the cell would make a
 *   later change of the default silently miss the special endpoints.
 *
 * The table is checked by a zod schema when this module loads, so a typo (a negative or
 * missing rate, a plan misspelt, a duplicate row) fails at start-up, not at the first 429.
 */
import { z } from 'zod';

export const PLANS = ['Developer', 'Basic', 'Enterprise'] as const;
/** The usage plans of section 8. */
export type Plan = (typeof PLANS)[number];

export const VERSIONS = ['v3', 'v4'] as const;
export type Version = (typeof VERSIONS)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Service ids and the spec's display names. The ids are the path segment that names the
 * service in its base path (`.../conversation/conversationmgr/v3`, `.../knowledge/eventmgr/v4`,
 * `.../knowledge/portalmgr/v4`); for services whose base path the spec does not show, the id
 * follows the same pattern (`<name>mgr`) and is our choice.
 */
export const SERVICE_DISPLAY_NAMES = {
  conversationmgr: 'Conversation Manager',
  messagerouter: 'Message Router',
  notificationmgr: 'Notification Manager',
  securemessagingmgr: 'Secure Messaging Manager',
  aiservices: 'AI Services',
  authmgr: 'Auth Manager',
  casemgr: 'Case Manager',
  customermgr: 'Customer Manager',
  departmentmgr: 'Department Manager',
  eventschannel: 'Events Channel',
  filemgr: 'File Manager',
  infomgr: 'Info Manager',
  integrationmgr: 'Integration Manager',
  knowledgegraphmgr: 'Knowledge Graph Manager',
  microservicesmgr: 'Micro Services Manager',
  permissionmgr: 'Permission Manager',
  personalizationmgr: 'Personalization Manager',
  usermgr: 'User Manager',
  workassignmentmgr: 'Work Assignment Manager',
  contentmgr: 'Content Manager',
  eventmgr: 'Event Manager',
  portalmgr: 'Portal Manager',
} as const;
/** A service id such as `conversationmgr`; its display name is in SERVICE_DISPLAY_NAMES. */
export type ServiceName = keyof typeof SERVICE_DISPLAY_NAMES;
export const SERVICE_NAMES = Object.keys(SERVICE_DISPLAY_NAMES) as [ServiceName, ...ServiceName[]];

/** Rates in req/s for each plan. */
export type PlanRates = Readonly<Record<Plan, number>>;

export interface SpecialEndpoint {
  readonly method: HttpMethod;
  /** Path template relative to the service base path; `{name}` stands for one segment. */
  readonly path: string;
  /** Only the plans the spec's cell names; a plan left out keeps the row default. */
  readonly rates: Readonly<Partial<Record<Plan, number>>>;
}

export interface RateRow {
  readonly service: ServiceName;
  readonly displayName: string;
  readonly versions: readonly Version[];
  readonly defaultRates: PlanRates;
  readonly specials: readonly SpecialEndpoint[];
}

const rate = z.number().finite().positive();
const planRatesSchema = z.strictObject({ Developer: rate, Basic: rate, Enterprise: rate });
const partialRatesSchema = z
  .strictObject({ Developer: rate.optional(), Basic: rate.optional(), Enterprise: rate.optional() })
  .refine((r) => Object.keys(r).length > 0, 'a special endpoint must name at least one plan');
// A path template: segments of literal text or a `{name}` parameter; no empty segment,
// no query string, no trailing slash (the lookup normalises concrete paths the same way).
const templateSchema = z.string().regex(/^(\/([^/{}?#]+|\{[A-Za-z][A-Za-z0-9_]*\}))+$/, 'not a path template');

const specialSchema = z.strictObject({
  method: z.enum(HTTP_METHODS),
  path: templateSchema,
  rates: partialRatesSchema,
});

const rowSchema = z
  .strictObject({
    service: z.enum(SERVICE_NAMES),
    displayName: z.string(),
    versions: z.array(z.enum(VERSIONS)).min(1),
    defaultRates: planRatesSchema,
    specials: z.array(specialSchema),
  })
  .superRefine((row, ctx) => {
    if (row.displayName !== SERVICE_DISPLAY_NAMES[row.service]) {
      ctx.addIssue({ code: 'custom', message: `${row.service}: display name "${row.displayName}" does not match` });
    }
    if (new Set(row.versions).size !== row.versions.length) {
      ctx.addIssue({ code: 'custom', message: `${row.service}: a version is listed twice` });
    }
    const endpoints = row.specials.map((s) => `${s.method} ${s.path}`);
    if (new Set(endpoints).size !== endpoints.length) {
      ctx.addIssue({ code: 'custom', message: `${row.service}: a special endpoint is listed twice` });
    }
  });

export const rateTableSchema = z.array(rowSchema).superRefine((rows, ctx) => {
  // Limits are set per version (9.2): one service version may appear in one row only.
  const seen = new Set<string>();
  for (const row of rows) {
    for (const v of row.versions) {
      const key = `${row.service} ${v}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `${key} appears in two rows` });
      seen.add(key);
    }
  }
});

/** A row of the table; `dev / basic / ent` in the order of the spec's Default column. */
function row(service: ServiceName, versions: Version[], dev: number, basic: number, ent: number, specials: SpecialEndpoint[] = []): RateRow {
  return { service, displayName: SERVICE_DISPLAY_NAMES[service], versions, defaultRates: { Developer: dev, Basic: basic, Enterprise: ent }, specials };
}

/** A special endpoint with the same value for all three plans (cells written `a / b / c`). */
function all(method: HttpMethod, path: string, dev: number, basic: number, ent: number): SpecialEndpoint {
  return { method, path, rates: { Developer: dev, Basic: basic, Enterprise: ent } };
}

/** A special endpoint whose cell names some plans only. */
function some(method: HttpMethod, path: string, rates: Partial<Record<Plan, number>>): SpecialEndpoint {
  return { method, path, rates };
}

// Section 8, in the spec's row order. Rows marked "none" in the Special column have no specials.
const RAW_TABLE: RateRow[] = [
  // "POST /conversations/messages, GET /conversations/{id}, POST /assets, GET /assets/{id}:
  //  Developer default, Basic 1, Enterprise 5": Developer is left out so it keeps 0.16.
  row('conversationmgr', ['v3'], 0.16, 0.5, 1, [
    some('POST', '/conversations/messages', { Basic: 1, Enterprise: 5 }),
    some('GET', '/conversations/{id}', { Basic: 1, Enterprise: 5 }),
    some('POST', '/assets', { Basic: 1, Enterprise: 5 }),
    some('GET', '/assets/{id}', { Basic: 1, Enterprise: 5 }),
  ]),
  // "Enterprise 1 for GET /entrypoint/{id}/agentavailability, /capacity, /checkeligibility,
  //  /chatallowed, /livesessionstatus": the cell writes the first path in full and the other
  //  four as suffixes; we read the method and the `/entrypoint/{id}` prefix as shared by all
  //  five (bare `/capacity` etc. would be paths outside the entrypoint resource). Developer
  //  and Basic are not named, so they keep the default.
  row('messagerouter', ['v3'], 0.16, 0.5, 0.5, [
    some('GET', '/entrypoint/{id}/agentavailability', { Enterprise: 1 }),
    some('GET', '/entrypoint/{id}/capacity', { Enterprise: 1 }),
    some('GET', '/entrypoint/{id}/checkeligibility', { Enterprise: 1 }),
    some('GET', '/entrypoint/{id}/chatallowed', { Enterprise: 1 }),
    some('GET', '/entrypoint/{id}/livesessionstatus', { Enterprise: 1 }),
  ]),
  // "POST /messages and POST /assets: Basic 1, Enterprise 5": Developer keeps 0.16.
  row('notificationmgr', ['v3'], 0.16, 0.5, 1, [
    some('POST', '/messages', { Basic: 1, Enterprise: 5 }),
    some('POST', '/assets', { Basic: 1, Enterprise: 5 }),
  ]),
  row('securemessagingmgr', ['v3'], 0.16, 0.5, 1),
  row('aiservices', ['v3'], 0.16, 0.3, 1, [
    all('GET', '/instantanswers/suggestions', 10, 20, 40),
    some('GET', '/instantanswers/generative', { Enterprise: 30 }),
    some('GET', '/instantanswers/extractive', { Enterprise: 30 }),
  ]),
  row('aiservices', ['v4'], 30, 30, 30),
  row('authmgr', ['v3'], 1, 10, 60),
  row('casemgr', ['v3'], 0.16, 0.5, 1),
  row('customermgr', ['v3'], 0.16, 0.5, 1),
  row('departmentmgr', ['v3', 'v4'], 0.16, 0.16, 0.5),
  row('eventschannel', ['v3'], 0.16, 0.16, 0.5),
  row('filemgr', ['v3', 'v4'], 0.16, 0.5, 0.5),
  row('infomgr', ['v3', 'v4'], 0.16, 0.16, 0.5),
  row('integrationmgr', ['v4'], 0.16, 0.5, 1),
  row('knowledgegraphmgr', ['v4'], 1, 10, 100),
  row('microservicesmgr', ['v3'], 0.16, 0.5, 1),
  row('permissionmgr', ['v4'], 0.16, 0.5, 1),
  row('personalizationmgr', ['v4'], 0.16, 0.5, 1),
  // "POST /user, PATCH /user, DELETE /user/{id}, DELETE /user/ext-id/{id}: 0.16 / 0.16 / 0.5"
  row('usermgr', ['v3'], 1, 10, 60, [
    all('POST', '/user', 0.16, 0.16, 0.5),
    all('PATCH', '/user', 0.16, 0.16, 0.5),
    all('DELETE', '/user/{id}', 0.16, 0.16, 0.5),
    all('DELETE', '/user/ext-id/{id}', 0.16, 0.16, 0.5),
  ]),
  row('workassignmentmgr', ['v3'], 0.16, 0.16, 0.5),
  // "POST /import/content and POST /import/content/validate: 0.02 / 0.08 / 0.17"
  row('contentmgr', ['v4'], 1, 10, 60, [
    all('POST', '/import/content', 0.02, 0.08, 0.17),
    all('POST', '/import/content/validate', 0.02, 0.08, 0.17),
  ]),
  row('eventmgr', ['v4'], 0.5, 0.5, 0.5),
  row('portalmgr', ['v3'], 1, 10, 60, [all('GET', '/portals/{portalID}/search/typeahead', 10, 20, 60)]),
  row('portalmgr', ['v4'], 1, 10, 60),
];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The validated, frozen table (throws at module load if the data above is malformed). */
export const RATE_TABLE: readonly RateRow[] = deepFreeze(rateTableSchema.parse(RAW_TABLE));
