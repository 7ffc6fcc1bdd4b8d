/**
 * The section-8 table and its lookups. The expected values below are copied from the spec by
 * hand, independently of src/rates/rateTable.ts, and every `it` is generated from them, so a
 * wrong or missing cell in the module fails a test instead of agreeing with itself.
 */
import { expect } from 'chai';
import { RATE_TABLE, rateTableSchema } from '../../src/rates/rateTable.js';
import {
  bucketKeyFor,
  intervalMsFor,
  rateFor,
  serviceForBasePath,
  specialTemplatesFor,
  type Plan,
  type ServiceName,
  type Version,
} from '../../src/rates/rateLookup.js';

type Rates = readonly [developer: number, basic: number, enterprise: number];
const PLANS: readonly Plan[] = ['Developer', 'Basic', 'Enterprise'];

interface ExpectedSpecial {
  method: string;
  template: string;
  /** A concrete path under the template. */
  sample: string;
  /** Resolved per plan: a plan the cell does not name is written here with the row default. */
  rates: Rates;
  /** Another method on the sample path, which keeps the default. */
  otherMethod: string;
  /** A neighbouring path (same method), which keeps the default. */
  neighbour: string;
}

interface ExpectedRow {
  name: string;
  service: ServiceName;
  versions: Version[];
  defaults: Rates;
  specials?: ExpectedSpecial[];
}

const sp = (method: string, template: string, sample: string, rates: Rates, otherMethod: string, neighbour: string): ExpectedSpecial => ({
  method, template, sample, rates, otherMethod, neighbour,
});

// Section 8, row by row: Service | Ver | Default (Developer / Basic / Enterprise) | Special endpoints.
const EXPECTED: ExpectedRow[] = [
  { name: 'Conversation Manager', service: 'conversationmgr', versions: ['v3'], defaults: [0.16, 0.5, 1], specials: [
    sp('POST', '/conversations/messages', '/conversations/messages', [0.16, 1, 5], 'PUT', '/conversations'),
    sp('GET', '/conversations/{id}', '/conversations/42', [0.16, 1, 5], 'DELETE', '/conversations/42/messages'),
    sp('POST', '/assets', '/assets', [0.16, 1, 5], 'GET', '/assets/abc-123'),
    sp('GET', '/assets/{id}', '/assets/abc-123', [0.16, 1, 5], 'DELETE', '/assets'),
  ] },
  { name: 'Message Router', service: 'messagerouter', versions: ['v3'], defaults: [0.16, 0.5, 0.5], specials: [
    sp('GET', '/entrypoint/{id}/agentavailability', '/entrypoint/ep-7/agentavailability', [0.16, 0.5, 1], 'POST', '/entrypoint/ep-7'),
    sp('GET', '/entrypoint/{id}/capacity', '/entrypoint/ep-7/capacity', [0.16, 0.5, 1], 'POST', '/capacity'),
    sp('GET', '/entrypoint/{id}/checkeligibility', '/entrypoint/ep-7/checkeligibility', [0.16, 0.5, 1], 'PUT', '/checkeligibility'),
    sp('GET', '/entrypoint/{id}/chatallowed', '/entrypoint/ep-7/chatallowed', [0.16, 0.5, 1], 'POST', '/chatallowed'),
    sp('GET', '/entrypoint/{id}/livesessionstatus', '/entrypoint/ep-7/livesessionstatus', [0.16, 0.5, 1], 'DELETE', '/entrypoint/ep-7/livesessionstatus/x'),
  ] },
  { name: 'Notification Manager', service: 'notificationmgr', versions: ['v3'], defaults: [0.16, 0.5, 1], specials: [
    sp('POST', '/messages', '/messages', [0.16, 1, 5], 'GET', '/messages/1'),
    sp('POST', '/assets', '/assets', [0.16, 1, 5], 'GET', '/assets/1'),
  ] },
  { name: 'Secure Messaging Manager', service: 'securemessagingmgr', versions: ['v3'], defaults: [0.16, 0.5, 1] },
  { name: 'AI Services', service: 'aiservices', versions: ['v3'], defaults: [0.16, 0.3, 1], specials: [
    sp('GET', '/instantanswers/suggestions', '/instantanswers/suggestions', [10, 20, 40], 'POST', '/instantanswers'),
    sp('GET', '/instantanswers/generative', '/instantanswers/generative', [0.16, 0.3, 30], 'POST', '/instantanswers/generative/x'),
    sp('GET', '/instantanswers/extractive', '/instantanswers/extractive', [0.16, 0.3, 30], 'POST', '/instantanswers/extractives'),
  ] },
  { name: 'AI Services', service: 'aiservices', versions: ['v4'], defaults: [30, 30, 30] },
  { name: 'Auth Manager', service: 'authmgr', versions: ['v3'], defaults: [1, 10, 60] },
  { name: 'Case Manager', service: 'casemgr', versions: ['v3'], defaults: [0.16, 0.5, 1] },
  { name: 'Customer Manager', service: 'customermgr', versions: ['v3'], defaults: [0.16, 0.5, 1] },
  { name: 'Department Manager', service: 'departmentmgr', versions: ['v3', 'v4'], defaults: [0.16, 0.16, 0.5] },
  { name: 'Events Channel', service: 'eventschannel', versions: ['v3'], defaults: [0.16, 0.16, 0.5] },
  { name: 'File Manager', service: 'filemgr', versions: ['v3', 'v4'], defaults: [0.16, 0.5, 0.5] },
  { name: 'Info Manager', service: 'infomgr', versions: ['v3', 'v4'], defaults: [0.16, 0.16, 0.5] },
  { name: 'Integration Manager', service: 'integrationmgr', versions: ['v4'], defaults: [0.16, 0.5, 1] },
  { name: 'Knowledge Graph Manager', service: 'knowledgegraphmgr', versions: ['v4'], defaults: [1, 10, 100] },
  { name: 'Micro Services Manager', service: 'microservicesmgr', versions: ['v3'], defaults: [0.16, 0.5, 1] },
  { name: 'Permission Manager', service: 'permissionmgr', versions: ['v4'], defaults: [0.16, 0.5, 1] },
  { name: 'Personalization Manager', service: 'personalizationmgr', versions: ['v4'], defaults: [0.16, 0.5, 1] },
  { name: 'User Manager', service: 'usermgr', versions: ['v3'], defaults: [1, 10, 60], specials: [
    sp('POST', '/user', '/user', [0.16, 0.16, 0.5], 'GET', '/users'),
    sp('PATCH', '/user', '/user', [0.16, 0.16, 0.5], 'PUT', '/user/5/profile'),
    sp('DELETE', '/user/{id}', '/user/5', [0.16, 0.16, 0.5], 'GET', '/user'),
    sp('DELETE', '/user/ext-id/{id}', '/user/ext-id/crm-9', [0.16, 0.16, 0.5], 'GET', '/user/ext-id/crm-9/roles'),
  ] },
  { name: 'Work Assignment Manager', service: 'workassignmentmgr', versions: ['v3'], defaults: [0.16, 0.16, 0.5] },
  { name: 'Content Manager', service: 'contentmgr', versions: ['v4'], defaults: [1, 10, 60], specials: [
    sp('POST', '/import/content', '/import/content', [0.02, 0.08, 0.17], 'GET', '/import'),
    sp('POST', '/import/content/validate', '/import/content/validate', [0.02, 0.08, 0.17], 'GET', '/import/content/other'),
  ] },
  { name: 'Event Manager', service: 'eventmgr', versions: ['v4'], defaults: [0.5, 0.5, 0.5] },
  { name: 'Portal Manager', service: 'portalmgr', versions: ['v3'], defaults: [1, 10, 60], specials: [
    sp('GET', '/portals/{portalID}/search/typeahead', '/portals/ABC-12345/search/typeahead', [10, 20, 60], 'POST', '/portals/ABC-12345/search'),
  ] },
  { name: 'Portal Manager', service: 'portalmgr', versions: ['v4'], defaults: [1, 10, 60] },
];

const ALL_VERSIONS: Version[] = ['v3', 'v4'];
const PROBES: Array<[string, string]> = [['GET', '/l1-probe'], ['POST', '/l1-probe/item-1'], ['DELETE', '/l1-probe/item-1/sub']];

describe('rates: the section-8 table', () => {
  it('[L1] has the 24 rows of the spec, no more, with their versions and display names', () => {
    expect(EXPECTED).to.have.length(24);
    const actual = RATE_TABLE.map((r) => `${r.displayName} | ${r.service} | ${r.versions.join(' and ')}`);
    const expected = EXPECTED.map((r) => `${r.name} | ${r.service} | ${r.versions.join(' and ')}`);
    expect(actual).to.have.members(expected).and.have.length(24);
  });

  it('[L1] lists exactly the special endpoints of the spec, per row', () => {
    for (const row of EXPECTED) {
      for (const v of row.versions) {
        const actual = specialTemplatesFor(row.service, v).map((t) => `${t.method} ${t.path}`);
        const expected = (row.specials ?? []).map((s) => `${s.method} ${s.template}`);
        expect(actual, `${row.name} ${v}`).to.have.members(expected).and.have.length(expected.length);
      }
    }
  });

  for (const row of EXPECTED) {
    it(`[L1] ${row.name} (${row.versions.join(' and ')}): default ${row.defaults.join(' / ')} for Developer / Basic / Enterprise`, () => {
      for (const version of ALL_VERSIONS) {
        for (const [i, plan] of PLANS.entries()) {
          for (const [method, path] of PROBES) {
            const call = () => rateFor({ service: row.service, version, plan, method, path });
            if (row.versions.includes(version)) {
              expect(call(), `${plan} ${version} ${method} ${path}`).to.equal(row.defaults[i]);
            } else if (!EXPECTED.some((r) => r.service === row.service && r.versions.includes(version))) {
              // A version no row lists has no limits (9.2); one listed by another row is tested there.
              expect(call, `${version} is not in the table`).to.throw(RangeError);
            }
          }
        }
      }
    });
  }

  it('[L1] the zod schema refuses a negative rate, a missing plan, an unknown plan and a duplicate service version', () => {
    const good = { service: 'authmgr', displayName: 'Auth Manager', versions: ['v3'], defaultRates: { Developer: 1, Basic: 10, Enterprise: 60 }, specials: [] };
    expect(rateTableSchema.safeParse([good]).success).to.equal(true);
    expect(rateTableSchema.safeParse([{ ...good, defaultRates: { Developer: -1, Basic: 10, Enterprise: 60 } }]).success).to.equal(false);
    expect(rateTableSchema.safeParse([{ ...good, defaultRates: { Developer: 1, Basic: 10 } }]).success).to.equal(false);
    expect(rateTableSchema.safeParse([{ ...good, specials: [{ method: 'GET', path: '/x', rates: { Premium: 3 } }] }]).success).to.equal(false);
    expect(rateTableSchema.safeParse([good, { ...good, versions: ['v4', 'v3'] }]).success).to.equal(false);
  });
});

describe('rates: special endpoints override the default for their path only', () => {
  for (const row of EXPECTED) {
    for (const s of row.specials ?? []) {
      const version = row.versions[0];
      it(`[L4] ${row.name} ${version} ${s.method} ${s.template}: ${s.rates.join(' / ')}; ${s.otherMethod} and ${s.method} ${s.neighbour} keep the default`, () => {
        for (const [i, plan] of PLANS.entries()) {
          const q = { service: row.service, version, plan };
          expect(rateFor({ ...q, method: s.method, path: s.sample }), `${plan} concrete`).to.equal(s.rates[i]);
          expect(rateFor({ ...q, method: s.method, path: s.template }), `${plan} template`).to.equal(s.rates[i]);
          expect(rateFor({ ...q, method: s.method.toLowerCase(), path: `${s.sample}?x=1` }), `${plan} query, lower-case method`).to.equal(s.rates[i]);
          expect(rateFor({ ...q, method: s.otherMethod, path: s.sample }), `${plan} other method`).to.equal(row.defaults[i]);
          expect(rateFor({ ...q, method: s.method, path: s.neighbour }), `${plan} neighbour`).to.equal(row.defaults[i]);
        }
      });
    }
  }

  it('[L4] a special endpoint of one version does not apply to the other (Portal Manager typeahead is v3 only)', () => {
    const path = '/portals/ABC-12345/search/typeahead';
    expect(rateFor({ service: 'portalmgr', version: 'v3', plan: 'Developer', method: 'GET', path })).to.equal(10);
    expect(rateFor({ service: 'portalmgr', version: 'v4', plan: 'Developer', method: 'GET', path })).to.equal(1);
  });

  it('[L4] a template parameter matches one non-empty segment only', () => {
    const q = { service: 'conversationmgr', version: 'v3', plan: 'Enterprise', method: 'GET' } as const;
    expect(rateFor({ ...q, path: '/assets/a/b' })).to.equal(1);
    expect(rateFor({ ...q, path: '/assets/' })).to.equal(1);
    // After the trailing slash is dropped, '/assets//' still ends in an empty segment: no id.
    expect(rateFor({ ...q, path: '/assets//' })).to.equal(1);
    expect(rateFor({ ...q, path: '/assets//7' })).to.equal(1);
    // A caller's template matches only a parameter, never a literal segment.
    expect(rateFor({ ...q, method: 'POST', path: '/conversations/{cid}' })).to.equal(1);
  });
});

describe('rates: bucket keys', () => {
  const templates = ['/assets/{id}', '/conversations/{id}', { method: 'POST', path: '/conversations/messages' }];

  it('[L2] two concrete paths of one template share a bucket, as does the template itself', () => {
    expect(bucketKeyFor('GET', '/assets/1', templates)).to.equal('GET /assets/{id}');
    expect(bucketKeyFor('get', '/assets/2?download=1', templates)).to.equal('GET /assets/{id}');
    expect(bucketKeyFor('GET', '/assets/{assetId}', templates)).to.equal('GET /assets/{id}');
  });

  it('[L2] different methods or different templates get different buckets', () => {
    expect(bucketKeyFor('DELETE', '/assets/1', templates)).to.equal('DELETE /assets/{id}');
    expect(bucketKeyFor('GET', '/conversations/1', templates)).to.equal('GET /conversations/{id}');
    expect(bucketKeyFor('POST', '/conversations/messages', templates)).to.equal('POST /conversations/messages');
    // The literal template is POST only, so a GET on the same path falls under {id}.
    expect(bucketKeyFor('GET', '/conversations/messages', templates)).to.equal('GET /conversations/{id}');
  });

  it('[L2] a concrete path with no known template is keyed by the path as it is', () => {
    expect(bucketKeyFor('GET', '/things/1/', templates)).to.equal('GET /things/1');
    expect(bucketKeyFor('GET', '/things/2', templates)).to.equal('GET /things/2');
    expect(bucketKeyFor('GET', '/assets/1')).to.equal('GET /assets/1');
  });

  it('[L2] the table special endpoints serve as templates (User Manager delete by id and by ext-id)', () => {
    const t = specialTemplatesFor('usermgr', 'v3');
    expect(bucketKeyFor('DELETE', '/user/5', t)).to.equal('DELETE /user/{id}');
    expect(bucketKeyFor('DELETE', '/user/ext-id/crm-9', t)).to.equal('DELETE /user/ext-id/{id}');
    expect(bucketKeyFor('GET', '/user/5', t)).to.equal('GET /user/5');
  });
});

describe('rates: refill interval', () => {
  it('[L3] one token every 2000 ms at 0.5 req/s and every 6250 ms at 0.16 req/s', () => {
    expect(intervalMsFor(0.5)).to.equal(2000);
    expect(intervalMsFor(0.16)).to.equal(6250);
    expect(intervalMsFor(rateFor({ service: 'conversationmgr', version: 'v3', plan: 'Developer', method: 'POST', path: '/conversations/messages' }))).to.equal(6250);
    expect(intervalMsFor(rateFor({ service: 'eventmgr', version: 'v4', plan: 'Enterprise', method: 'GET', path: '/x' }))).to.equal(2000);
  });

  it('[L3] refuses a rate that is not a positive number', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => intervalMsFor(bad)).to.throw(RangeError);
  });
});

describe('rates: custom plans', () => {
  const cm = { service: 'conversationmgr', version: 'v3' } as const;

  it('a flat defaultRate applies everywhere no override names', () => {
    const plan = { name: 'custom', defaultRate: 2 } as const;
    expect(rateFor({ ...cm, plan, method: 'POST', path: '/conversations/messages' })).to.equal(2);
    expect(rateFor({ ...cm, plan, method: 'GET', path: '/accounts' })).to.equal(2);
  });

  it('a base plan with a map of overrides keeps the base table elsewhere', () => {
    const plan = { name: 'custom', base: 'Enterprise', specials: { 'POST /conversations/messages': 8 } } as const;
    expect(rateFor({ ...cm, plan, method: 'POST', path: '/conversations/messages' })).to.equal(8);
    expect(rateFor({ ...cm, plan, method: 'GET', path: '/assets/7' })).to.equal(5);
    expect(rateFor({ ...cm, plan, method: 'GET', path: '/accounts' })).to.equal(1);
  });

  it('a defaultRate on a base plan replaces the default, also where a cell says "Developer default"', () => {
    const plan = { name: 'custom', base: 'Developer', defaultRate: 2 } as const;
    expect(rateFor({ ...cm, plan, method: 'POST', path: '/assets' })).to.equal(2);
    expect(rateFor({ service: 'usermgr', version: 'v3', plan, method: 'POST', path: '/user' })).to.equal(0.16);
  });

  it('array overrides can be scoped to one service version', () => {
    const plan = { name: 'custom', defaultRate: 3, specials: [{ service: 'notificationmgr', method: 'POST', path: '/assets', rate: 9 }] } as const;
    expect(rateFor({ service: 'notificationmgr', version: 'v3', plan, method: 'POST', path: '/assets' })).to.equal(9);
    expect(rateFor({ ...cm, plan, method: 'POST', path: '/assets' })).to.equal(3);
  });

  it('refuses unknown plans, bad override keys and missing service versions', () => {
    expect(() => rateFor({ ...cm, plan: 'Premium' as Plan, method: 'GET', path: '/x' })).to.throw(RangeError);
    expect(() => rateFor({ ...cm, plan: { name: 'custom', defaultRate: 1, specials: { '/no-method': 2 } }, method: 'GET', path: '/x' })).to.throw(RangeError);
    expect(() => rateFor({ ...cm, plan: { name: 'custom', defaultRate: 0 }, method: 'GET', path: '/x' })).to.throw(RangeError);
    expect(() => rateFor({ service: 'conversationmgr', version: 'v4', plan: 'Basic', method: 'GET', path: '/x' })).to.throw(RangeError);
  });
});

describe('rates: service and version from a base path', () => {
  it('reads <service>/<version> at the end of a base path or URL', () => {
    expect(serviceForBasePath('/conversation/conversationmgr/v3')).to.deep.equal({ service: 'conversationmgr', version: 'v3' });
    expect(serviceForBasePath('/knowledge/portalmgr/v4')).to.deep.equal({ service: 'portalmgr', version: 'v4' });
    expect(serviceForBasePath('/knowledge/eventmgr/v4')).to.deep.equal({ service: 'eventmgr', version: 'v4' });
    expect(serviceForBasePath('https://api.example.com/knowledge/portalmgr/v3/')).to.deep.equal({ service: 'portalmgr', version: 'v3' });
  });

  it('gives undefined for a version or service the table does not list', () => {
    expect(serviceForBasePath('/knowledge/eventmgr/v3')).to.equal(undefined);
    expect(serviceForBasePath('/conversation/conversationmgr/v4')).to.equal(undefined);
    expect(serviceForBasePath('/core/nosuchmgr/v3')).to.equal(undefined);
    expect(serviceForBasePath('/v3')).to.equal(undefined);
  });
});
