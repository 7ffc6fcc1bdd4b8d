/**
 * The clients read the contract's form and the vendor's form of each one-object guided-help
 * answer (F1), over real HTTP: a release read by id (bare casebase, or `{casebase: [ ... ]}`
 * with one or more releases), a case read by id (bare with `questionDetail`, or `{case: [item]}`
 * with `question`), and `casebase.profiles` as an object or an array. No form may be misread
 * silently: a read either gives the id, name and status, or fails with 502-101 naming the
 * operation. The public `parseGuidedHelpResponse` reads what the client reads (one parser).
 */
import { expect } from 'chai';
import { parseGuidedHelpResponse } from '../../../src/entries/platform.js';
import { profilesOf } from '../../../src/schemas/guidedHelp.js';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { PORTAL_BASE, testPlatformCore } from '../testPlatformCore.js';
import { PORTAL, rejectionOf, SEARCH_RESPONSE } from './portalFixtures.js';

const P = `${PORTAL_BASE}/portals/${PORTAL}`;
const PROFILES = { profile: [{ id: '1', name: 'System' }], paginationInfo: { count: 1, pagenum: 1, pagesize: 10 } };
const release = (id: string, over: Record<string, unknown> = {}) => ({ casebaseId: '12', id, name: `Printers ${id}`, status: 'live', profiles: PROFILES, ...over });

describe('[F1] the clients read both forms of a one-object answer, never silently wrong', () => {
  let server: RecordingServer;
  let portal: PortalManagerClient;

  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());
  beforeEach(() => {
    portal = new PortalManagerClient(testPlatformCore(server.url), PORTAL);
  });

  const answerRelease = (body: unknown) => server.reply('GET', `${P}/gh/casebasereleases/34`, { body });
  const answerCase = (body: unknown) => server.reply('GET', `${P}/gh/casebasereleases/34/cases/77`, { body });

  it('[F1] a release by id in the contract\'s form (the bare casebase)', async () => {
    answerRelease(release('34'));
    expect(await portal.guidedHelp.casebaseRelease('34')).to.include({ id: '34', name: 'Printers 34', status: 'live' });
  });

  it('[F1] a release by id in the vendor\'s form, one release in the list', async () => {
    answerRelease({ casebase: [release('34')], paginationInfo: { count: 1, pagenum: 1, pagesize: 10 } });
    expect(await portal.guidedHelp.casebaseRelease('34')).to.include({ id: '34', name: 'Printers 34', status: 'live' });
  });

  it('[F1] a release by id in the vendor\'s form with several releases: the one asked for', async () => {
    answerRelease({ casebase: [release('33', { status: 'author' }), release('34')] });
    expect(await portal.guidedHelp.casebaseRelease('34')).to.include({ id: '34', name: 'Printers 34', status: 'live' });
  });

  it('[F1] a list without the release asked for, an empty list, or a release without id, name or status is 502-101, not undefined fields', async () => {
    for (const body of [{ casebase: [release('33'), release('35')] }, { casebase: [] }, { casebase: [{ name: 'no id' }] }, { name: 'no id', status: 'live' }, release('34', { status: undefined }), release('34', { name: 42 })]) {
      answerRelease(body);
      const err = await rejectionOf(portal.guidedHelp.casebaseRelease('34'));
      expect(err.code, JSON.stringify(body)).to.equal('502-101');
      expect(err.developerMessage).to.contain('gh.casebaseReleases.get');
    }
  });

  it('[F1] a case by id in the vendor\'s form (bare, questionDetail)', async () => {
    answerCase({ id: '77', title: 'Turn it on', questionDetail: [{ id: '5', title: 'Is it on?', type: 'list' }], action: [{ id: '8', title: 'Press the button' }] });
    const c = await portal.guidedHelp.getCase('34', '77', { caseAdditionalAttributes: 'all' });
    expect(c.id).to.equal('77');
    expect(c.questionDetail!.map((q) => q.id)).to.deep.equal(['5']);
    expect(c.action!.map((a) => a.id)).to.deep.equal(['8']);
  });

  it('[F1] a case by id in the list form with `question`: read as the same case, details under questionDetail', async () => {
    answerCase({ case: [{ id: '77', title: 'Turn it on', question: [{ id: '5', title: 'Is it on?' }], passedThreshold: true }] });
    const c = await portal.guidedHelp.getCase('34', '77');
    expect(c).to.include({ id: '77', title: 'Turn it on', passedThresholdValue: true });
    expect(c.questionDetail!.map((q) => q.id)).to.deep.equal(['5']);
  });

  it('[F5] a case\'s question details in the vendor\'s form {question, answer, scoringValue} and flat: the same ids, nothing dropped', async () => {
    answerCase({ id: '77', caseType: 'Article', thresholdValue: 60, thresholdType: 'percentage', releaseId: '34', profileId: '2', questionDetail: [{ question: { id: '5', title: 'Is it on?' }, answer: [{ id: '51', text: 'No' }], scoringValue: 2 }] });
    const vendor = await portal.guidedHelp.getCase('34', '77', { caseAdditionalAttributes: 'questionDetail' });
    expect(vendor.questionDetail!.map((q) => [q.id, q.title, q.question?.id, q.answer?.[0]?.id, q.scoringValue])).to.deep.equal([['5', 'Is it on?', '5', '51', 2]]);
    expect(vendor).to.include({ caseType: 'Article', thresholdValue: 60, releaseId: '34', profileId: '2' });
    answerCase({ id: '77', questionDetail: [{ id: '5', title: 'Is it on?', type: 'list' }] });
    const flat = await portal.guidedHelp.getCase('34', '77', { caseAdditionalAttributes: 'questionDetail' });
    expect(flat.questionDetail!.map((q) => [q.id, q.title])).to.deep.equal([['5', 'Is it on?']]);
  });

  it('[F5] a suggestion\'s `customAttribute` (the vendor\'s name) is read as `customAttributes`; a link object or array either way', async () => {
    const item = { id: '9', name: 'n', language: { code: 'en-US', label: 'English (United States)' }, modifiedBy: { id: 'u1', firstName: 'Ann', lastName: 'Lee' }, customAttribute: [{ name: 'product', value: ['router'], type: 'STRING' }] };
    for (const link of [{ rel: 'self', href: 'h' }, [{ rel: 'self', href: 'h' }]]) {
      server.reply('GET', `${P}/suggestions/9`, { body: { ...item, link } });
      const got = await portal.suggestions.get('9');
      expect(got.customAttributes).to.deep.equal(item.customAttribute);
      expect(got.language).to.deep.equal(item.language);
      expect(got.link).to.deep.equal(link);
    }
  });

  it('[F1] a case answer that holds no case with the id asked for is 502-101', async () => {
    for (const body of [{ case: [] }, { case: [{ id: '78' }, { id: '79' }] }, { title: 'no id' }]) {
      answerCase(body);
      expect((await rejectionOf(portal.guidedHelp.getCase('34', '77'))).code, JSON.stringify(body)).to.equal('502-101');
    }
  });

  it('[F1] casebase.profiles as an object and as an array of pages: the same profiles', async () => {
    answerRelease(release('34'));
    const asObject = await portal.guidedHelp.casebaseRelease('34');
    answerRelease({ casebase: [release('34', { profiles: [PROFILES] })] });
    const asArray = await portal.guidedHelp.casebaseRelease('34');
    expect(profilesOf(asArray.profiles)).to.deep.equal(profilesOf(asObject.profiles)).and.to.deep.equal([{ id: '1', name: 'System' }]);
  });

  it('[F1][F4] the public parseGuidedHelpResponse reads the vendor\'s step answer as the client does', async () => {
    const vendor = {
      ...SEARCH_RESPONSE,
      casebase: { ...SEARCH_RESPONSE.casebase, profiles: [PROFILES], languages: { kbLanguage: [{ name: 'English (US)', code: 'en-US' }] } },
      caseSearch: [{ id: '77', title: 'Turn it on', passedThreshold: true, score: 80 }],
      actionSearch: [{ actionId: '9', type: 'control', articleId: '', articleTypeAttributes: { typeName: 'FAQ' } }],
    };
    server.reply('PUT', `${P}/gh/search`, { body: vendor });
    const viaClient = await portal.guidedHelp.step({ casebaseId: '12', questions: [{ id: '5', answers: [{ id: '51' }] }] });
    const viaPublic = parseGuidedHelpResponse(vendor);
    expect(viaPublic).to.deep.equal(viaClient);
    expect(viaPublic.caseSearch![0]).to.include({ caseId: '77', passedThresholdValue: true });
    expect(viaPublic.actionSearch![0]!.articleType).to.deep.equal({ typeName: 'FAQ' });
    expect(viaPublic.casebase!.languages!.KbLanguage![0]!.code).to.equal('en-US');
    expect(() => parseGuidedHelpResponse('not json')).to.throw(/502-101/);
  });
});
