/**
 * Fuzzing the emulator's own API over real HTTP: the customer side (open a conversation, send
 * a message, read what was received) that the web chat and the end-to-end tests use, and the
 * admin side (clients, plans, faults, the call log). The admin side changes only what the
 * admin side itself reads, plus rate plans and fault knobs of the platform API, which this
 * file does not call, so the two do not disturb each other. Properties: fuzzProperties.ts.
 */
import fc from 'fast-check';
import { expect } from 'chai';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { createChain, UNLIMITED } from '../emulator/hubTestKit.js';
import { timeoutFor } from './fuzzBudget.js';
import { bodyArb, oddHeaders, pathSegment, queryArb } from './fuzzBodies.js';
import { targetOf, type FuzzTarget } from './fuzzHttp.js';
import { aliveAt, fuzzSurface, requestOf } from './fuzzProperties.js';
import { customerMessage, customerStart, DEAD_URL } from './validShapes.js';

const ADDRESS = 'support@local.test';

describe('fuzz: the emulator\'s customer and admin API', function () {
  let emu: RunningEmulator;
  let target: FuzzTarget;
  let alive: () => Promise<void>;
  const conversationIds = () => emu.services.conversations.list().slice(-40).map((c) => c.id);
  const conversationId = fc.oneof({ weight: 4, arbitrary: fc.nat().map((i) => conversationIds()[i % Math.max(1, conversationIds().length)] ?? 'none') }, { weight: 1, arbitrary: pathSegment });

  before(async () => {
    emu = await startEmulator({ plan: UNLIMITED, rateBurst: 10_000, callbackTimeoutMs: 500 });
    target = targetOf(emu.url);
    alive = aliveAt(target, '/emulator/info');
    await createChain(emu, emu.tokenFor({}), { callback: DEAD_URL, tokenRequest: DEAD_URL }, ADDRESS);
  });

  after(async () => {
    target?.agent.destroy();
    await emu?.stop();
  });

  it('[E1] the customer API: start, say, read, list answer or refuse with a 2.3 body, never a 5xx', async function () {
    this.timeout(timeoutFor('customer API'));
    const start = fc.tuple(bodyArb(customerStart), oddHeaders).map(([b, h]) => requestOf('POST', '/emulator/conversations', b, h));
    const say = fc.tuple(conversationId, bodyArb(customerMessage), oddHeaders).map(([id, b, h]) => requestOf('POST', `/emulator/conversations/${id}/messages`, b, h));
    // Long polls are kept short (waitMs up to 60 s is legitimate, and would only slow the run).
    const read = fc
      .tuple(conversationId, queryArb({ since: fc.constantFrom('0', '1', '-5', 'x', '1e309', '99999999999999999999'), waitMs: fc.constantFrom('0', '1', '-1', 'x', '') }), oddHeaders)
      .map(([id, q, h]) => requestOf('GET', `/emulator/conversations/${id}/received${q}`, { chunked: false }, h));
    const look = fc.tuple(fc.option(conversationId, { nil: undefined }), oddHeaders).map(([id, h]) => requestOf('GET', `/emulator/conversations${id === undefined ? '' : `/${id}`}`, { chunked: false }, h));
    // The event stream never ends by itself: only unknown ids, which are refused at once.
    const stream = fc.tuple(pathSegment, oddHeaders).map(([id, h]) => requestOf('GET', `/emulator/conversations/x${id}/stream`, { chunked: false }, h));
    const stats = await fuzzSurface({
      name: 'customer API',
      target,
      request: fc.oneof({ weight: 2, arbitrary: start }, { weight: 4, arbitrary: say }, { weight: 2, arbitrary: read }, { weight: 1, arbitrary: look }, { weight: 1, arbitrary: stream }),
      alive,
    });
    expect(stats.statuses.get(201) ?? 0, 'some fuzzed conversations were opened').to.be.greaterThan(0);
    expect(stats.statuses.get(202) ?? 0, 'some fuzzed messages were sent').to.be.greaterThan(0);
  });

  it('[E1] the admin API: clients, plans, faults and the call log answer or refuse with a 2.3 body, never a 5xx', async function () {
    this.timeout(timeoutFor('admin API'));
    const client = fc.record(
      { clientId: fc.string({ maxLength: 20 }), clientSecret: fc.string({ maxLength: 20 }), tenant: fc.constantFrom('default', 'other', ''), scopes: fc.array(fc.constantFrom('app.conversation.conversationmgr.read', 'x', ''), { maxLength: 3 }), subject: fc.record({ kind: fc.constantFrom('user', 'customer', 'client', 'robot'), id: fc.string({ maxLength: 8 }) }) },
      { requiredKeys: [] },
    );
    const plan = fc.record({ plan: fc.oneof(fc.constantFrom('Developer', 'basic', 'ENTERPRISE', 'Gold', ''), fc.record({ name: fc.constantFrom('custom', 'other'), defaultRate: fc.oneof(fc.double(), fc.constantFrom(10_000, 0, -1)) }, { requiredKeys: [] })) }, { requiredKeys: [] });
    const faults = fc.record(
      {
        seed: fc.integer(),
        // Latency stays small: it would apply to platform calls only, but a shrink may replay it.
        latency: fc.array(fc.record({ ms: fc.integer({ min: -1, max: 5 }), share: fc.double({ min: -1, max: 2 }), endpoints: fc.array(fc.constantFrom('*', 'GET /x', 'bad selector', ''), { maxLength: 2 }) }), { maxLength: 2 }),
        errors: fc.array(fc.record({ status: fc.constantFrom(429, 502, 503, 500), share: fc.double({ min: -1, max: 2 }), endpoints: fc.array(fc.constantFrom('*', 'portalmgr:GET /portals/{portalID}/gh/search'), { maxLength: 2 }) }), { maxLength: 2 }),
        callbacks: fc.record({ duplicateShare: fc.double({ min: 0, max: 1 }), reorderShare: fc.double({ min: 0, max: 1 }), reorderHoldMs: fc.integer({ min: -1, max: 100 }) }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );
    const writes = fc.oneof(
      fc.tuple(bodyArb(client), oddHeaders).map(([b, h]) => requestOf('POST', '/emulator/clients', b, h)),
      fc.tuple(bodyArb(plan), oddHeaders).map(([b, h]) => requestOf('PUT', '/emulator/plan', b, h)),
      fc.tuple(pathSegment, bodyArb(plan), oddHeaders, fc.constantFrom('PUT', 'DELETE')).map(([t, b, h, m]) => requestOf(m, `/emulator/tenants/${t}/plan`, m === 'PUT' ? b : { chunked: false }, h)),
      fc.tuple(bodyArb(faults), oddHeaders, fc.constantFrom('PUT', 'DELETE')).map(([b, h, m]) => requestOf(m, '/emulator/faults', m === 'PUT' ? b : { chunked: false }, h)),
    );
    const reads = fc
      .tuple(fc.constantFrom('/emulator/clients', '/emulator/plan', '/emulator/faults', '/emulator/escalations', '/emulator/callback-failures', '/emulator/info'), oddHeaders)
      .map(([p, h]) => requestOf('GET', p, { chunked: false }, h));
    // Mostly the log's tail, as the inspector reads it: a read from the start answers up to 10,000
    // logged calls, and one input in seven doing it made the surface slow down as the log filled.
    const lastSeq = () => emu.services.log.list({ since: Math.max(0, seqSeen - 1) }).at(-1)?.seq ?? seqSeen;
    let seqSeen = 0;
    const sinceArb = fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', 'x', '5', '1e309') },
      { weight: 9, arbitrary: fc.integer({ min: 0, max: 20 }).map((back) => String(Math.max(0, (seqSeen = lastSeq()) - back))) },
    );
    const calls = fc.tuple(queryArb({ since: sinceArb, kind: fc.constantFrom('call', 'message', 'callbackToken', '') }), oddHeaders).map(([q, h]) => requestOf('GET', `/emulator/calls${q}`, { chunked: false }, h));
    const removals = fc.tuple(pathSegment, oddHeaders).map(([id, h]) => requestOf('DELETE', `/emulator/clients/${id}`, { chunked: false }, h));
    await fuzzSurface({ name: 'admin API', target, request: fc.oneof({ weight: 4, arbitrary: writes }, { weight: 1, arbitrary: reads }, { weight: 1, arbitrary: calls }, { weight: 1, arbitrary: removals }), alive });
  });
});
