/**
 * Fuzzing the emulated portal manager v4 over real HTTP: guided-help search start and step
 * bodies, accept and reject, quickpick create and list (bodies, query parameters, interaction
 * headers) and resume-quickpick with every parameter of spec 4.5. Tokens are user and customer
 * tokens mostly, with application tokens, another tenant's and broken ones mixed in.
 * Properties: fuzzProperties.ts.
 */
import fc from 'fast-check';
import { expect } from 'chai';
import { defaultParts } from '../../src/emulator/defaultParts.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { QUERY_LANGUAGES } from '../../src/schemas/languages.js';
import { UNLIMITED } from '../emulator/hubTestKit.js';
import { timeoutFor } from './fuzzBudget.js';
import { bodyArb, headerValue, oddHeaders, pathSegment, queryArb } from './fuzzBodies.js';
import { targetOf, type FuzzRequest, type FuzzTarget } from './fuzzHttp.js';
import { aliveAt, fuzzSurface, requestOf } from './fuzzProperties.js';
import { caseDecision, quickpickCreate, searchBody } from './validShapes.js';

const PORTAL_BASE = '/knowledge/portalmgr/v4';

describe('fuzz: the emulated portal manager', function () {
  let emu: RunningEmulator;
  let target: FuzzTarget;
  let alive: () => Promise<void>;
  let tokens: string[];
  let auth: fc.Arbitrary<string | undefined>;
  let quickpickIds: string[];

  const portalId = fc.oneof({ weight: 8, arbitrary: fc.constantFrom('KP-10001', 'KP-20002') }, { weight: 1, arbitrary: fc.constantFrom('KP-99999', 'K-1', 'KPXX-1234', 'kp-10001', '') }, { weight: 1, arbitrary: pathSegment });
  /** The three interaction headers of 4.5, each present or not, numeric or not. */
  const activityHeaders = fc.record(
    {
      'x-platform-activity-id': fc.oneof(fc.stringMatching(/^[0-9]{1,12}$/), headerValue(12)),
      'x-ext-integration-id': fc.oneof(fc.stringMatching(/^[0-9]{1,8}$/), headerValue(8)),
      'x-ext-interaction-id': headerValue(16),
    },
    { requiredKeys: [] },
  );
  const headersOf = (odd: Record<string, string>, activity: Record<string, string | undefined>, a: string | undefined) => {
    const h: Record<string, string> = { ...odd };
    for (const [k, v] of Object.entries(activity)) if (v !== undefined) h[k] = v;
    if (a !== undefined) h.authorization = a;
    return h;
  };
  const secretsOf = (r: FuzzRequest) => tokens.filter((t) => r.headers.authorization?.includes(t));
  const customAttributes = fc.constantFrom('question.custom.priority', 'question.custom.priority,question.custom.escalation_queue', 'question.custom.', 'custom.priority', 'question.custom.a b', '');
  const langQuery = fc.oneof(fc.constantFrom(...QUERY_LANGUAGES), fc.constantFrom('EN-US', 'en', 'xx-YY', ''));

  before(async () => {
    emu = await startEmulator({ plan: UNLIMITED, rateBurst: 10_000, parts: defaultParts() });
    target = targetOf(emu.url);
    alive = aliveAt(target, '/emulator/info');
    const user = emu.tokenFor({ subject: { kind: 'user', id: 'fuzz-user' } });
    tokens = [
      user,
      emu.tokenFor({ subject: { kind: 'customer', id: 'fuzz-customer' } }),
      emu.tokenFor({ subject: { kind: 'user', id: 'fuzz-tech', profileIds: ['3'] } }),
      emu.tokenFor({}),
      emu.tokenFor({ tenant: 'another-tenant', subject: { kind: 'user', id: 'fuzz-user' } }),
    ];
    auth = fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom(...tokens.slice(0, 3)).map((t) => `Bearer ${t}`) },
      { weight: 2, arbitrary: fc.constantFrom(...tokens.slice(3)).map((t) => `Bearer ${t}`) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, '', 'Bearer', `Bearer ${user}x`, 'Basic eDp5') },
    );
    // A session and a saved quickpick of the user, so resume has something to restore.
    const headers = { authorization: `Bearer ${user}`, 'content-type': 'application/json', 'accept-language': 'en-US' };
    const started = await fetch(`${emu.url}${PORTAL_BASE}/portals/KP-10001/gh/search`, { method: 'POST', headers, body: JSON.stringify({ casebaseId: '101', useLiveRelease: true }) });
    expect(started.status).to.equal(200);
    const saved = await fetch(`${emu.url}${PORTAL_BASE}/portals/KP-10001/gh/quickpicks`, { method: 'POST', headers: { ...headers, 'x-platform-activity-id': '42' }, body: JSON.stringify({ casebaseReleaseId: '1011', linkToActivity: true }) });
    expect(saved.status).to.equal(201);
    quickpickIds = [saved.headers.get('location')!.split('/').pop()!];
  });

  after(async () => {
    target?.agent.destroy();
    await emu?.stop();
  });

  it('[E1] guided-help search start and step: any body, query and token answers 200 or a 2.3 refusal, never a 5xx', async function () {
    this.timeout(timeoutFor('portal search start and step'));
    const request = fc
      .tuple(fc.constantFrom('POST', 'PUT'), portalId, fc.boolean(), queryArb({ $lang: langQuery, ghCustomAdditionalAttributes: customAttributes }), oddHeaders, auth)
      .chain(([m, p, stepShape, q, h, a]) => bodyArb(searchBody(stepShape)).map((b) => requestOf(m, `${PORTAL_BASE}/portals/${p}/gh/search${q}`, b, headersOf(h, {}, a))));
    const stats = await fuzzSurface({ name: 'portal search start and step', target, request, alive, secretsOf });
    expect(stats.statuses.get(200) ?? 0, 'some fuzzed searches ran').to.be.greaterThan(0);
  });

  it('[E1] accept and reject: any case id and body answers 201 or a 2.3 refusal', async function () {
    this.timeout(timeoutFor('portal case decisions'));
    const request = fc
      .tuple(portalId, fc.oneof(fc.constantFrom('5001', '5002', '5003'), pathSegment), fc.constantFrom('accept', 'reject'), bodyArb(caseDecision), oddHeaders, auth)
      .map(([p, c, verb, b, h, a]) => requestOf('POST', `${PORTAL_BASE}/portals/${p}/gh/cases/${c}/${verb}`, b, headersOf(h, {}, a)));
    await fuzzSurface({ name: 'portal case decisions', target, request, alive, secretsOf });
  });

  it('[E1] quickpicks: create bodies, list parameters and interaction headers answer or refuse with a 2.3 body', async function () {
    this.timeout(timeoutFor('portal quickpicks'));
    const create = fc
      .tuple(portalId, bodyArb(quickpickCreate), activityHeaders, oddHeaders, auth)
      .map(([p, b, act, h, a]) => requestOf('POST', `${PORTAL_BASE}/portals/${p}/gh/quickpicks`, b, headersOf(h, act, a)));
    const list = fc
      .tuple(
        portalId,
        queryArb({
          casebaseID: fc.constantFrom('101', '202', '999', 'x', ''),
          getLastSavedQuickPickForInteraction: fc.constantFrom('Yes', 'No', 'yes', 'maybe', ''),
          $pagenum: fc.constantFrom('1', '2', '0', '999', '1000', 'x'),
          $pagesize: fc.constantFrom('1', '75', '76', '0', '-1'),
          $lang: langQuery,
        }),
        activityHeaders,
        oddHeaders,
        auth,
      )
      .map(([p, q, act, h, a]) => requestOf('GET', `${PORTAL_BASE}/portals/${p}/gh/quickpicks${q}`, { chunked: false }, headersOf(h, act, a)));
    await fuzzSurface({ name: 'portal quickpicks', target, request: fc.oneof(create, list), alive, secretsOf });
  });

  it('[E1] resume quickpick: every parameter of 4.5 fuzzed answers 200 or a 2.3 refusal, never a 5xx', async function () {
    this.timeout(timeoutFor('portal resume quickpick'));
    const quickpickId = fc.oneof({ weight: 3, arbitrary: fc.constant(null).map(() => quickpickIds[0]!) }, { weight: 1, arbitrary: pathSegment });
    const body = fc.oneof(
      { weight: 3, arbitrary: fc.constant({ chunked: false }) },
      { weight: 1, arbitrary: bodyArb(fc.constant({}), { oddTypeShare: 0.5 }) },
    );
    const request = fc
      .tuple(portalId, quickpickId, queryArb({ $lang: langQuery, ghCustomAdditionalAttributes: customAttributes }), body, activityHeaders, oddHeaders, auth)
      .map(([p, id, q, b, act, h, a]) => requestOf('POST', `${PORTAL_BASE}/portals/${p}/gh/quickpicks/${id}${q}`, b, headersOf(h, act, a)));
    const stats = await fuzzSurface({ name: 'portal resume quickpick', target, request, alive, secretsOf });
    expect(stats.statuses.get(200) ?? 0, 'some fuzzed resumes restored the quickpick').to.be.greaterThan(0);
  });
});
