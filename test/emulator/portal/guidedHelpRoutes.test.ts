/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests; the schemas under test check their shape */
import { expect } from 'chai';
import { isErrorBodyFor } from '../../../src/schemas/errorBody.js';
import { guidedHelpSearchResponseSchema } from '../../../src/schemas/guidedHelp.js';
import { casebaseReleaseListSchema, clusterCaseListSchema, clusterListSchema, profileListSchema } from '../../../src/schemas/guidedHelpRequests.js';
import { PORTAL, startPortalFixture, type PortalFixture } from './portalFixture.js';

describe('emulator portal: guided help over HTTP', () => {
  let f: PortalFixture;
  let alice: string;
  before(async () => {
    f = await startPortalFixture();
    alice = f.token({ id: 'alice' });
  });
  after(() => f.stop());

  const gh = `/portals/${PORTAL}/gh`;
  const start = (body: unknown, token = alice) => f.call('POST', `${gh}/search`, { token, body });
  const step = (body: unknown, token = alice) => f.call('PUT', `${gh}/search`, { token, body });
  const expectError = (r: { status: number; body: any }, status: number, code: string) => {
    expect(r.status, JSON.stringify(r.body)).to.equal(status);
    expect(isErrorBodyFor(status, r.body)).to.equal(true);
    expect(r.body.code).to.equal(code);
  };

  it('[F1] lists releases, clusters and profiles in the published list shapes, and a release by id in the vendor\'s list form', async () => {
    const releases = await f.call('GET', `${gh}/casebasereleases`, { token: alice });
    expect(releases.status).to.equal(200);
    const list = casebaseReleaseListSchema.parse(releases.body);
    expect(list.casebase!.map((c) => `${c.casebaseId}/${c.id}/${c.status}`)).to.include.members(['101/1011/live', '101/1012/author', '202/2021/live']);
    const clusters = await f.call('GET', `${gh}/casebasereleases/1011/clusters`, { token: alice });
    expect(clusterListSchema.parse(clusters.body).cluster!.map((c) => c.id)).to.deep.equal(['301', '302', '303']);
    const one = await f.call('GET', `${gh}/casebasereleases/2021?$lang=fr-FR`, { token: alice });
    // The vendor's form of a release read by id (F1): the list form, holding that release.
    expect(one.body.casebase.map((c: any) => `${c.id}/${c.name}/${c.status}`)).to.deep.equal(['2021/Imprimantes 3.0/live']);
  });

  it('[P9] lists the system profile as profile 1', async () => {
    const r = await f.call('GET', `${gh}/profiles`, { token: alice });
    const profiles = profileListSchema.parse(r.body).profile!;
    expect(profiles.find((p) => p.id === '1')!.name).to.equal('System');
    const s = await start({ casebaseId: '101', profileId: '1' });
    expect(s.body.casebase.profiles.profile[0]).to.deep.equal({ id: '1', name: 'System' });
  });

  it('[P7] starts by release, by casebase plus release type, and from a session article with its answers', async () => {
    const byRelease = await start({ casebaseId: '1012' });
    expect(byRelease.status).to.equal(200);
    expect(guidedHelpSearchResponseSchema.parse(byRelease.body).casebase!.status).to.equal('author');
    const live = await start({ casebaseId: '101', useLiveRelease: true });
    expect(live.body.casebase.id).to.equal('1011');
    const author = await start({ casebaseId: '101', useLiveRelease: false });
    expect(author.body.casebase.id).to.equal('1012');
    const article = await start({ casebaseId: '101', ghsArticleId: 'GHS-10002' });
    expect(article.body.casebase.id).to.equal('1012');
    expect(article.body.answeredQuestion.map((q: any) => [q.id, q.answerSource])).to.deep.equal([['1002', 'data_link_article']]);
  });

  it('[P7] takes answers at start and uses the portal default profile when none is given', async () => {
    const r = await start({ casebaseId: '101', questions: [{ id: '1001', answers: [{ id: '10014' }] }, { id: '1002', answers: [{ id: '10022' }] }] });
    const body = guidedHelpSearchResponseSchema.parse(r.body);
    expect(body.answeredQuestion!.map((q) => q.id)).to.deep.equal(['1001', '1002']);
    expect(body.caseSearch![0]!.caseId).to.equal('5008');
    expect(body.caseSearch![0]!.passedThresholdValue).to.equal(true);
    // profile 2 (the portal default) does not see the technicians' case even when it fits.
    const fits = await start({ casebaseId: '101', questions: [{ id: '1001', answers: [{ id: '10011' }] }, { id: '1002', answers: [{ id: '10021' }] }, { id: '1008', answers: [{ id: '10081' }] }] });
    expect(fits.body.caseSearch.map((c: any) => c.caseId)).to.not.include('5010');
  });

  it('[P7][F2] refuses a user without a profile or a profile not assigned (403-198), and a release of another portal (404-101)', async () => {
    expectError(await start({ casebaseId: '101' }, f.token({ id: 'nobody', profileIds: [] })), 403, '403-198');
    expectError(await start({ casebaseId: '101', profileId: '3' }, f.token({ id: 'cust', profileIds: ['2'] })), 403, '403-198');
    expectError(await f.call('POST', '/portals/KP-20002/gh/search', { token: alice, body: { casebaseId: '101' } }), 404, '404-101');
    expectError(await start({ casebaseId: '999' }), 404, '404-101');
    expectError(await start({ casebaseId: '101', profileId: '77' }), 404, '404-101');
  });

  it('[P7][F2] needs a session in progress for steps, case lists and case details (403-198, never a 409)', async () => {
    const bob = f.token({ id: 'bob' });
    expectError(await step({ casebaseId: '202', questions: [{ id: '2002', answers: [{ id: '20021' }] }] }, bob), 403, '403-198');
    expectError(await f.call('GET', `${gh}/casebasereleases/2021/clusters/401/cases`, { token: bob }), 403, '403-198');
    expectError(await f.call('GET', `${gh}/casebasereleases/2021/cases/6001`, { token: bob }), 403, '403-198');
    expectError(await f.call('POST', `${gh}/cases/6001/accept`, { token: bob, body: { id: '6001' } }), 403, '403-198');
    await start({ casebaseId: '202' }, bob);
    const cases = await f.call('GET', `${gh}/casebasereleases/2021/clusters/401/cases`, { token: bob });
    expect(clusterCaseListSchema.parse(cases.body).case!.map((c) => c.id)).to.deep.equal(['6001']);
    const detail = await f.call('GET', `${gh}/casebasereleases/2021/cases/6006?caseAdditionalAttributes=all`, { token: bob });
    expect(detail.status).to.equal(200);
    // The vendor's form (F1, F5): a bare case, question details as {question, answer, scoringValue}.
    expect(detail.body.case).to.equal(undefined);
    expect(detail.body.action.map((a: any) => a.id)).to.deep.equal(['8006', '8007']);
    expect(detail.body.questionDetail.map((q: any) => q.question.id)).to.deep.equal(['2002', '2003']);
    // A session on another release of the casebase is not a session on this one.
    expectError(await f.call('GET', `${gh}/casebasereleases/2022/clusters/401/cases`, { token: bob }), 403, '403-198');
    expectError(await f.call('GET', `${gh}/casebasereleases/2021/cases/6006?caseAdditionalAttributes=some`, { token: bob }), 400, '400-196');
  });

  it('refuses missing and bad values with the portal codes (400-112, 400-196, 406-100, 404-101)', async () => {
    expectError(await start({ questions: [] }), 400, '400-112');
    expectError(await step({ casebaseId: '101' }), 400, '400-112');
    await start({ casebaseId: '101' });
    expectError(await step({ casebaseId: '101', questions: [{ id: '1004', answers: [{ value: 10000 }] }] }), 400, '400-196');
    expectError(await step({ casebaseId: '101', questions: [{ id: '1004', answers: [{ value: -1 }] }] }), 400, '400-196');
    const ok = await step({ casebaseId: '101', questions: [{ id: '1004', answers: [{ value: 0 }] }] });
    expect(ok.status).to.equal(200);
    expectError(await f.call('GET', `${gh}/profiles`, { token: alice, headers: { 'accept-language': 'ja-JA' } }), 406, '406-100');
    expectError(await f.call('GET', `${gh}/profiles`, { token: alice, noAcceptLanguage: true }), 400, '400-112');
    expectError(await f.call('GET', '/portals/nope/gh/profiles', { token: alice }), 400, '400-196');
    expectError(await f.call('GET', '/portals/KP-99999/gh/profiles', { token: alice }), 404, '404-101');
    expectError(await f.call('GET', `${gh}/casebasereleases/4242`, { token: alice }), 404, '404-101');
    expectError(await f.call('GET', `${gh}/profiles?$pagesize=76`, { token: alice }), 400, '400-196');
    expectError(await f.call('GET', `${gh}/profiles`), 401, '401-104');
    expectError(await f.call('GET', `${gh}/profiles`, { token: f.emu.tokenFor() }), 403, '403-198');
  });

  it('[P10] closes the session on accept for the home internet casebase, and on reject for the printer casebase', async () => {
    const carol = f.token({ id: 'carol' });
    await start({ casebaseId: '101', questions: [{ id: '1002', answers: [{ id: '10021' }] }] }, carol);
    expect((await f.call('POST', `${gh}/cases/5001/reject`, { token: carol, body: { id: '7001' } })).status).to.equal(201);
    expect((await step({ casebaseId: '101', questions: [{ id: '1008', answers: [{ id: '10082' }] }] }, carol)).status).to.equal(200);
    expect((await f.call('POST', `${gh}/cases/5001/accept`, { token: carol, body: { id: '7001' } })).status).to.equal(201);
    expectError(await step({ casebaseId: '101', questions: [{ id: '1008', answers: [{ id: '10081' }] }] }, carol), 403, '403-198');

    const first = await start({ casebaseId: '202', questions: [{ id: '2002', answers: [{ id: '20021' }] }] }, carol);
    expect(first.body.casebase.searchSettings).to.deep.equal({ closeSessionOnAccept: false, closeSessionOnReject: true });
    expect((await f.call('POST', `${gh}/cases/6001/accept`, { token: carol, body: { id: '6001' } })).status).to.equal(201);
    expect((await step({ casebaseId: '202', questions: [{ id: '2003', answers: [{ value: 120 }] }] }, carol)).status).to.equal(200);
    expect((await f.call('POST', `${gh}/cases/6001/reject`, { token: carol, body: { id: '8001' } })).status).to.equal(201);
    expectError(await step({ casebaseId: '202', questions: [{ id: '2003', answers: [{ value: 120 }] }] }, carol), 403, '403-198');
  });

  it('walks the home internet casebase from start to an accepted solution', async () => {
    const dave = f.token({ id: 'dave' });
    const s0 = guidedHelpSearchResponseSchema.parse((await start({ casebaseId: '101' }, dave)).body);
    expect(s0.caseSearch).to.deep.equal([]);
    expect(s0.startupQuestion!.length).to.equal(2);
    const s1 = guidedHelpSearchResponseSchema.parse((await step({ casebaseId: '101', questions: [{ id: '1002', answers: [{ id: '10021' }] }] }, dave)).body);
    const restart1 = s1.caseSearch!.find((c) => c.caseId === '5001')!;
    expect(restart1.passedThresholdValue).to.equal(false);
    const lights = s1.unansweredQuestion!.find((q) => q.id === '1003')!;
    expect(lights.format).to.equal('checkbox');
    const s2 = guidedHelpSearchResponseSchema.parse(
      (await step({ casebaseId: '101', questions: [{ id: '1003', answers: [{ id: '10031' }, { id: '10032' }] }, { id: '1008', answers: [{ id: '10082' }] }] }, dave)).body,
    );
    const top = s2.caseSearch![0]!;
    expect(top.caseId).to.equal('5001');
    expect(top.score).to.equal(100);
    expect(top.score!).to.be.greaterThan(restart1.score!);
    expect(top.passedThresholdValue).to.equal(true);
    expect(s2.caseSearch!.map((c) => c.caseId)).to.not.include('5002'); // ruled out: "not restarted"
    const action = s2.actionSearch!.find((a) => a.caseId === '5001')!;
    expect(action.articleId).to.equal('KB-10001');
    const before = action.acceptCount!;
    expect((await f.call('POST', `${gh}/cases/5001/accept`, { token: dave, body: { id: action.actionId, name: action.name, profileId: '2' } })).status).to.equal(201);
    const again = guidedHelpSearchResponseSchema.parse((await start({ casebaseId: '101', questions: s2.answeredQuestion!.filter((q) => q.answerSource === 'user').map((q) => ({ id: q.id!, answers: (q.previousAnswer as any[]).map((a) => ({ id: a.id })) })) }, dave)).body);
    expect(again.actionSearch!.find((a) => a.actionId === action.actionId)!.acceptCount).to.equal(before + 1);
  });

  it('shows custom attributes asked for with ghCustomAdditionalAttributes, and a dynamic search for a known error message', async () => {
    const r = await f.call('POST', `${gh}/search?ghCustomAdditionalAttributes=question.custom.priority`, { token: alice, body: { casebaseId: '101', questions: [{ id: '1006', answers: [{ value: 'DNS_PROBE_FINISHED' }] }] } });
    const body = guidedHelpSearchResponseSchema.parse(r.body);
    const q = body.unansweredQuestion!.find((x) => x.id === '1001')!;
    expect(q.customAttributes).to.deep.equal([{ name: 'priority', displayName: 'Priority', value: '1', type: 'INTEGER' }]);
    expect(body.dynamicSearch![0]!.virtualCase![0]!.detailField![0]!.id).to.equal('KB-10101');
    expectError(await f.call('POST', `${gh}/search?ghCustomAdditionalAttributes=priority`, { token: alice, body: { casebaseId: '101' } }), 400, '400-196');
  });

  it('applies the Portal Manager v4 rate of the tenant plan through the shared limiter (429-001)', async () => {
    // Its own emulator with buckets of one token, as the platform's.
    const strict = await startPortalFixture({ rateBurst: 1 });
    try {
      strict.emu.setPlan({ name: 'custom', defaultRate: 0.01 }, 'slow-tenant');
      const t = strict.token({ id: 'erin' }, 'slow-tenant');
      expect((await strict.call('GET', `${gh}/profiles`, { token: t })).status).to.equal(200);
      const second = await strict.call('GET', `${gh}/profiles`, { token: t });
      expectError(second, 429, '429-001');
      expect((await strict.call('GET', `${gh}/casebasereleases`, { token: t })).status).to.equal(200);
    } finally {
      await strict.stop();
    }
  });
});
