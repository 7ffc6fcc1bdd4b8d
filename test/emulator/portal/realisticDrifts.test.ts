/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely here; the clients under test check their shape */
/**
 * Realistic mode, one drift at a time (F3): each drift of drifts.ts is switched on alone, shows
 * in the raw answer, and the project's clients read it with the contract's names and without a
 * note of anything left unread. The table is typed by the drift list, so a new drift without a
 * row does not compile.
 */
import { expect } from 'chai';
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { ConversationManagerClient } from '../../../src/platform/conversation/conversationManagerClient.js';
import { DRIFT_NAMES, type Drift } from '../../../src/emulator/realistic/drifts.js';
import { profilesOf, type GuidedHelpSearchResponse } from '../../../src/schemas/guidedHelp.js';
import { rejectionOf } from '../../platform/portal/portalFixtures.js';
import { PORTAL, startPortalFixture, type PortalFixture } from './portalFixture.js';

// Ranks a case with an article action of a known article type and a control action (5002).
const STEP = { casebaseId: '101', questions: [{ id: '1002', answers: [{ id: '10021' }] }, { id: '1008', answers: [{ id: '10081' }] }] };
const CUSTOM = { ghCustomAdditionalAttributes: ['question.custom.priority', 'question.custom.category'] };
const CUSTOM_QUERY = '?ghCustomAdditionalAttributes=question.custom.priority&ghCustomAdditionalAttributes=question.custom.category';

interface Clients {
  portal: PortalManagerClient;
  hub: ConversationManagerClient;
}

interface Row {
  /** The raw answer shows the drift. */
  raw: (f: PortalFixture, token: string) => Promise<unknown>;
  /** The client reads it with the contract's names. */
  read: (c: Clients) => Promise<unknown>;
}

const gh = `/portals/${PORTAL}/gh`;
const rawStart = async (f: PortalFixture, token: string, query = '') => (await f.call('POST', `${gh}/search${query}`, { token, body: STEP })).body;
const questions = (b: GuidedHelpSearchResponse | any) => [...(b.answeredQuestion ?? []), ...(b.unansweredQuestion ?? [])];
const kbLanguages = async (c: Clients) => (await c.portal.guidedHelp.casebaseReleases({}, { cache: false })).casebase!.flatMap((cb) => cb.languages!.KbLanguage!);

const ROWS: Record<Drift, Row> = {
  languageNames: {
    raw: async (f, t) => expect((await f.call('GET', `${gh}/casebasereleases`, { token: t })).body.casebase[0].languages.KbLanguage.map((l: any) => l.name)).to.include('English (US)'),
    read: async (c) => expect((await kbLanguages(c)).map((l) => l.name)).to.include('English (US)'),
  },
  lowerCaseLanguages: {
    raw: async (f, t) => expect((await f.call('GET', `${gh}/casebasereleases`, { token: t })).body.casebase[0].languages.KbLanguage.map((l: any) => l.code)).to.include('en-us'),
    read: async (c) => expect((await kbLanguages(c)).map((l) => l.code)).to.include('en-US'),
  },
  kbLanguage: {
    raw: async (f, t) => expect((await f.call('GET', `${gh}/casebasereleases`, { token: t })).body.casebase[0].languages).to.have.property('kbLanguage').and.not.have.property('KbLanguage'),
    read: async (c) => expect((await kbLanguages(c)).length).to.be.greaterThan(0),
  },
  profilesArray: {
    raw: async (f, t) => expect((await f.call('GET', `${gh}/casebasereleases/1011`, { token: t })).body.casebase[0].profiles).to.be.an('array'),
    read: async (c) => expect(profilesOf((await c.portal.guidedHelp.casebaseRelease('1011')).profiles).map((p) => p.id)).to.include('1'),
  },
  emptyArticleIds: {
    raw: async (f, t) => {
      const controls = ((await rawStart(f, t)).actionSearch as any[]).filter((a) => a.type === 'control');
      expect(controls.length).to.be.greaterThan(0);
      for (const a of controls) expect(a.articleId).to.equal('');
    },
    read: async (c) => {
      const controls = (await c.portal.guidedHelp.startSearch(STEP)).actionSearch!.filter((a) => a.type === 'control');
      expect(controls.length).to.be.greaterThan(0);
      for (const a of controls) expect(a.articleId).to.equal(undefined);
    },
  },
  articleTypeAttributes: {
    raw: async (f, t) => expect(((await rawStart(f, t)).actionSearch as any[]).some((a) => a.articleTypeAttributes && !a.articleType)).to.equal(true),
    read: async (c) => expect((await c.portal.guidedHelp.startSearch(STEP)).actionSearch!.some((a) => typeof a.articleType?.typeName === 'string')).to.equal(true),
  },
  customAttribute: {
    raw: async (f, t) => expect(questions(await rawStart(f, t, CUSTOM_QUERY)).some((q: any) => Array.isArray(q.customAttribute) && !q.customAttributes)).to.equal(true),
    read: async (c) => expect(questions(await c.portal.guidedHelp.startSearch(STEP, CUSTOM)).some((q) => (q.customAttributes?.length ?? 0) > 0)).to.equal(true),
  },
  additionalInfo: {
    raw: async (f, t) => expect(((await rawStart(f, t)).actionSearch as any[]).every((a) => typeof a.additionalInfo === 'boolean' && !('hasAdditionalInfo' in a))).to.equal(true),
    read: async (c) => expect((await c.portal.guidedHelp.startSearch(STEP)).actionSearch!.every((a) => typeof a.hasAdditionalInfo === 'boolean')).to.equal(true),
  },
  caseIdAlias: {
    raw: async (f, t) => expect((await rawStart(f, t)).caseSearch[0]).to.have.property('id').and.not.have.property('caseId'),
    read: async (c) => expect((await c.portal.guidedHelp.startSearch(STEP)).caseSearch![0]!.caseId).to.be.a('string'),
  },
  passedThresholdBeside: {
    raw: async (f, t) => expect((await rawStart(f, t)).caseSearch[0]).to.include.keys('passedThreshold', 'passedThresholdValue'),
    read: async (c) => expect((await c.portal.guidedHelp.startSearch(STEP)).caseSearch![0]!.passedThresholdValue).to.be.a('boolean'),
  },
  passedThresholdAlone: {
    raw: async (f, t) => {
      const b = await rawStart(f, t);
      for (const item of [b.caseSearch[0], b.actionSearch[0]]) expect(item).to.have.property('passedThreshold').and.not.have.property('passedThresholdValue');
    },
    read: async (c) => {
      const b = await c.portal.guidedHelp.startSearch(STEP);
      expect([b.caseSearch![0]!.passedThresholdValue, b.actionSearch![0]!.passedThresholdValue].map((v) => typeof v)).to.deep.equal(['boolean', 'boolean']);
    },
  },
  actionIds: {
    raw: async (f, t) => expect((await rawStart(f, t)).actionSearch[0]).to.include.keys('id', 'alternateId', 'actionId'),
    read: async (c) => {
      const a = (await c.portal.guidedHelp.startSearch(STEP)).actionSearch![0]! as Record<string, unknown>;
      expect(a.actionId).to.be.a('string');
      expect(a.alternateId).to.equal(`ALT-${String(a.actionId)}`);
    },
  },
  releaseList: {
    raw: async (f, t) => expect((await f.call('GET', `${gh}/casebasereleases/1011`, { token: t })).body.casebase.map((c: any) => c.id)).to.have.members(['1011', '1012']),
    read: async (c) => {
      expect((await c.portal.guidedHelp.casebaseRelease('1011')).id).to.equal('1011');
      expect((await c.portal.guidedHelp.casebaseRelease('1012')).id).to.equal('1012');
    },
  },
  suggestionLinks: {
    raw: async (f, t) => {
      await f.call('POST', `/portals/${PORTAL}/suggestions`, { token: t, body: { name: 'links', content: 'links', language: { code: 'en-US' } } });
      const item = (await f.call('GET', `/portals/${PORTAL}/suggestions?filter[status]=pending`, { token: t })).body.suggestion[0];
      expect(item.link).to.be.an('array');
    },
    read: async (c) => {
      const [item] = (await c.portal.suggestions.list('pending')).items;
      expect((await c.portal.suggestions.get(item!.id!)).id).to.equal(item!.id);
    },
  },
  errorStatus: {
    raw: async (f, t) => {
      const r = await f.call('GET', `${gh}/profiles`, { token: t, headers: { 'accept-language': 'ja-JA' } });
      expect([r.status, r.body.code]).to.deep.equal([400, '406-100']);
    },
    read: async (c) => expect(await rejectionOf(c.portal.guidedHelp.profiles({}, { cache: false, acceptLanguage: 'ja-JA' }))).to.include({ status: 400, code: '406-100' }),
  },
  maskedSecrets: {
    raw: async (f) => {
      const r = await fetch(`${f.emu.hubUrl}/authentications`, { headers: { authorization: `Bearer ${f.emu.tokenFor({})}` } });
      expect(((await r.json()) as any).authentication.map((a: any) => a.type)).to.include('saml');
    },
    read: async (c) => expect((await c.hub.authentications.list()).items.map((a) => a.id)).to.include('legacy-default'),
  },
};

describe('[F3] realistic mode, one drift at a time: each shows and each is read', () => {
  let f: PortalFixture;
  let token: string;
  let clients: Clients;
  let unread: string[];
  before(async () => {
    f = await startPortalFixture();
    token = f.token({ id: 'drifter', admin: true });
    const core = (t: string) =>
      createPlatformHttpCore({
        baseUrl: f.emu.url,
        tenant: 'default',
        customRates: { name: 'custom', defaultRate: 10_000 },
        tokenProvider: new StaticTokenProvider(t),
        observer: { onUnreadable: (operation, skipped) => unread.push(`${operation}:${skipped}`) },
      });
    clients = { portal: new PortalManagerClient(core(token), PORTAL), hub: new ConversationManagerClient(core(f.emu.tokenFor({}))) };
  });
  after(() => f?.stop());
  beforeEach(() => {
    unread = [];
  });
  afterEach(() => f.emu.setRealistic(false));

  it('[F3] every drift has a row, and none is on by default', async () => {
    expect(Object.keys(ROWS).sort()).to.deep.equal([...DRIFT_NAMES].sort());
    const r = await f.call('GET', '/emulator/realistic');
    expect(r.body.drift.filter((d: any) => d.on)).to.deep.equal([]);
  });

  for (const drift of DRIFT_NAMES) {
    it(`[F3] ${drift}: shows in the raw answer when on alone, and the client reads it`, async () => {
      const set = await f.call('PUT', '/emulator/realistic', { body: { drifts: [drift] } });
      expect(set.body.drift.filter((d: any) => d.on).map((d: any) => d.name)).to.deep.equal([drift]);
      await ROWS[drift].raw(f, token);
      await ROWS[drift].read(clients);
      expect(unread, 'notes of a tolerant read').to.deep.equal([]);
    });
  }

  it('[F3] an unknown drift name is refused with the known ones listed', async () => {
    const r = await f.call('PUT', '/emulator/realistic', { body: { drifts: ['nope'] } });
    expect([r.status, r.body.code]).to.deep.equal([400, '400-196']);
    expect(() => f.emu.setRealistic(['nope'])).to.throw(/unknown drift nope/);
  });
});
