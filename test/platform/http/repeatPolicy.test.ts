/**
 * The repeat table, row by row, against the real HTTP core over real HTTP: a call that may act
 * twice is repeated only when the platform said (429, 503) or showed (connection refused) that
 * it did not act; after a 502, a 504 or a timeout it fails with 500-110 "outcome unknown".
 * Every operation meets every first answer (table-driven), and every 'once' operation a
 * refused connection.
 */
import { expect } from 'chai';
import { createServer } from 'node:net';
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { REPEAT_POLICY, repeatPolicyOf } from '../../../src/platform/http/repeatPolicy.js';
import { CONVERSATION_OPERATIONS } from '../../../src/schemas/conversationOperations.js';
import { PORTAL_OPERATIONS } from '../../../src/platform/portal/portalOperations.js';
import type { HttpVerb } from '../../../src/schemas/conversationOperations.js';
import { PlatformError } from '../../../src/errors/platformError.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { PORTAL_BASE } from '../testPlatformCore.js';

const ROUTES: Record<string, { method: HttpVerb; template: string }> = { ...CONVERSATION_OPERATIONS, ...PORTAL_OPERATIONS };

/** A batch of one text message; `id` undefined leaves the message without one. */
function batch(id: string | undefined) {
  const message = { sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text: 'hi' }, conversation: { id: 'c1' } };
  return { messages: { message: [id === undefined ? message : { id, ...message }] } };
}

function coreFor(baseUrl: string, attempts: { n: number }) {
  return createPlatformHttpCore({
    baseUrl,
    tenant: 'repeat',
    customRates: { name: 'custom', defaultRate: 100_000 },
    tokenProvider: new StaticTokenProvider('t'),
    sleep: () => Promise.resolve(),
    retryDelaysMs: [0, 0, 0],
    timeoutMs: 300,
    observer: { onAnswer: () => void attempts.n++ },
  });
}

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof PlatformError ? err.code : String(err);
  }
}

describe('what the core repeats: the repeat table (R5)', () => {
  let server: RecordingServer;
  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());

  /** A body the operation would carry: a message batch carries its ids, as the adapter sends it. */
  function bodyOf(operation: string, method: HttpVerb): unknown {
    if (method === 'GET') return undefined;
    return operation === 'messages.send' ? batch('m-1') : {};
  }

  /** One call of `operation` whose first answer is `first` and the next ones 200. */
  async function callAfter(operation: string, first: { status?: number; hang?: boolean }, body = bodyOf(operation, ROUTES[operation].method)): Promise<{ result: string; attempts: number }> {
    const route = ROUTES[operation];
    const path = `/t/${operation}`;
    let seen = 0;
    server.reply('*', `${PORTAL_BASE}${path}`, () => (seen++ === 0 ? { status: first.status ?? 200, hang: first.hang, body: first.status ? { code: `${first.status}-100`, developerMessage: 'x' } : undefined } : { status: 200, body: { id: '1' } }));
    const attempts = { n: 0 };
    const core = coreFor(server.url, attempts);
    const result = await outcome(core.request({ method: route.method, service: 'portalmgr', path, template: route.template, operation, body }));
    return { result, attempts: seen };
  }

  /** Each first answer of the table, and what follows it for a call that may, or may not, be repeated. */
  const FIRST_ANSWERS: { name: string; first: { status?: number; hang?: boolean }; platformDidNotAct: boolean }[] = [
    { name: '429', first: { status: 429 }, platformDidNotAct: true },
    { name: '503', first: { status: 503 }, platformDidNotAct: true },
    { name: '502', first: { status: 502 }, platformDidNotAct: false },
    { name: '504', first: { status: 504 }, platformDidNotAct: false },
    { name: 'a timeout', first: { hang: true }, platformDidNotAct: false },
  ];

  it('[R5] the table names every operation that creates or scores, and nothing else is done once except by method', () => {
    const once = Object.entries(REPEAT_POLICY).filter(([, p]) => p === 'once').map(([op]) => op);
    expect(once).to.include.members(['gh.cases.accept', 'gh.cases.reject', 'suggestions.create', 'suggestions.comments.add', 'gh.quickpicks.create', 'authentications.create']);
    for (const [op, route] of Object.entries(ROUTES)) {
      const expected = REPEAT_POLICY[op] ?? (route.method === 'POST' ? 'once' : 'repeatable');
      expect(repeatPolicyOf(op, route.method, bodyOf(op, route.method)), op).to.equal(expected);
    }
  });

  for (const operation of Object.keys(ROUTES)) {
    const policy = repeatPolicyOf(operation, ROUTES[operation].method, bodyOf(operation, ROUTES[operation].method));
    for (const { name, first, platformDidNotAct } of FIRST_ANSWERS) {
      const repeated = policy === 'repeatable' || platformDidNotAct;
      it(`[R5] ${operation} (${policy}) after ${name}: ${repeated ? 'repeated' : 'fails with 500-110 outcome unknown, not repeated'}`, async () => {
        const expected = repeated ? { result: 'ok', attempts: 2 } : { result: '500-110', attempts: 1 };
        expect(await callAfter(operation, first)).to.deep.equal(expected);
      });
    }
  }

  it('[R5] messages.send with a message that has no id is not repeated after 502, 504 or a timeout (the hub could not tell it from a new one)', async () => {
    const withoutId = batch(undefined);
    expect(repeatPolicyOf('messages.send', 'POST', withoutId)).to.equal('once');
    expect(repeatPolicyOf('messages.send', 'POST', { messages: { message: [batch('m-1').messages.message[0], batch(undefined).messages.message[0]] } })).to.equal('once');
    expect(repeatPolicyOf('messages.send', 'POST', batch(''))).to.equal('once');
    expect(await callAfter('messages.send', { status: 502 }, withoutId)).to.deep.equal({ result: '500-110', attempts: 1 });
    expect(await callAfter('messages.send', { status: 504 }, withoutId)).to.deep.equal({ result: '500-110', attempts: 1 });
    expect(await callAfter('messages.send', { hang: true }, withoutId)).to.deep.equal({ result: '500-110', attempts: 1 });
    expect(await callAfter('messages.send', { status: 503 }, withoutId)).to.deep.equal({ result: 'ok', attempts: 2 });
  });

  /** A port with nothing listening: every try is refused before anything is written. */
  async function refusingUrl(): Promise<string> {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    return `http://127.0.0.1:${port}`;
  }

  const ONCE = Object.keys(ROUTES).filter((op) => repeatPolicyOf(op, ROUTES[op].method, bodyOf(op, ROUTES[op].method)) === 'once');
  for (const operation of ONCE) {
    it(`[R5] ${operation} (once) is repeated after a connection refused before the request was written`, async () => {
      // Every try is refused, so every retry is made, and the last error says the platform could
      // not be reached (not "outcome unknown").
      const attempts = { n: 0 };
      const core = coreFor(await refusingUrl(), attempts);
      const route = ROUTES[operation];
      const result = await outcome(core.request({ method: route.method, service: 'portalmgr', path: `/t/${operation}`, template: route.template, operation, body: {} }));
      expect(result).to.equal('502-102');
      expect(attempts.n).to.equal(4);
    });
  }

  it('[R5] the outcome-unknown error names the operation and is not retryable', async () => {
    server.reply('*', `${PORTAL_BASE}/t/unknown`, { status: 502, body: { code: '502-100', developerMessage: 'gateway' } });
    const core = coreFor(server.url, { n: 0 });
    const route = PORTAL_OPERATIONS['gh.cases.reject'];
    const err = await core.request({ method: route.method, service: 'portalmgr', path: '/t/unknown', template: route.template, operation: 'gh.cases.reject', body: {} }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(PlatformError);
    expect((err as PlatformError).developerMessage).to.contain('gh.cases.reject');
    expect((err as PlatformError).retryable).to.equal(false);
  });
});
