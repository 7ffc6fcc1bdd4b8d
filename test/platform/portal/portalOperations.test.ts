import { expect } from 'chai';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { PORTAL_OPERATIONS } from '../../../src/platform/portal/portalOperations.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { PORTAL_BASE, testPlatformCore, type RecordingCore } from '../testPlatformCore.js';
import { PORTAL, rejectionOf, SEARCH_RESPONSE } from './portalFixtures.js';

const P = `${PORTAL_BASE}/portals/${PORTAL}`;
const T = '/portals/{portalID}';

/** Spec 4.3, row by row (method, path relative to the portal manager base), transcribed for this test. */
const SPEC_4_3 = [
  `POST ${T}/suggestions`,
  `PUT ${T}/suggestions`,
  `GET ${T}/suggestions`,
  `GET ${T}/suggestions/{suggestionID}`,
  `DELETE ${T}/suggestions/{suggestionID}`,
  `GET ${T}/suggestions/{suggestionID}/relatedArticles`,
  `GET ${T}/suggestions/{suggestionID}/comments`,
  `POST ${T}/suggestions/{suggestionID}/comments`,
  `GET ${T}/suggestions/{suggestionID}/attachments`,
  `GET ${T}/suggestions/attachments/{attachmentID}`,
  `GET ${T}/gh/casebasereleases`,
  `GET ${T}/gh/casebasereleases/{casebaseReleaseID}`,
  `GET ${T}/gh/casebasereleases/{casebaseReleaseID}/clusters`,
  `GET ${T}/gh/profiles`,
  `POST ${T}/gh/search`,
  `PUT ${T}/gh/search`,
  `GET ${T}/gh/casebasereleases/{casebaseReleaseID}/clusters/{clusterID}/cases`,
  `GET ${T}/gh/casebasereleases/{casebaseReleaseID}/cases/{caseID}`,
  `POST ${T}/gh/cases/{caseID}/accept`,
  `POST ${T}/gh/cases/{caseID}/reject`,
  `POST ${T}/gh/quickpicks`,
  `GET ${T}/gh/quickpicks`,
  `POST ${T}/gh/quickpicks/{quickpickID}`,
];

describe('PortalManagerClient: every operation of 4.3 over real HTTP', () => {
  let server: RecordingServer;
  let core: RecordingCore;
  let portal: PortalManagerClient;

  before(async () => {
    server = await startRecordingServer();
    server.reply('POST', `${P}/gh/search`, { body: SEARCH_RESPONSE });
    server.reply('PUT', `${P}/gh/search`, { body: SEARCH_RESPONSE });
    server.reply('POST', `${P}/gh/quickpicks/{id}`, { body: SEARCH_RESPONSE });
    server.reply('POST', `${P}/suggestions/attachments/uploadurl`, { body: { contentUrl: `${server.url}/storage/att-1?sig=s`, altId: 'ALT-1' } });
    server.reply('PUT', '/storage/{id}', { status: 200 });
    // One release and one case by id answer their objects (an empty body is no release: F1).
    server.reply('GET', `${P}/gh/casebasereleases/{id}`, { body: { casebase: [SEARCH_RESPONSE.casebase] } });
    server.reply('GET', `${P}/gh/casebasereleases/{id}/cases/{caseID}`, { body: { id: '77', title: 'Turn it on' } });
  });
  after(() => server.close());
  beforeEach(() => {
    server.clear();
    core = testPlatformCore(server.url);
    portal = new PortalManagerClient(core, PORTAL);
  });

  it('[P11] the operation table holds every row of 4.3 (plus the assumed signed-upload one and the vendor\'s preupload)', () => {
    const table = Object.values(PORTAL_OPERATIONS).map((r) => `${r.method} ${r.template}`);
    expect(table.filter((r) => !r.endsWith('/uploadurl') && !r.endsWith('/attachment/preupload')).sort()).to.deep.equal([...SPEC_4_3].sort());
  });

  it('[P11] every operation of 4.3 is reachable from the typed client: one call each, recorded method and path', async () => {
    const s = portal.suggestions;
    const gh = portal.guidedHelp;
    const qp = portal.quickpicks;
    await s.create({ name: 'Paper jam', content: 'Open tray 2', language: { code: 'en-US' } });
    await s.modify({ id: 's1', modifiedDate: '2024-01-01T00:00:00Z', description: 'better' });
    await s.list('pending');
    await s.get('s1');
    await s.delete('s1');
    await s.relatedArticles('s1');
    await s.listComments('s1');
    await s.addComment('s1', { content: 'thanks' });
    await s.listAttachments('s1');
    await s.getAttachment('att-1');
    await gh.casebaseReleases();
    await gh.casebaseRelease('34');
    await gh.clusters('34');
    await gh.profiles();
    await gh.startSearch({ casebaseId: '12' });
    await gh.step({ casebaseId: '12', questions: [{ id: '5', answers: [{ id: '51' }] }] });
    await gh.clusterCases('34', '8');
    await gh.getCase('34', '77', { caseAdditionalAttributes: 'all' });
    await gh.accept('77', { id: '77', name: 'Turn it on', profileId: '1' });
    await gh.reject('77', { id: '77', profileId: '1' });
    await qp.create({ casebaseReleaseId: '34' });
    await qp.list({ casebaseID: '12' });
    await qp.resume('qp-1');

    const concrete = SPEC_4_3.map((row) =>
      row
        .replace('{portalID}', PORTAL)
        .replace('{suggestionID}', 's1')
        .replace('{attachmentID}', 'att-1')
        .replace('{casebaseReleaseID}', '34')
        .replace('{clusterID}', '8')
        .replace('{caseID}', '77')
        .replace('{quickpickID}', 'qp-1')
        .replace(' /', ` ${PORTAL_BASE}/`),
    );
    expect(server.calls()).to.deep.equal(concrete);
    // Each call names its rate bucket by the spec's template (L2), under the portal manager.
    expect(core.specs.map((x) => `${x.method} ${x.template}`)).to.deep.equal(SPEC_4_3);
    expect(core.specs.every((x) => x.service === 'portalmgr')).to.equal(true);
    expect(server.requests[2].query).to.deep.equal({ 'filter[status]': 'pending' });
    expect(server.requests[17].query).to.deep.equal({ caseAdditionalAttributes: 'all' });
    expect(server.requests[18].body).to.deep.equal({ id: '77', name: 'Turn it on', profileId: '1' });
  });

  it('[S17] an id with a lone UTF-16 surrogate (as a portal answer may carry) is sent as its WTF-8 escapes, never a URIError nor U+FFFD (another id)', async () => {
    // A server reading paths as UTF-8 (ours) refuses the escapes with the contract's 400 body:
    // the call fails typed, and never reaches the id that differs from it in that one code unit.
    for (const call of [() => portal.quickpicks.resume('qp-\ud800'), () => portal.guidedHelp.clusters('34\udc00')]) {
      const err = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).to.deep.include({ status: 400, code: '400-101' });
    }
    await portal.guidedHelp.clusters('34\ufffd');
    expect(server.calls()).to.deep.equal([`GET ${P}/gh/casebasereleases/34%EF%BF%BD/clusters`]);
  });

  it('[P11] the attachment upload asks the (assumed) signed-upload operation, PUTs the bytes there, and answers the altID', async () => {
    const bytes = Buffer.from('%PDF-1.4 fake');
    const altId = await portal.suggestions.uploadAttachment(bytes, { fileName: 'log.pdf', contentType: 'application/pdf' });
    expect(altId).to.equal('ALT-1');
    expect(server.calls()).to.deep.equal([`POST ${P}/suggestions/attachments/uploadurl`, 'PUT /storage/att-1']);
    expect(server.requests[0].body).to.deep.equal({ fileName: 'log.pdf', contentType: 'application/pdf', size: bytes.length });
    const put = server.requests[1];
    expect(put.headers['content-type']).to.equal('application/pdf');
    expect(put.raw.equals(bytes)).to.equal(true);
    expect(put.headers.authorization).to.equal(undefined);
  });

  it('[P11] start and step answer the body of 2.2; search bodies are checked before the network', async () => {
    const started = await portal.guidedHelp.startSearch(
      { casebaseId: '12', profileId: '1', useLiveRelease: true, questions: [{ id: '5', answers: [{ id: '51' }] }] },
      { ghCustomAdditionalAttributes: 'question.custom.color' },
    );
    expect(started.caseSearch?.[0].caseId).to.equal('77');
    expect(server.requests[0].query).to.deep.equal({ ghCustomAdditionalAttributes: 'question.custom.color' });
    expect((await rejectionOf(portal.guidedHelp.step({ casebaseId: '12' } as never))).code).to.equal('400-112');
    expect((await rejectionOf(portal.guidedHelp.startSearch({ casebaseId: 'twelve' }))).code).to.equal('400-196');
    expect((await rejectionOf(portal.suggestions.modify({ id: 's1', modifiedDate: 'd' }))).code).to.equal('400-196');
    expect(server.requests).to.have.length(1);
  });

  it('[E4] an answer that is not a search answer at all is a PlatformError 502-101 naming the operation, not a crash', async () => {
    server.reply('PUT', `${P}/gh/search`, { body: ['not', 'a', 'search', 'answer'] });
    const err = await rejectionOf(portal.guidedHelp.step({ casebaseId: '12', questions: [] }));
    expect(err.code).to.equal('502-101');
    expect(err.developerMessage).to.include('gh.search.step');
    server.reply('PUT', `${P}/gh/search`, { body: SEARCH_RESPONSE });
  });
});
