/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests */
/**
 * The emulator's own control routes (F8): each refuses an unknown key and a value out of range
 * with the contract's 400 error body (2.3), and applies nothing when it refuses; a fault is
 * applied to the endpoints asked for and no others.
 */
import { expect } from 'chai';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { PORTAL, startPortalFixture, type PortalFixture } from './portal/portalFixture.js';

describe('[F8] the emulator\'s control routes refuse what they do not know', () => {
  let f: PortalFixture;
  let alice: string;
  before(async () => {
    f = await startPortalFixture();
    alice = f.token({ id: 'alice' });
  });
  after(() => f.stop());
  afterEach(async () => void (await f.call('DELETE', '/emulator/faults')));

  const expect400 = (r: { status: number; body: any }, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.body)}`).to.equal(400);
    expect(isErrorBodyFor(400, r.body), what).to.equal(true);
    expect(r.body.code, what).to.match(/^400-1\d\d$/);
  };
  const faults = async () => (await f.call('GET', '/emulator/faults')).body;
  const profiles = () => f.call('GET', `/portals/${PORTAL}/gh/profiles`, { token: alice });

  it('[F8] PUT /emulator/faults: an unknown key anywhere, a bad selector, an unknown service or an out-of-range value is 400, and nothing is applied', async () => {
    const before = await faults();
    const refused: [string, unknown][] = [
      ['a key the settings do not have', { error: [{ status: 503, share: 1 }] }],
      ['`endpoint` for `endpoints` (once read as "every endpoint")', { errors: [{ status: 503, share: 1, endpoint: 'GET /portals/{portalID}/gh/profiles' }] }],
      ['an unknown key in a latency rule', { latency: [{ ms: 10, endpoints: ['*'], jitter: 5 }] }],
      ['an unknown callback knob', { callbacks: { duplicateShare: 0.5, dropShare: 0.1 } }],
      ['a share above 1', { errors: [{ status: 503, share: 1.5, endpoints: ['*'] }] }],
      ['a negative latency', { latency: [{ ms: -1 }] }],
      ['a status it cannot inject', { errors: [{ status: 500, share: 1 }] }],
      ['a selector that is not one', { errors: [{ status: 503, share: 1, endpoints: ['GET profiles'] }] }],
      ['an unknown service', { errors: [{ status: 503, share: 1, endpoints: ['portal:GET /portals/{portalID}/gh/profiles'] }] }],
      ['no endpoint at all', { errors: [{ status: 503, share: 1, endpoints: [] }] }],
    ];
    for (const [what, body] of refused) expect400(await f.call('PUT', '/emulator/faults', { body }), what);
    expect(await faults()).to.deep.equal(before);
    expect((await profiles()).status).to.equal(200);
  });

  it('[F8] a fault applies to the endpoints asked for and to no other', async () => {
    const asked = await f.call('PUT', '/emulator/faults', { body: { errors: [{ status: 503, share: 1, endpoints: ['portalmgr:GET /portals/{portalID}/gh/profiles'] }] } });
    expect(asked.status).to.equal(200);
    expect((await profiles()).status).to.equal(503);
    expect((await f.call('GET', `/portals/${PORTAL}/gh/casebasereleases`, { token: alice })).status).to.equal(200);
  });

  it('[F8] every other control route refuses an unknown key with 400 and its error body', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/emulator/clients', { tenant: 'x', scope: ['read'] }],
      ['POST', '/emulator/clients', { subject: { kind: 'user', id: 'u', profiles: ['2'] } }],
      ['PUT', '/emulator/plan', { plan: 'Basic', tenant: 'x' }],
      ['PUT', '/emulator/plan', {}],
      ['PUT', '/emulator/tenants/t1/plan', { plan: 'Basic', extra: true }],
      ['POST', '/emulator/tokens/expire', { tenant: 'only-this-one' }],
      ['PUT', '/emulator/handover', { outcome: 'join', delay: 5 }],
      ['PUT', '/emulator/realistic', { drifts: ['kbLanguage'], all: true }],
      ['PUT', '/emulator/realistic', { all: true, except: ['kbLanguage'] }],
      ['POST', '/emulator/events/targets', { url: 'http://127.0.0.1:9/hook', secret: 's' }],
      ['POST', '/emulator/events/raise', { eventType: 'article_created', tenant: 'x' }],
      ['PUT', '/emulator/events/faults', { duplicate: true, drop: true }],
      ['PUT', '/emulator/portal/faults', { failNextResumes: 1, failNextSearches: 1 }],
      ['PUT', '/emulator/portal/faults', { failNextResumes: 5000 }],
      ['PUT', `/emulator/portal/portals/${PORTAL}/settings`, { manageSuggestions: false }],
    ];
    for (const [method, path, body] of cases) expect400(await f.call(method, path, { body }), `${method} ${path} ${JSON.stringify(body)}`);
    // Refused, so not applied: the realistic drifts, the plan and the settings stand as they were.
    expect(((await f.call('GET', '/emulator/realistic')).body.drift as { on: boolean }[]).some((d) => d.on)).to.equal(false);
    expect((await f.call('POST', '/emulator/tokens/expire')).status).to.equal(204);
    expect((await f.call('POST', '/emulator/tokens/expire', { body: {} })).status).to.equal(204);
  });

  it('[F8] GET /emulator/calls refuses an unknown query key and an out-of-range since', async () => {
    expect400(await f.call('GET', '/emulator/calls?sinse=3'), 'a misspelt since');
    expect400(await f.call('GET', '/emulator/calls?since=-1'), 'a negative since');
    expect400(await f.call('GET', '/emulator/calls?log=both'), 'an unknown log');
    expect((await f.call('GET', '/emulator/calls?since=0&log=control')).status).to.equal(200);
  });
});
