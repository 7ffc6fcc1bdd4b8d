/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely here */
/**
 * The emulator's realistic-answers switch (R7): with it on, the portal and the hub answer in
 * the variants the real platform publishes, and the project's own clients still read them.
 */
import { expect } from 'chai';
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { PORTAL, startPortalFixture, type PortalFixture } from './portalFixture.js';

describe('emulator: realistic answers [R7]', () => {
  let f: PortalFixture;
  let alice: string;
  const gh = `/portals/${PORTAL}/gh`;
  before(async () => {
    f = await startPortalFixture();
    alice = f.token({ id: 'alice' });
  });
  after(() => f?.stop());
  afterEach(() => f.emu.setRealistic(false));

  it('[R7] answers casebases with display names outside the list, cases by `id`, passedThreshold, and empty ids on control actions', async () => {
    const plain = await f.call('GET', `${gh}/casebasereleases`, { token: alice });
    // The drifts this test looks at (with every drift on, KbLanguage is kbLanguage: realisticDrifts.test.ts).
    f.emu.setRealistic(['languageNames', 'caseIdAlias', 'passedThresholdBeside', 'emptyArticleIds']);
    const real = await f.call('GET', `${gh}/casebasereleases`, { token: alice });
    const names = (b: any) => b.casebase.flatMap((c: any) => c.languages.KbLanguage.map((l: any) => l.name));
    expect(names(plain.body)).to.include('English (United States)');
    expect(names(real.body)).to.include('English (US)').and.not.include('English (United States)');

    const stepped = await f.call('POST', `${gh}/search`, { token: alice, body: { casebaseId: '101', questions: [{ id: '1001', answers: [{ id: '10012' }] }, { id: '1002', answers: [{ id: '10022' }] }, { id: '1004', answers: [{ value: 2 }] }] } });
    expect(stepped.status).to.equal(200);
    const cases = stepped.body.caseSearch as any[];
    expect(cases.length).to.be.greaterThan(0);
    expect(cases[0]).to.include.keys('id', 'passedThreshold');
    expect(cases[0]).to.not.have.property('caseId');
    // The loop below would pass over an empty list: there must be control actions to check.
    const controls = ((stepped.body.actionSearch ?? []) as any[]).filter((a) => a.type === 'control');
    expect(controls.length, 'control actions in the stepped answer').to.be.greaterThan(0);
    for (const a of controls) expect(a.articleId).to.equal('');
  });

  it('[R7] the project\'s portal client reads the realistic answers with the contract\'s names', async () => {
    f.emu.setRealistic(true);
    const core = createPlatformHttpCore({ baseUrl: f.emu.url, tenant: 'default', customRates: { name: 'custom', defaultRate: 10_000 }, tokenProvider: new StaticTokenProvider(alice) });
    const portal = new PortalManagerClient(core, PORTAL);
    const list = await portal.guidedHelp.casebaseReleases();
    expect(list.casebase?.length).to.be.greaterThan(0);
    const answer = await portal.guidedHelp.startSearch({ casebaseId: '101', questions: [{ id: '1001', answers: [{ id: '10014' }] }, { id: '1002', answers: [{ id: '10022' }] }] });
    expect(answer.caseSearch?.[0]?.caseId).to.be.a('string');
    expect(answer.caseSearch?.[0]?.passedThresholdValue).to.be.a('boolean');
  });
});
