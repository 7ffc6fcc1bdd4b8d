/**
 * Fuzzing the emulated conversation manager over real HTTP: its token endpoint, the six setup
 * resources (create, list, get, update, delete), the message batch and conversations, assets
 * and their signed URLs, and raw bytes that are not HTTP. Properties: fuzzProperties.ts.
 * Callbacks the fuzzed messages provoke go to a dead loopback port (validShapes.ts).
 */
import fc from 'fast-check';
import { expect } from 'chai';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { HUB_BASE } from '../../src/emulator/hub/hubPaths.js';
import { SETUP_RESOURCES } from '../../src/schemas/conversationOperations.js';
import { createChain, I_MANAGE, I_READ, READ, UNLIMITED } from '../emulator/hubTestKit.js';
import { timeoutFor } from './fuzzBudget.js';
import { bodyArb, oddHeaders, pathSegment, queryArb } from './fuzzBodies.js';
import { targetOf, type FuzzRequest, type FuzzTarget } from './fuzzHttp.js';
import { aliveAt, fuzzSurface, requestOf } from './fuzzProperties.js';
import { fuzzRawSurface } from './fuzzRaw.js';
import { ALL_SENDERS, assetDeclaration, DEAD_URL, messageBatch, setupBody, tokenRequestFields, type SetupPools } from './validShapes.js';

describe('fuzz: the emulated conversation manager', function () {
  let emu: RunningEmulator;
  let target: FuzzTarget;
  let alive: () => Promise<void>;
  let auth: fc.Arbitrary<string | undefined>;
  let tokens: string[];

  const ids = (resource: (typeof SETUP_RESOURCES)[number]) => () => emu.services.stores[resource].list('default').map((r) => r.id);
  // One conversation the fuzz never picks, so it cannot end it (a fuzzed conversation.end does):
  // the well-formed batches below go there, and one of them at least must be accepted.
  let reserved = '';
  const conversationIds = () =>
    emu.services.conversations
      .list()
      .slice(-50)
      .map((c) => c.id)
      .filter((id) => id !== reserved);
  // Assets created by the fuzz itself (the store has no list): ids from the 201 answers.
  const createdAssets: string[] = [];
  const assetIds = () => createdAssets.slice(-50);

  before(async () => {
    emu = await startEmulator({ plan: UNLIMITED, rateBurst: 10_000, callbackTimeoutMs: 500 });
    target = targetOf(emu.url);
    alive = aliveAt(target, '/emulator/info');
    const full = emu.tokenFor({});
    await createChain(emu, full, { callback: DEAD_URL, tokenRequest: DEAD_URL }, 'support@fuzz.test');
    // A few conversations to send into (the customer API opens them, as a channel would).
    for (let i = 0; i < 6; i++) {
      await fetch(`${emu.url}/emulator/conversations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accountAddress: 'support@fuzz.test' }) });
    }
    reserved = emu.services.conversations.list().at(-1)!.id;
    tokens = [full, emu.tokenFor({ scopes: [READ] }), emu.tokenFor({ scopes: [I_MANAGE, I_READ] }), emu.tokenFor({ tenant: 'another-tenant' })];
    auth = fc.oneof(
      { weight: 10, arbitrary: fc.constant(`Bearer ${full}`) },
      { weight: 3, arbitrary: fc.constantFrom(...tokens.slice(1)).map((t) => `Bearer ${t}`) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, '', 'Bearer', `Bearer ${full}x`, `bearer ${full}`, `Basic ${full}`, 'Bearer emu_forged') },
    );
  });

  after(async () => {
    target?.agent.destroy();
    await emu?.stop();
  });

  const withAuth = (headers: Record<string, string>, a: string | undefined) => (a === undefined ? headers : { ...headers, authorization: a });
  const secretsOf = (r: FuzzRequest) => tokens.filter((t) => r.headers.authorization?.includes(t));

  it('[E1] the token endpoint: form, JSON and Basic requests answer a token or a 2.3 refusal, and a token only for the right secret', async function () {
    this.timeout(timeoutFor('emulator token endpoint'));
    const { clientId, clientSecret } = emu.defaultClient;
    const fields = tokenRequestFields(clientId, clientSecret);
    const request = fc.oneof(
      fc.tuple(bodyArb(fields, { limitBytes: 16 * 1024 }), oddHeaders).map(([b, h]) => requestOf('POST', '/oauth2/token', b, h)),
      fc.tuple(fields, oddHeaders).map(([f, h]) => requestOf('POST', '/oauth2/token', { body: Buffer.from(new URLSearchParams(f).toString()), contentType: 'application/x-www-form-urlencoded', chunked: false }, h)),
      fc.tuple(fields, oddHeaders, fc.constantFrom('%zz', '', ':')).map(([f, h, odd]) =>
        requestOf('POST', '/oauth2/token', { body: Buffer.from(`grant_type=${f.grant_type}`), contentType: 'application/x-www-form-urlencoded', chunked: false }, {
          ...h,
          authorization: `Basic ${Buffer.from(`${f.client_id}${odd}:${f.client_secret}`).toString('base64')}`,
        }),
      ),
    );
    const stats = await fuzzSurface({
      name: 'emulator token endpoint',
      target,
      request,
      alive,
      secretsOf: () => [clientSecret],
      check: (r, a) => {
        const sent = `${r.body?.toString('utf8') ?? ''} ${Buffer.from((r.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8')}`;
        if (a.status === 200 && !sent.includes(clientSecret)) throw new Error('a token was issued without the right secret');
      },
    });
    expect(stats.statuses.get(200) ?? 0).to.be.greaterThan(0);
  });

  it('[E1] the setup resources: any body, id, query and token answers a resource or a 2.3 refusal, never a 5xx', async function () {
    this.timeout(timeoutFor('emulator setup resources'));
    const pools: SetupPools = {
      authentications: ids('authentications'),
      clientapplications: ids('clientapplications'),
      participants: ids('participants'),
      channels: ids('channels'),
      orchestrations: ids('orchestrations'),
    };
    const resource = fc.constantFrom(...SETUP_RESOURCES);
    const idOf = (r: (typeof SETUP_RESOURCES)[number]) => fc.oneof({ weight: 3, arbitrary: fc.nat().map((i) => ids(r)()[i % Math.max(1, ids(r)().length)] ?? 'none') }, { weight: 1, arbitrary: pathSegment });
    const write = resource.chain((r) =>
      fc.tuple(fc.constantFrom('POST', 'PUT'), idOf(r), bodyArb(setupBody(r, pools)), oddHeaders, auth).map(([m, id, b, h, a]) =>
        requestOf(m, m === 'POST' ? `${HUB_BASE}/${r}` : `${HUB_BASE}/${r}/${id}`, b, withAuth(h, a)),
      ),
    );
    const read = resource.chain((r) =>
      fc.tuple(fc.constantFrom('GET', 'GET', 'DELETE'), fc.option(idOf(r), { nil: undefined }), queryArb({ $pagenum: fc.constantFrom('1', '2', '0', '-1', 'x', '1e3', '99999999999'), $pagesize: fc.constantFrom('1', '75', '0', 'x', '1.5') }), oddHeaders, auth).map(([m, id, q, h, a]) =>
        requestOf(m, `${HUB_BASE}/${r}${id === undefined ? '' : `/${id}`}${q}`, { chunked: false }, withAuth(h, a)),
      ),
    );
    const stats = await fuzzSurface({ name: 'emulator setup resources', target, request: fc.oneof({ weight: 3, arbitrary: write }, { weight: 1, arbitrary: read }), alive, secretsOf });
    expect(stats.statuses.get(201) ?? 0, 'some fuzzed resources were created').to.be.greaterThan(0);
  });

  it('[E1] the message batch and conversations: any batch answers 202 or a 2.3 refusal, never a 5xx', async function () {
    this.timeout(timeoutFor('emulator messages batch'));
    const send = fc.tuple(bodyArb(messageBatch(ALL_SENDERS, conversationIds, ['support@fuzz.test'])), oddHeaders, auth).map(([b, h, a]) => requestOf('POST', `${HUB_BASE}/conversations/messages`, b, withAuth(h, a)));
    const get = fc.tuple(fc.oneof(fc.nat().map((i) => conversationIds()[i % Math.max(1, conversationIds().length)] ?? 'none'), pathSegment), oddHeaders, auth).map(([id, h, a]) =>
      requestOf('GET', `${HUB_BASE}/conversations/${id}`, { chunked: false }, withAuth(h, a)),
    );
    // Fuzzed batches are almost all refused (a sender or type the token may not send, an ended or
    // unknown conversation): about 1 in 100 is accepted, and some runs had none. So a few are
    // well formed by construction, to keep the accepting path under the same fuzzed load.
    const wellFormed = fc.string({ minLength: 1, maxLength: 40 }).map((text) =>
      requestOf('POST', `${HUB_BASE}/conversations/messages`, { body: Buffer.from(JSON.stringify({ messages: { message: [{ sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text }, conversation: { id: reserved } }] } })), contentType: 'application/json', chunked: false }, { authorization: `Bearer ${tokens[0]}` }),
    );
    const stats = await fuzzSurface({ name: 'emulator messages batch', target, request: fc.oneof({ weight: 16, arbitrary: send }, { weight: 4, arbitrary: get }, { weight: 1, arbitrary: wellFormed }), alive, secretsOf });
    expect(stats.statuses.get(202) ?? 0, 'some fuzzed batches were accepted').to.be.greaterThan(0);
  });

  it('[E1] assets and signed URLs: any declaration, id and signature answers or refuses with a 2.3 body', async function () {
    this.timeout(timeoutFor('emulator assets'));
    const assetId = fc.oneof({ weight: 3, arbitrary: fc.nat().map((i) => assetIds()[i % Math.max(1, assetIds().length)] ?? 'none') }, { weight: 1, arbitrary: pathSegment });
    const declare = fc.tuple(bodyArb(assetDeclaration), oddHeaders, auth).map(([b, h, a]) => requestOf('POST', `${HUB_BASE}/assets`, b, withAuth(h, a)));
    const one = fc.tuple(fc.constantFrom('GET', 'DELETE'), assetId, oddHeaders, auth).map(([m, id, h, a]) => requestOf(m, `${HUB_BASE}/assets/${id}`, { chunked: false }, withAuth(h, a)));
    const blob = fc
      .tuple(fc.constantFrom('GET', 'PUT'), assetId, queryArb({ method: fc.constantFrom('GET', 'PUT', 'get', 'x'), expires: fc.constantFrom(String(Date.now() + 60_000), '0', 'x', '1e309', String(Number.MAX_SAFE_INTEGER)), signature: fc.constantFrom('', 'abc', 'A'.repeat(43)) }), bodyArb(fc.constant('data'), { oddTypeShare: 0.5 }), oddHeaders)
      .map(([m, id, q, b, h]) => requestOf(m, `/emulator/blobs/${id}${q}`, m === 'PUT' ? b : { chunked: false }, h));
    const stats = await fuzzSurface({
      name: 'emulator assets',
      target,
      request: fc.oneof(declare, one, blob),
      alive,
      secretsOf,
      check: (r, a) => {
        if (a.status === 201 && r.path.endsWith('/assets')) createdAssets.push((JSON.parse(a.text) as { id: string }).id);
      },
    });
    expect(stats.statuses.get(201) ?? 0, 'some fuzzed assets were declared').to.be.greaterThan(0);
  });

  it('[E1] bytes that are not valid HTTP are refused with a 2.3 error body, and the emulator stays up', async function () {
    this.timeout(timeoutFor('emulator raw HTTP'));
    await fuzzRawSurface('emulator raw HTTP', emu.url, ['/oauth2/token', `${HUB_BASE}/authentications`, `${HUB_BASE}/conversations/messages`, '/emulator/info'], alive);
  });
});
