/**
 * The repeat table, row by row, against the real HTTP core over real HTTP: a call that may act
 * twice is repeated only when the platform said (429, 503) or showed (connection refused) that
 * it did not act; after a 502, a 504 or a timeout it fails with 500-110 "outcome unknown".
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

  /** One call of `operation` whose first answer is `first` and the next ones 200. */
  async function callAfter(operation: string, first: { status?: number; hang?: boolean }): Promise<{ result: string; attempts: number }> {
    const route = ROUTES[operation];
    const path = `/t/${operation}`;
    let seen = 0;
    server.reply('*', `${PORTAL_BASE}${path}`, () => (seen++ === 0 ? { status: first.status ?? 200, hang: first.hang, body: first.status ? { code: `${first.status}-100`, developerMessage: 'x' } : undefined } : { status: 200, body: { id: '1' } }));
    const attempts = { n: 0 };
    const core = coreFor(server.url, attempts);
    const result = await outcome(core.request({ method: route.method, service: 'portalmgr', path, template: route.template, operation, body: route.method === 'GET' ? undefined : {} }));
    return { result, attempts: seen };
  }

  it('[R5] the table names every operation that creates or scores, and nothing else is done once except by method', () => {
    const once = Object.entries(REPEAT_POLICY).filter(([, p]) => p === 'once').map(([op]) => op);
    expect(once).to.include.members(['gh.cases.accept', 'gh.cases.reject', 'suggestions.create', 'suggestions.comments.add', 'gh.quickpicks.create', 'authentications.create']);
    for (const [op, route] of Object.entries(ROUTES)) {
      const expected = REPEAT_POLICY[op] ?? (route.method === 'POST' ? 'once' : 'repeatable');
      expect(repeatPolicyOf(op, route.method), op).to.equal(expected);
    }
  });

  for (const [operation, policy] of Object.entries({ ...Object.fromEntries(Object.keys(ROUTES).map((op) => [op, repeatPolicyOf(op, ROUTES[op].method)])) })) {
    if (policy === 'once') {
      it(`[R5] ${operation} (creates, scores or changes): not repeated after 502 or a timeout, repeated after 429 and 503`, async () => {
        expect(await callAfter(operation, { status: 502 })).to.deep.equal({ result: '500-110', attempts: 1 });
        expect(await callAfter(operation, { hang: true })).to.deep.equal({ result: '500-110', attempts: 1 });
        expect(await callAfter(operation, { status: 503 })).to.deep.equal({ result: 'ok', attempts: 2 });
        expect(await callAfter(operation, { status: 429 })).to.deep.equal({ result: 'ok', attempts: 2 });
      });
    } else {
      it(`[R5] ${operation} (repeatable): repeated after 502, a timeout, 503 and 429`, async () => {
        expect(await callAfter(operation, { status: 502 })).to.deep.equal({ result: 'ok', attempts: 2 });
        expect(await callAfter(operation, { hang: true })).to.deep.equal({ result: 'ok', attempts: 2 });
        expect(await callAfter(operation, { status: 503 })).to.deep.equal({ result: 'ok', attempts: 2 });
      });
    }
  }

  it('[R5] a call that acts once is repeated after a connection refused before the request was written', async () => {
    // A port with nothing listening: every try is refused, so every retry is made, and the
    // last error says the platform could not be reached (not "outcome unknown").
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const attempts = { n: 0 };
    const core = coreFor(`http://127.0.0.1:${port}`, attempts);
    const route = PORTAL_OPERATIONS['gh.cases.accept'];
    const result = await outcome(core.request({ method: route.method, service: 'portalmgr', path: '/accept', template: route.template, operation: 'gh.cases.accept', body: {} }));
    expect(result).to.equal('502-102');
    expect(attempts.n).to.equal(4);
  });

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
