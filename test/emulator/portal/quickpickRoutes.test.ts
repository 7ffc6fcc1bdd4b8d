/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests; the schemas under test check their shape */
import { expect } from 'chai';
import { isErrorBodyFor } from '../../../src/schemas/errorBody.js';
import { guidedHelpSearchResponseSchema } from '../../../src/schemas/guidedHelp.js';
import { quickpickListSchema } from '../../../src/schemas/guidedHelpRequests.js';
import { PORTAL, startPortalFixture, type PortalFixture } from './portalFixture.js';

describe('emulator portal: quickpicks over HTTP', () => {
  let f: PortalFixture;
  before(async () => {
    f = await startPortalFixture();
  });
  after(() => f.stop());

  const gh = `/portals/${PORTAL}/gh`;
  const expectError = (r: { status: number; body: any }, status: number, code?: string) => {
    expect(r.status, JSON.stringify(r.body)).to.equal(status);
    expect(isErrorBodyFor(status, r.body)).to.equal(true);
    if (code) expect(r.body.code).to.equal(code);
  };
  const startPrinter = (token: string) =>
    f.call('POST', `${gh}/search`, { token, body: { casebaseId: '202', questions: [{ id: '2002', answers: [{ id: '20024' }] }, { id: '2003', answers: [{ value: 512 }] }] } });
  const save = (token: string, body: unknown, headers: Record<string, string> = {}) => f.call('POST', `${gh}/quickpicks`, { token, body, headers });
  const idOf = (r: { headers: Headers }) => r.headers.get('location')!.split('/').pop()!;

  it('[P5][F2] creates a quickpick only for a live release and only with a session in progress (403-198 otherwise)', async () => {
    const t = f.token({ id: 'p5' });
    expectError(await save(t, { casebaseReleaseId: '2021', name: 'x' }), 403, '403-198'); // no session yet
    await startPrinter(t);
    const ok = await save(t, { casebaseReleaseId: '2021', name: 'printer error', comment: 'code 512' });
    expect(ok.status).to.equal(201);
    expect(ok.body).to.equal(undefined);
    expect(idOf(ok)).to.match(/^[0-9]+$/);
    await f.call('POST', `${gh}/search`, { token: t, body: { casebaseId: '202', useLiveRelease: false } });
    expectError(await save(t, { casebaseReleaseId: '2022' }), 403, '403-198'); // author release
    expectError(await save(t, { name: 'no release' }), 400, '400-112');
    expectError(await save(t, { casebaseReleaseId: '4242' }), 404, '404-101');
  });

  it('[F2] refuses a quickpick after the session closed with 403-198, a status guided help uses', async () => {
    const t = f.token({ id: 'f2-closed' });
    await startPrinter(t);
    // The printer casebase closes its session on reject (searchSettings.closeSessionOnReject).
    expect((await f.call('POST', `${gh}/cases/6001/reject`, { token: t, body: { id: '6001' } })).status).to.equal(201);
    const r = await save(t, { casebaseReleaseId: '2021', name: 'after close' });
    expectError(r, 403, '403-198');
    expect(r.body.developerMessage).to.match(/no guided help session in progress/);
  });

  it('[P5] needs one of the activity headers when linkToActivity is true, any one of the three (the pairing is for resume only)', async () => {
    const t = f.token({ id: 'p5b' });
    await startPrinter(t);
    expectError(await save(t, { casebaseReleaseId: '2021', linkToActivity: true }), 400, '400-112');
    expect((await save(t, { casebaseReleaseId: '2021', linkToActivity: true }, { 'x-platform-activity-id': '123' })).status).to.equal(201);
    expect((await save(t, { casebaseReleaseId: '2021', linkToActivity: true }, { 'x-ext-integration-id': '77', 'x-ext-interaction-id': 'crm-9' })).status).to.equal(201);
    expect((await save(t, { casebaseReleaseId: '2021', linkToActivity: true }, { 'x-ext-interaction-id': 'crm-9' })).status).to.equal(201);
    expect((await save(t, { casebaseReleaseId: '2021', linkToActivity: true }, { 'x-ext-integration-id': '77' })).status).to.equal(201);
    expect((await save(t, { casebaseReleaseId: '2021', linkToActivity: false })).status).to.equal(201);
  });

  it('[P6] lists by casebaseID or getLastSavedQuickPickForInteraction, Yes needing a header, 204 when none', async () => {
    const t = f.token({ id: 'p6' }, 'tenant-p6');
    expectError(await f.call('GET', `${gh}/quickpicks`, { token: t }), 400, '400-112');
    expect((await f.call('GET', `${gh}/quickpicks?casebaseID=202`, { token: t })).status).to.equal(204);
    await startPrinter(t);
    await save(t, { casebaseReleaseId: '2021', name: 'first', linkToActivity: true }, { 'x-platform-activity-id': '555' });
    await save(t, { casebaseReleaseId: '2021', name: 'second', linkToActivity: true }, { 'x-platform-activity-id': '555' });
    await save(t, { casebaseReleaseId: '2021', name: 'other', linkToActivity: true }, { 'x-platform-activity-id': '556' });
    const all = await f.call('GET', `${gh}/quickpicks?casebaseID=202`, { token: t });
    expect(quickpickListSchema.parse(all.body).quickpick!.map((q) => q.name)).to.deep.equal(['first', 'second', 'other']);
    expectError(await f.call('GET', `${gh}/quickpicks?getLastSavedQuickPickForInteraction=Yes`, { token: t }), 400, '400-112');
    const last = await f.call('GET', `${gh}/quickpicks?getLastSavedQuickPickForInteraction=Yes`, { token: t, headers: { 'x-platform-activity-id': '555' } });
    expect(last.body.quickpick.map((q: any) => q.name)).to.deep.equal(['second']);
    expect((await f.call('GET', `${gh}/quickpicks?getLastSavedQuickPickForInteraction=Yes`, { token: t, headers: { 'x-platform-activity-id': '999' } })).status).to.equal(204);
    expectError(await f.call('GET', `${gh}/quickpicks?getLastSavedQuickPickForInteraction=maybe`, { token: t }), 400, '400-196');
    expectError(await f.call('GET', `${gh}/quickpicks?getLastSavedQuickPickForInteraction=No`, { token: t }), 400, '400-112');
  });

  it('[P6] lists the last quickpick with only the integration or only the interaction header (the pairing is for resume only)', async () => {
    const t = f.token({ id: 'p6b' }, 'tenant-p6b');
    await startPrinter(t);
    await save(t, { casebaseReleaseId: '2021', name: 'by integration', linkToActivity: true }, { 'x-ext-integration-id': '77' });
    await save(t, { casebaseReleaseId: '2021', name: 'by interaction', linkToActivity: true }, { 'x-ext-interaction-id': 'crm-9' });
    const last = (headers: Record<string, string>) => f.call('GET', `${gh}/quickpicks?getLastSavedQuickPickForInteraction=Yes`, { token: t, headers });
    const byIntegration = await last({ 'x-ext-integration-id': '77' });
    expect(byIntegration.status, JSON.stringify(byIntegration.body)).to.equal(200);
    expect(byIntegration.body.quickpick.map((q: any) => q.name)).to.deep.equal(['by integration']);
    const byInteraction = await last({ 'x-ext-interaction-id': 'crm-9' });
    expect(byInteraction.status, JSON.stringify(byInteraction.body)).to.equal(200);
    expect(byInteraction.body.quickpick.map((q: any) => q.name)).to.deep.equal(['by interaction']);
  });

  it('[F5] takes the vendor\'s names and values: casebaseReleaseID (body and list), true/false, and the activity header under the vendor\'s name', async () => {
    const t = f.token({ id: 'f5-vendor' }, 'tenant-f5');
    await startPrinter(t);
    const vendor = (id: string) => ({ 'x-acme-activity-id': id });
    expect((await save(t, { casebaseReleaseID: '2021', name: 'mine', linkToActivity: true }, vendor('700'))).status).to.equal(201);
    expect((await save(t, { casebaseReleaseID: '2021', name: 'theirs', linkToActivity: true }, vendor('701'))).status).to.equal(201);
    const list = (query: string, headers: Record<string, string> = {}) => f.call('GET', `${gh}/quickpicks?${query}`, { token: t, headers });
    const names = (r: { body: any }) => r.body.quickpick.map((q: any) => q.name);
    expect(names(await list('casebaseReleaseID=2021'))).to.deep.equal(['mine', 'theirs']);
    expect((await list('casebaseReleaseID=2022')).status, 'the author release holds none').to.equal(204);
    expect(names(await list('casebaseReleaseID=2021&getLastSavedQuickPickForInteraction=false'))).to.deep.equal(['mine', 'theirs']);
    expect(names(await list('getLastSavedQuickPickForInteraction=true', vendor('700')))).to.deep.equal(['mine']);
    expect(names(await list('getLastSavedQuickPickForInteraction=Yes', { 'x-platform-activity-id': '701' }))).to.deep.equal(['theirs']);
    const alone = await list('getLastSavedQuickPickForInteraction=false');
    expectError(alone, 400, '400-112');
    expect(alone.body.developerMessage).to.contain('casebaseReleaseID');
    expectError(await list('getLastSavedQuickPickForInteraction=TRUE'), 400, '400-196');
    const notNumeric = await list('getLastSavedQuickPickForInteraction=true', vendor('A-7'));
    expectError(notNumeric, 400, '400-196');
    expect(notNumeric.body.developerMessage).to.contain('x-acme-activity-id');
  });

  describe('resume', () => {
    let owner: string;
    let qp: string;
    const resume = (token: string, opts: { query?: string; headers?: Record<string, string>; body?: unknown; noAcceptLanguage?: boolean; id?: string } = {}) =>
      f.call('POST', `${gh}/quickpicks/${opts.id ?? qp}${opts.query ?? ''}`, { token, headers: opts.headers, body: opts.body, noAcceptLanguage: opts.noAcceptLanguage });
    before(async () => {
      owner = f.token({ id: 'resumer' });
      await startPrinter(owner);
      qp = idOf(await save(owner, { casebaseReleaseId: '2021', name: 'saved' }));
    });

    it('[P2] takes $lang only from its list, and ghCustomAdditionalAttributes only as question.custom.<internal_name>', async () => {
      expect((await resume(owner, { query: '?$lang=ja-JA' })).status).to.equal(200);
      expect((await resume(owner, { query: '?$lang=xx-XX' })).status).to.equal(200);
      expectError(await resume(owner, { query: '?$lang=ja-JP' }), 400, '400-196');
      const fr = await resume(owner, { query: '?$lang=fr-FR&ghCustomAdditionalAttributes=question.custom.last_checked' });
      const q = fr.body.answeredQuestion.find((x: any) => x.id === '2003');
      expect(q.title).to.equal("Quel code d'erreur s'affiche ?");
      expect(q.customAttributes).to.deep.equal([{ name: 'last_checked', displayName: 'Last reviewed', value: '2024-11-02T09:00:00Z', type: 'DATETIME' }]);
      expectError(await resume(owner, { query: '?ghCustomAdditionalAttributes=custom.last_checked' }), 400, '400-196');
    });

    it('[P2] lets x-platform-activity-id go alone and pairs x-ext-integration-id with x-ext-interaction-id', async () => {
      expect((await resume(owner, { headers: { 'x-platform-activity-id': '42' } })).status).to.equal(200);
      expect((await resume(owner, { headers: { 'x-ext-integration-id': '7', 'x-ext-interaction-id': 'abc' } })).status).to.equal(200);
      expectError(await resume(owner, { headers: { 'x-ext-integration-id': '7' } }), 400, '400-112');
      expectError(await resume(owner, { headers: { 'x-ext-interaction-id': 'abc' } }), 400, '400-112');
      expectError(await resume(owner, { headers: { 'x-platform-activity-id': 'abc' } }), 400, '400-196');
    });

    it('[P2] requires Accept-Language from its own list, which differs from the $lang list', async () => {
      expectError(await resume(owner, { noAcceptLanguage: true }), 400, '400-112');
      expectError(await resume(owner, { headers: { 'accept-language': 'ja-JA' } }), 406, '406-100');
      expectError(await resume(owner, { headers: { 'accept-language': 'en-GB' } }), 406, '406-100');
      expect((await resume(owner, { headers: { 'accept-language': 'da-DK' } })).status).to.equal(200);
    });

    it('[P4] answers 401, 403, 404, 415 and 500 with error bodies', async () => {
      expectError(await f.call('POST', `${gh}/quickpicks/${qp}`), 401);
      expectError(await resume(f.emu.tokenFor()), 403, '403-198');
      expectError(await resume(f.token({ id: 'stranger' })), 403, '403-198'); // no session started for the casebase
      expectError(await resume(owner, { id: '123' }), 404, '404-101');
      expectError(await resume(f.token({ id: 'other-tenant' }, 'elsewhere')), 404, '404-101');
      expectError(await resume(owner, { body: 'hello', headers: { 'content-type': 'text/plain' } }), 415, '415-100');
      expect((await resume(owner, { body: {} })).status).to.equal(200);
      await f.call('PUT', '/emulator/portal/faults', { body: { failNextResumes: 1 } });
      expectError(await resume(owner), 500, '500-100');
      expect((await resume(owner)).status).to.equal(200);
      const damaged = idOf(await save(owner, { casebaseReleaseId: '2021' }));
      expect((await f.call('POST', `/emulator/portal/quickpicks/${damaged}/corrupt`)).status).to.equal(204);
      expectError(await resume(owner, { id: damaged }), 500, '500-100');
    });

    it('[P4] answers 400 for a malformed portalID and 406 for a bad Accept-Language', async () => {
      expectError(await f.call('POST', `/portals/K-1/gh/quickpicks/${qp}`, { token: owner }), 400, '400-196');
      expectError(await resume(owner, { headers: { 'accept-language': 'klingon' } }), 406, '406-100');
    });
  });

  it('goes from a saved quickpick to its resumed state: answers restored and solutions ranked', async () => {
    const agent = f.token({ id: 'agent' });
    const bot = f.token({ id: 'bot' });
    const saved = guidedHelpSearchResponseSchema.parse((await startPrinter(bot)).body);
    expect(saved.caseSearch![0]!.caseId).to.equal('6006');
    const id = idOf(await save(bot, { casebaseReleaseId: '2021', name: 'hardware', linkToActivity: true }, { 'x-platform-activity-id': '8080' }));
    // The agent opens the casebase, answers something else, then resumes the bot's quickpick.
    await f.call('POST', `${gh}/search`, { token: agent, body: { casebaseId: '202', questions: [{ id: '2002', answers: [{ id: '20023' }] }] } });
    const listed = await f.call('GET', `${gh}/quickpicks?getLastSavedQuickPickForInteraction=Yes`, { token: agent, headers: { 'x-platform-activity-id': '8080' } });
    expect(listed.body.quickpick[0].id).to.equal(id);
    const r = await f.call('POST', `${gh}/quickpicks/${id}`, { token: agent, headers: { 'x-platform-activity-id': '8080' } });
    expect(r.status).to.equal(200);
    const resumed = guidedHelpSearchResponseSchema.parse(r.body);
    expect(resumed.answeredQuestion!.map((q) => [q.id, q.previousAnswer])).to.deep.equal(saved.answeredQuestion!.map((q) => [q.id, q.previousAnswer]));
    expect(resumed.caseSearch!.map((c) => [c.caseId, c.score, c.passedThresholdValue])).to.deep.equal(saved.caseSearch!.map((c) => [c.caseId, c.score, c.passedThresholdValue]));
    expect(resumed.actionSearch!.map((a) => a.actionId)).to.deep.equal(['8006', '8007']);
    // The agent's session now continues from the quickpick.
    const next = await f.call('PUT', `${gh}/search`, { token: agent, body: { casebaseId: '202', questions: [{ id: '2001', answers: [{ id: '20011' }] }] } });
    expect(next.body.answeredQuestion.map((q: any) => q.id)).to.deep.equal(['2002', '2003', '2001']);
  });
});
