import { expect } from 'chai';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { PORTAL_BASE, TEST_TOKEN, testPlatformCore, type RecordingCore } from '../testPlatformCore.js';
import { PORTAL, rejectionOf, SEARCH_RESPONSE } from './portalFixtures.js';

const P = `${PORTAL_BASE}/portals/${PORTAL}`;

describe('PortalManagerClient: parameter rules checked before the network', () => {
  let server: RecordingServer;
  let core: RecordingCore;
  let portal: PortalManagerClient;

  before(async () => {
    server = await startRecordingServer();
    server.reply('POST', `${PORTAL_BASE}/portals/{portalID}/gh/quickpicks/{quickpickID}`, { body: SEARCH_RESPONSE });
    server.reply('POST', `${PORTAL_BASE}/portals/{portalID}/gh/quickpicks`, { status: 201 });
    server.reply('GET', `${PORTAL_BASE}/portals/{portalID}/gh/quickpicks`, { body: { quickpick: [{ id: '9', name: 'saved' }], paginationInfo: { count: 1, pagenum: 1, pagesize: 10 } } });
  });
  after(() => server.close());
  beforeEach(() => {
    server.clear();
    core = testPlatformCore(server.url);
    portal = new PortalManagerClient(core, PORTAL);
  });

  describe('[P1] portalID', () => {
    it('[P1] refuses ids that are not 2-4 letters, a dash, 4-15 digits, before any network call', async () => {
      for (const bad of ['K-01234', 'KATZE-01234', 'KA01234', 'KA-123', 'KA-1234567890123456', 'KA-01a34', '12-01234', 'KA-01234/../x', ' KA-01234']) {
        const err = await rejectionOf(() => new PortalManagerClient(core, bad));
        expect(err.code, bad).to.equal('400-196');
        expect(err.details).to.deep.include({ key: 'name', value: 'portalID' });
      }
      expect((await rejectionOf(() => new PortalManagerClient(core, ''))).code).to.equal('400-112');
      expect(server.requests).to.have.length(0);
    });

    it('[P1] accepts 2 and 4 letters, 4 and 15 digits, and sends the id as given', async () => {
      for (const good of ['ab-1234', 'ABCD-123456789012345']) {
        await new PortalManagerClient(core, good).quickpicks.list({ casebaseID: '1' });
      }
      expect(server.calls()).to.deep.equal([`GET ${PORTAL_BASE}/portals/ab-1234/gh/quickpicks`, `GET ${PORTAL_BASE}/portals/ABCD-123456789012345/gh/quickpicks`]);
    });
  });

  describe('[P2] resume quickpick', () => {
    const refusals: [string, Parameters<PortalManagerClient['quickpicks']['resume']>[1], string][] = [
      ['$lang outside its list (an Accept-Language value)', { lang: 'ja-JP' }, '400-196'],
      ['$lang not a language', { lang: 'english' }, '400-196'],
      ['ghCustomAdditionalAttributes not question.custom.<name>', { ghCustomAdditionalAttributes: 'custom.color' }, '400-196'],
      ['ghCustomAdditionalAttributes without a name', { ghCustomAdditionalAttributes: 'question.custom.' }, '400-196'],
      ['one bad ghCustomAdditionalAttributes among good ones', { ghCustomAdditionalAttributes: ['question.custom.a', 'question.b'] }, '400-196'],
      ['x-ext-integration-id without x-ext-interaction-id', { integrationId: '42' }, '400-112'],
      ['x-ext-interaction-id without x-ext-integration-id', { interactionId: 'crm-7' }, '400-112'],
      ['x-ext-interaction-id without x-ext-integration-id, even with the activity id', { interactionId: 'crm-7', activityId: '5' }, '400-112'],
      ['x-platform-activity-id not numeric', { activityId: 'act-5' }, '400-196'],
      ['x-ext-integration-id not numeric', { integrationId: 'tenant', interactionId: 'crm-7' }, '400-196'],
      ['Accept-Language missing', { acceptLanguage: '' }, '400-112'],
      ['Accept-Language from the $lang list, not its own (ja-JA)', { acceptLanguage: 'ja-JA' }, '406-100'],
      ['Accept-Language en-GB (in the $lang list only)', { acceptLanguage: 'en-GB' }, '406-100'],
    ];
    for (const [what, options, code] of refusals) {
      it(`[P2] refuses ${what} with ${code}, and nothing is sent`, async () => {
        const err = await rejectionOf(portal.quickpicks.resume('qp-1', options));
        expect(err.code).to.equal(code);
        expect(server.requests).to.have.length(0);
      });
    }

    it('[P2] a valid call carries $lang, ghCustomAdditionalAttributes, Accept-Language and x-platform-activity-id alone', async () => {
      const body = await portal.quickpicks.resume('qp 1', {
        lang: 'ja-JA',
        acceptLanguage: 'ja-JP',
        activityId: '1234',
        ghCustomAdditionalAttributes: ['question.custom.color', 'question.custom.model_no'],
      });
      expect(server.calls()).to.deep.equal([`POST ${P}/gh/quickpicks/qp%201`]);
      const [req] = server.requests;
      expect(req.query).to.deep.equal({ $lang: 'ja-JA', ghCustomAdditionalAttributes: 'question.custom.color,question.custom.model_no' });
      expect(req.headers['accept-language']).to.equal('ja-JP');
      expect(req.headers['x-platform-activity-id']).to.equal('1234');
      expect(req.headers['x-ext-integration-id']).to.equal(undefined);
      expect(req.headers['x-ext-interaction-id']).to.equal(undefined);
      expect(req.raw.length).to.equal(0);
      expect(body.casebase?.status).to.equal('live');
      expect((body as Record<string, unknown>).vendorExtra).to.deep.equal({ kept: true });
    });

    it('[P2] x-ext-integration-id and x-ext-interaction-id go together; Accept-Language defaults to en-US; no $lang by default', async () => {
      await portal.quickpicks.resume('qp-2', { integrationId: '42', interactionId: 'crm-7' });
      const [req] = server.requests;
      expect(req.headers['x-ext-integration-id']).to.equal('42');
      expect(req.headers['x-ext-interaction-id']).to.equal('crm-7');
      expect(req.headers['accept-language']).to.equal('en-US');
      expect(req.query).to.deep.equal({});
    });

    it('[A2] a per-call token provider replaces the client token for that call only', async () => {
      await portal.quickpicks.resume('qp-3', { tokenProvider: new StaticTokenProvider('customer-token') });
      await portal.quickpicks.resume('qp-3');
      expect(server.requests.map((r) => r.headers.authorization)).to.deep.equal(['Bearer customer-token', `Bearer ${TEST_TOKEN}`]);
    });
  });

  describe('[P5] create quickpick', () => {
    it('[P5] linkToActivity true without a tenant, activity or interaction header is refused before the network', async () => {
      const err = await rejectionOf(portal.quickpicks.create({ casebaseReleaseId: '34', name: 'bookmark', linkToActivity: true }));
      expect(err.code).to.equal('400-112');
      expect(server.requests).to.have.length(0);
    });

    it('[P5] linkToActivity true goes out with any one of the three headers; false needs none', async () => {
      await portal.quickpicks.create({ casebaseReleaseId: '34', linkToActivity: true }, { activityId: '5' });
      await portal.quickpicks.create({ casebaseReleaseId: '34', linkToActivity: true }, { integrationId: '42' });
      await portal.quickpicks.create({ casebaseReleaseId: '34', linkToActivity: true }, { interactionId: 'crm-7' });
      await portal.quickpicks.create({ casebaseReleaseId: '34', name: 'n', comment: 'c', linkToActivity: false });
      expect(server.calls()).to.deep.equal(Array(4).fill(`POST ${P}/gh/quickpicks`));
      expect(server.requests[0].headers['x-platform-activity-id']).to.equal('5');
      expect(server.requests[1].headers['x-ext-integration-id']).to.equal('42');
      expect(server.requests[2].headers['x-ext-interaction-id']).to.equal('crm-7');
      expect(server.requests[3].body).to.deep.equal({ casebaseReleaseId: '34', name: 'n', comment: 'c', linkToActivity: false });
    });

    it('[P5] a body without casebaseReleaseId is refused (400-112)', async () => {
      const err = await rejectionOf(portal.quickpicks.create({ name: 'x' } as never));
      expect(err.code).to.equal('400-112');
      expect(err.details).to.deep.include({ key: 'name', value: 'casebaseReleaseId' });
      expect(server.requests).to.have.length(0);
    });
  });

  describe('[P6] list quickpicks', () => {
    it('[P6] needs casebaseID or getLastSavedQuickPickForInteraction', async () => {
      expect((await rejectionOf(portal.quickpicks.list({}))).code).to.equal('400-112');
      expect((await rejectionOf(portal.quickpicks.list({ casebaseID: '' }))).code).to.equal('400-112');
      expect(server.requests).to.have.length(0);
    });

    it('[P6] Yes without one of the three headers is refused; an unknown value too', async () => {
      expect((await rejectionOf(portal.quickpicks.list({ getLastSavedQuickPickForInteraction: 'Yes' }))).code).to.equal('400-112');
      expect((await rejectionOf(portal.quickpicks.list({ getLastSavedQuickPickForInteraction: 'yes' as 'Yes' }, {}, { activityId: '1' }))).code).to.equal('400-196');
      expect(server.requests).to.have.length(0);
    });

    it('[P6] casebaseID alone, and Yes with any one header, are sent with their query', async () => {
      const list = await portal.quickpicks.list({ casebaseID: '12' }, { pagenum: 2, pagesize: 75 });
      await portal.quickpicks.list({ getLastSavedQuickPickForInteraction: 'Yes' }, {}, { integrationId: '42' });
      await portal.quickpicks.list({ getLastSavedQuickPickForInteraction: 'Yes' }, {}, { activityId: '5' });
      await portal.quickpicks.list({ getLastSavedQuickPickForInteraction: 'Yes' }, {}, { interactionId: 'crm-7' });
      await portal.quickpicks.list({ getLastSavedQuickPickForInteraction: 'No' });
      expect(server.requests.map((r) => r.query)).to.deep.equal([
        { casebaseID: '12', $pagenum: '2', $pagesize: '75' },
        { getLastSavedQuickPickForInteraction: 'Yes' },
        { getLastSavedQuickPickForInteraction: 'Yes' },
        { getLastSavedQuickPickForInteraction: 'Yes' },
        { getLastSavedQuickPickForInteraction: 'No' },
      ]);
      expect(list.quickpick?.[0]).to.include({ id: '9', name: 'saved' });
    });

    it('[P6] a page size over 75 is refused before the network', async () => {
      expect((await rejectionOf(portal.quickpicks.list({ casebaseID: '12' }, { pagesize: 76 }))).code).to.equal('400-196');
      expect(server.requests).to.have.length(0);
    });
  });
});
