import { expect } from 'chai';
import sinon from 'sinon';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { StaticListCache } from '../../../src/platform/portal/staticListCache.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { PORTAL_BASE, testPlatformCore } from '../testPlatformCore.js';
import { PORTAL } from './portalFixtures.js';

const P = `${PORTAL_BASE}/portals/${PORTAL}`;
const TTL = 60_000;

describe('PortalManagerClient: static lists are cached', () => {
  let server: RecordingServer;
  let portal: PortalManagerClient;
  let clock: sinon.SinonFakeTimers | undefined;

  before(async () => {
    server = await startRecordingServer();
    let n = 0;
    server.reply('GET', `${P}/gh/casebasereleases`, () => ({ body: { casebase: [{ id: String(++n), name: 'Printers', status: 'live' }] } }));
    server.reply('GET', `${P}/gh/profiles`, { body: { profile: [{ id: '1', name: 'System' }] } });
    server.reply('GET', `${P}/gh/casebasereleases/{id}/clusters`, { body: { cluster: [{ id: '8', name: 'Power' }] } });
  });
  after(() => server.close());
  beforeEach(() => {
    server.clear();
    portal = new PortalManagerClient(testPlatformCore(server.url), PORTAL, { staticListTtlMs: TTL });
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });

  it('[L7] a second call for releases, profiles or clusters is served from the cache', async () => {
    const first = await portal.guidedHelp.casebaseReleases();
    const second = await portal.guidedHelp.casebaseReleases();
    await portal.guidedHelp.profiles();
    await portal.guidedHelp.profiles();
    await portal.guidedHelp.clusters('34');
    await portal.guidedHelp.clusters('34');
    expect(server.calls()).to.deep.equal([`GET ${P}/gh/casebasereleases`, `GET ${P}/gh/profiles`, `GET ${P}/gh/casebasereleases/34/clusters`]);
    expect(second).to.deep.equal(first);
  });

  it('[L7] the key holds the portal, the languages, the page and the path parameters', async () => {
    await portal.guidedHelp.casebaseReleases();
    await portal.guidedHelp.casebaseReleases({ pagenum: 2 });
    await portal.guidedHelp.casebaseReleases({}, { lang: 'fr-FR' });
    await portal.guidedHelp.casebaseReleases({}, { acceptLanguage: 'fr-FR' });
    await portal.guidedHelp.clusters('35');
    const shared = new StaticListCache({ ttlMs: TTL });
    const other = new PortalManagerClient(testPlatformCore(server.url), 'KA-09999', { cache: shared });
    server.reply('GET', `${PORTAL_BASE}/portals/KA-09999/gh/casebasereleases`, { body: { casebase: [] } });
    await other.guidedHelp.casebaseReleases();
    expect(server.requests).to.have.length(6);
    expect(server.requests[1].query).to.deep.equal({ $pagenum: '2' });
    expect(server.requests[2].query).to.deep.equal({ $lang: 'fr-FR' });
    expect(server.requests[3].headers['accept-language']).to.equal('fr-FR');
  });

  it('[L7] invalidateStaticLists() makes the next call go out', async () => {
    const before = await portal.guidedHelp.casebaseReleases();
    await portal.guidedHelp.profiles();
    portal.invalidateStaticLists();
    const after = await portal.guidedHelp.casebaseReleases();
    await portal.guidedHelp.profiles();
    expect(server.calls()).to.deep.equal([`GET ${P}/gh/casebasereleases`, `GET ${P}/gh/profiles`, `GET ${P}/gh/casebasereleases`, `GET ${P}/gh/profiles`]);
    expect(after.casebase?.[0].id).not.to.equal(before.casebase?.[0].id);
  });

  it('[L7] an entry expires after the TTL (fake timers)', async () => {
    // Only Date is faked: the HTTP exchange itself still runs on real timers.
    clock = sinon.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    await portal.guidedHelp.profiles();
    clock.tick(TTL - 1);
    await portal.guidedHelp.profiles();
    expect(server.requests).to.have.length(1);
    clock.tick(1);
    await portal.guidedHelp.profiles();
    expect(server.requests).to.have.length(2);
  });

  it('[L7] concurrent misses share one request; cache: false goes out without filling the cache', async () => {
    await Promise.all([portal.guidedHelp.profiles(), portal.guidedHelp.profiles(), portal.guidedHelp.profiles()]);
    expect(server.requests).to.have.length(1);
    await portal.guidedHelp.profiles({}, { cache: false });
    await portal.guidedHelp.profiles();
    expect(server.requests).to.have.length(2);
  });

  it('[L7] a failed load is not cached', async () => {
    server.reply('GET', `${P}/gh/casebasereleases/{id}/clusters`, { status: 404, body: { code: '404-101', developerMessage: 'Not found: casebaseReleaseID.' } });
    await portal.guidedHelp.clusters('40').then(
      () => expect.fail('expected a 404'),
      (e: { code?: string }) => expect(e.code).to.equal('404-101'),
    );
    server.reply('GET', `${P}/gh/casebasereleases/{id}/clusters`, { body: { cluster: [] } });
    const ok = await portal.guidedHelp.clusters('40');
    expect(ok.cluster).to.deep.equal([]);
    expect(server.requests).to.have.length(2);
  });
});
