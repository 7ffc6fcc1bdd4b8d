/**
 * Every route of the emulator's own API (`/emulator/...`), walked (F8): each one that takes a
 * body or a query is sent a key it does not know, and must answer 400 with the contract's error
 * body naming that key; each one that takes neither must refuse a body rather than ignore it.
 * The table is checked against the routes the running emulator has registered, so a new route
 * cannot be added without being walked here.
 */
import { expect } from 'chai';
import { defaultParts } from '../../src/emulator/defaultParts.js';
import type { EmulatorPart } from '../../src/emulator/emulatorContext.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { answerOf, createChain, own, UNLIMITED, type Answer } from './hubTestKit.js';

const ADDRESS = 'walk@example.test';
const DEAD = 'http://127.0.0.1:9/nothing';
const UNKNOWN = 'zzUnknownKey';

/** Ids of real objects, so a route reaches its body or query check instead of a 404. */
interface Ids {
  conversation: string;
  article: string;
  articleType: string;
  suggestion: string;
  target: string;
}

/** How one route is walked: the path to call and the unknown key, in its body or its query. */
type Probe = { path: (ids: Ids) => string; body?: Record<string, unknown>; query?: string } | { skip: string };

const withUnknown = (body: Record<string, unknown> = {}) => ({ ...body, [UNKNOWN]: 1 });
const READ_ONLY = { query: `${UNKNOWN}=1` };

/**
 * Every `/emulator` route: `METHOD /path/template` → how it is walked. A GET that takes no query
 * is left out on purpose: it reads and applies nothing, so a stray query cannot apply more than
 * was asked (F8's harm); the routes below that do read a query refuse an unknown key in it.
 */
const PROBES: Record<string, Probe> = {
  'GET /emulator/info': { skip: 'a read with no parameters' },
  'POST /emulator/clients': { path: () => '/clients', body: withUnknown() },
  'GET /emulator/clients': { skip: 'a read with no parameters' },
  'DELETE /emulator/clients/:id': { path: () => '/clients/emulator-client', body: withUnknown() },
  'GET /emulator/plan': { skip: 'a read with no parameters' },
  'PUT /emulator/plan': { path: () => '/plan', body: withUnknown({ plan: 'Basic' }) },
  'PUT /emulator/tenants/:tenant/plan': { path: () => '/tenants/t1/plan', body: withUnknown({ plan: 'Basic' }) },
  'DELETE /emulator/tenants/:tenant/plan': { path: () => '/tenants/t1/plan', body: withUnknown() },
  'GET /emulator/faults': { skip: 'a read with no parameters' },
  'PUT /emulator/faults': { path: () => '/faults', body: withUnknown() },
  'DELETE /emulator/faults': { path: () => '/faults', body: withUnknown() },
  'POST /emulator/tokens/expire': { path: () => '/tokens/expire', body: withUnknown() },
  'GET /emulator/escalations': { skip: 'a read with no parameters' },
  'GET /emulator/callback-failures': { skip: 'a read with no parameters' },
  'GET /emulator/calls': { path: () => '/calls', ...READ_ONLY },
  'GET /emulator/realistic': { skip: 'a read with no parameters' },
  'PUT /emulator/realistic': { path: () => '/realistic', body: withUnknown({ all: true }) },
  'GET /emulator/handover': { skip: 'a read with no parameters' },
  'PUT /emulator/handover': { path: () => '/handover', body: withUnknown({ outcome: 'queue' }) },
  'POST /emulator/conversations/:id/agent': { path: (i) => `/conversations/${i.conversation}/agent`, body: withUnknown({ action: 'join' }) },
  // The customer's side (the web chat's API): the conversation's calls, checked as strictly.
  'POST /emulator/conversations': { path: () => '/conversations', body: withUnknown({ accountAddress: ADDRESS }) },
  'GET /emulator/accounts': { skip: 'a read with no parameters' },
  'GET /emulator/conversations': { skip: 'a read with no parameters' },
  'GET /emulator/conversations/:id': { skip: 'a read with no parameters' },
  'POST /emulator/conversations/:id/messages': { path: (i) => `/conversations/${i.conversation}/messages`, body: withUnknown({ text: 'hello' }) },
  'POST /emulator/conversations/:id/assets': { path: (i) => `/conversations/${i.conversation}/assets`, body: withUnknown({ contentType: 'image/png', size: 4 }) },
  'GET /emulator/conversations/:id/received': { path: (i) => `/conversations/${i.conversation}/received`, ...READ_ONLY },
  'GET /emulator/conversations/:id/stream': { path: (i) => `/conversations/${i.conversation}/stream`, ...READ_ONLY },
  // Signed URLs the platform hands out: bytes, not settings (and the conversation's calls).
  'PUT /emulator/blobs/:id': { skip: 'a signed upload URL: the body is the file' },
  'GET /emulator/blobs/:id': { skip: 'a signed download URL: its query is the signature' },
  'PUT /emulator/portal/uploads/:altId': { skip: 'a signed upload URL: the body is the file' },
  'GET /emulator/portal/uploads/:altId': { skip: 'a signed download URL: its query is the signature' },
  'GET /emulator/web/:file': { skip: 'the pages\' static files' },
  'PUT /emulator/portal/portals/:portalID/settings': { path: () => '/portal/portals/KP-10001/settings', body: withUnknown({ manageSuggestion: true }) },
  'PUT /emulator/portal/suggestions/:id/status': { path: (i) => `/portal/suggestions/${i.suggestion}/status`, body: withUnknown({ status: 'pending' }) },
  'POST /emulator/portal/releases/:releaseId/publish': { path: () => '/portal/releases/1011/publish', body: withUnknown() },
  'POST /emulator/portal/articles': { path: () => '/portal/articles', body: withUnknown({ title: 'x' }) },
  'POST /emulator/portal/articles/:id/move': { path: (i) => `/portal/articles/${i.article}/move`, body: withUnknown({ folderId: '2' }) },
  'POST /emulator/portal/articles/:id/dates-reached': { path: (i) => `/portal/articles/${i.article}/dates-reached`, body: withUnknown({ which: 'availability' }) },
  'DELETE /emulator/portal/articles/:id': { path: (i) => `/portal/articles/${i.article}`, body: withUnknown() },
  'POST /emulator/portal/articletypes': { path: () => '/portal/articletypes', body: withUnknown({ typeName: 'x' }) },
  'PUT /emulator/portal/articletypes/:id': { path: (i) => `/portal/articletypes/${i.articleType}`, body: withUnknown({ typeName: 'y' }) },
  'DELETE /emulator/portal/articletypes/:id': { path: (i) => `/portal/articletypes/${i.articleType}`, body: withUnknown() },
  'PUT /emulator/portal/installationnames/:key': { path: () => '/portal/installationnames/k1', body: withUnknown({ installationName: 'x' }) },
  'GET /emulator/portal/faults': { skip: 'a read with no parameters' },
  'PUT /emulator/portal/faults': { path: () => '/portal/faults', body: withUnknown({ failNextResumes: 1 }) },
  'POST /emulator/portal/quickpicks/:id/corrupt': { path: () => '/portal/quickpicks/900001/corrupt', body: withUnknown() },
  'POST /emulator/events/targets': { path: () => '/events/targets', body: withUnknown({ url: DEAD }) },
  'GET /emulator/events/targets': { skip: 'a read with no parameters' },
  'DELETE /emulator/events/targets/:id': { path: (i) => `/events/targets/${i.target}`, body: withUnknown() },
  'GET /emulator/events/kinds': { skip: 'a read with no parameters' },
  'POST /emulator/events/raise': { path: () => '/events/raise', body: withUnknown({ eventType: 'article_created' }) },
  'GET /emulator/events/deliveries': { path: () => '/events/deliveries', ...READ_ONLY },
  'GET /emulator/events/faults': { skip: 'a read with no parameters' },
  'PUT /emulator/events/faults': { path: () => '/events/faults', body: withUnknown({ duplicate: true }) },
};

describe('[F8] every route of the emulator\'s own API, walked with a key it does not know', () => {
  let emu: RunningEmulator;
  let registered: string[] = [];
  const ids = {} as Ids;
  /** Reads the routes the emulator registered: this part runs after every other one. */
  const listRoutes: EmulatorPart = (ctx) => {
    const router = (ctx.app.server as unknown as { router: { getRoutes(): Record<string, { method: string; path: string }> } }).router;
    registered = Object.values(router.getRoutes()).map((r) => `${r.method} ${r.path}`);
  };

  before(async () => {
    emu = await startEmulator({ plan: UNLIMITED, rateBurst: 1000, parts: [...defaultParts(), listRoutes] });
    await createChain(emu, emu.tokenFor({}), { callback: DEAD, tokenRequest: DEAD }, ADDRESS);
    ids.conversation = (await own(emu, 'POST', '/conversations', { accountAddress: ADDRESS })).body.id;
    ids.article = (await own(emu, 'POST', '/portal/articles', { title: 'walk' })).body.articleId;
    ids.articleType = (await own(emu, 'POST', '/portal/articletypes', { typeName: 'walk' })).body.articleTypeId;
    ids.target = (await own(emu, 'POST', '/events/targets', { url: DEAD })).body.id;
    const user = emu.tokenFor({ subject: { kind: 'user', id: 'walker' } });
    const made = await fetch(`${emu.url}/knowledge/portalmgr/v4/portals/KP-10001/suggestions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user}`, 'accept-language': 'en-US', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'walk', content: 'c', language: { code: 'en-US' } }),
    });
    ids.suggestion = made.headers.get('location')!.split('/').pop()!;
    for (const [k, v] of Object.entries(ids)) expect(v, k).to.be.a('string');
  });
  after(() => emu?.stop());

  it('[F8] the walk names every /emulator route the running emulator serves, and no other', () => {
    const served = registered.filter((r) => r.split(' ')[1]!.startsWith('/emulator/')).sort();
    expect(served).to.deep.equal(Object.keys(PROBES).sort());
  });

  for (const [route, probe] of Object.entries(PROBES)) {
    if ('skip' in probe) continue;
    it(`[F8] ${route} refuses an unknown key in its ${probe.body ? 'body' : 'query'} with 400 and the error body naming it`, async () => {
      const method = route.split(' ')[0]!;
      const path = probe.path(ids);
      let a: Answer;
      if (probe.query !== undefined) a = await answerOf(await fetch(`${emu.url}/emulator${path}?${probe.query}`, { method }));
      else a = await own(emu, method, path, probe.body);
      expect(a.status, JSON.stringify(a.body)).to.equal(400);
      expect(isErrorBodyFor(400, a.body), JSON.stringify(a.body)).to.equal(true);
      expect(a.body.developerMessage).to.contain(UNKNOWN);
    });
  }

  it('[F8] a refused call applied nothing: the fault, the target, the article type and the plan stand', async () => {
    const fault = { errors: [{ status: 503, share: 1, endpoints: ['portalmgr:GET /portals/{portalID}/gh/profiles'] }] };
    expect((await own(emu, 'PUT', '/faults', fault)).status).to.equal(200);
    // A DELETE naming what to clear is not "clear everything".
    expect((await own(emu, 'DELETE', '/faults', { endpoints: ['portalmgr:GET /portals/{portalID}/gh/profiles'] })).status).to.equal(400);
    expect((await own(emu, 'GET', '/faults')).body.errors).to.have.length(1);
    expect((await own(emu, 'DELETE', '/faults')).body.errors).to.deep.equal([]);
    expect((await own(emu, 'GET', '/events/targets')).body.target.map((t: { id: string }) => t.id)).to.include(ids.target);
    expect((await own(emu, 'PUT', `/portal/articletypes/${ids.articleType}`, { typeName: 'still here' })).status).to.equal(200);
    expect((await own(emu, 'GET', '/plan')).body.tenants).to.deep.equal({});
    // A misspelt filter is refused, not read as "every delivery".
    expect((await own(emu, 'GET', '/events/deliveries?notificationld=n1')).status).to.equal(400);
    expect((await own(emu, 'GET', `/conversations/${ids.conversation}/received?waitMs=600000`)).status).to.equal(400);
    expect((await own(emu, 'GET', `/conversations/${ids.conversation}/received?since=0&waitMs=0`)).status).to.equal(200);
  });
});
