import { expect } from 'chai';
import type sinon from 'sinon';
import { PlatformError } from '../../../src/errors/platformError.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { createPlatformHttpCore, type PlatformHttpCoreOptions } from '../../../src/platform/http/platformHttpCore.js';
import type { RequestSpec } from '../../../src/platform/http/types.js';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';
import { recordingSleep, until, useFakeTime, type SleepRecord } from './fakeTime.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';

const TOO_MANY = { status: 429, body: { code: '429-001', developerMessage: 'Too many requests.' } };
/** A batch whose message carries its id, as the adapter sends it: repeatable after 502 (R5). */
const batch = { messages: { message: [{ id: 'm1', sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text: 'hi' } }] } };
const messages: RequestSpec = { method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', operation: 'messages.send', body: batch };
const accounts: RequestSpec = { method: 'GET', service: 'conversationmgr', path: '/accounts', template: '/accounts' };

describe('PlatformHttpCore: backoff on 429, 502 and 503 (fake timers)', () => {
  let server: RecordingServer;
  let clock: sinon.SinonFakeTimers;
  let sleeps: SleepRecord[];
  let store: MemoryBucketStore;

  beforeEach(async () => {
    server = await startRecordingServer();
    clock = useFakeTime();
    sleeps = [];
    store = new MemoryBucketStore();
  });
  afterEach(async () => {
    clock.restore();
    await server.close();
  });

  function core(extra: Partial<PlatformHttpCoreOptions> = {}) {
    return createPlatformHttpCore({
      baseUrl: server.url,
      tenant: 'acme',
      customRates: { name: 'custom', defaultRate: 1000 },
      tokenProvider: new StaticTokenProvider('t'),
      bucketStore: store,
      sleep: recordingSleep(sleeps),
      timeoutMs: 3_600_000, // far beyond any fake time used here
      ...extra,
    });
  }
  const arrivals = (path: string) => server.requests.filter((r) => r.path.endsWith(path)).map((r) => r.at);

  it('[L5] backs off 1 s, 2 s, 4 s on a throttled endpoint, then gives up with the 429 as a PlatformError', async () => {
    server.reply('*', '*', (r) => (r.path.endsWith('/conversations/messages') ? TOO_MANY : { status: 200, body: {} }));
    const c = core();
    const outcome = c.request(messages).catch((e: unknown) => e);
    for (const [i, delay] of [1000, 2000, 4000].entries()) {
      await until(() => sleeps.length === i + 1, `backoff ${i + 1}`);
      expect(sleeps[i].ms).to.equal(delay);
      if (i === 0) {
        // While that endpoint backs off, another endpoint answers at once (fake time stands still).
        const other = await c.request(accounts);
        expect(other.status).to.equal(200);
        expect(arrivals('/accounts')).to.deep.equal([0]);
      }
      await clock.tickAsync(delay);
    }
    const err = (await outcome) as PlatformError;
    expect(err).to.be.instanceOf(PlatformError);
    expect([err.status, err.code, err.developerMessage]).to.deep.equal([429, '429-001', 'Too many requests.']);
    expect(arrivals('/conversations/messages')).to.deep.equal([0, 1000, 3000, 7000]);
    expect(sleeps).to.have.length(3);
  });

  it('[L5] a 429 pushes the shared bucket out: another replica waits out the backoff on that endpoint only', async () => {
    let first = true;
    server.reply('*', '*', (r) => {
      if (r.path.endsWith('/conversations/messages') && first) {
        first = false;
        return TOO_MANY;
      }
      return { status: 200, body: {} };
    });
    const a = core();
    const b = core();
    const aDone = a.request(messages);
    await until(() => sleeps.length === 1, 'the backoff of replica A');
    const bDone = b.request(messages);
    await until(() => sleeps.length === 2, 'replica B waiting for its slot');
    expect(sleeps[1].ms).to.be.within(999, 1000);
    // Replica B's other endpoint is not held back.
    await b.request(accounts);
    expect(arrivals('/accounts')).to.deep.equal([0]);
    await clock.tickAsync(1000);
    await until(() => sleeps.length === 3, 'replica A waiting behind B');
    await clock.tickAsync(sleeps[2].ms);
    await Promise.all([aDone, bDone]);
    const times = arrivals('/conversations/messages');
    expect(times[0]).to.equal(0);
    expect(Math.min(...times.slice(1))).to.be.at.least(1000);
  });

  it('[L5] retries 502 and 503 with the same backoff and returns the answer that finally succeeds', async () => {
    const answers = [{ status: 502, text: 'bad gateway' }, { status: 503, body: { code: '503-100', developerMessage: 'busy' } }, { status: 200, body: { id: 'm1' } }];
    server.reply('*', '*', () => answers.shift()!);
    const done = core().request(messages);
    await until(() => sleeps.length === 1, 'first backoff');
    await clock.tickAsync(1000);
    await until(() => sleeps.length === 2, 'second backoff');
    await clock.tickAsync(2000);
    const res = await done;
    expect(res.data).to.deep.equal({ id: 'm1' });
    expect(sleeps.map((s) => s.ms)).to.deep.equal([1000, 2000]);
    expect(arrivals('/conversations/messages')).to.deep.equal([0, 1000, 3000]);
  });

  it('[L5] does not retry other errors (400, 404, 500)', async () => {
    for (const status of [400, 404, 500]) {
      server.reply('*', '*', () => ({ status, body: { code: `${status}-100`, developerMessage: 'no' } }));
      const err = (await core({ bucketStore: new MemoryBucketStore() }).request(accounts).catch((e: unknown) => e)) as PlatformError;
      expect(err.status).to.equal(status);
    }
    expect(sleeps).to.have.length(0);
    expect(server.requests).to.have.length(3);
  });
});
