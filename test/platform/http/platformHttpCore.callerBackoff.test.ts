import { expect } from 'chai';
import type sinon from 'sinon';
import { PlatformError } from '../../../src/errors/platformError.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import type { RequestSpec } from '../../../src/platform/http/types.js';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';
import { recordingSleep, until, useFakeTime, type SleepRecord } from './fakeTime.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';

const messages: RequestSpec = { method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', operation: 'messages.send', body: {}, backoff: 'caller' };

describe("PlatformHttpCore: backoff left to the caller (backoff: 'caller', fake timers)", () => {
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

  const core = () =>
    createPlatformHttpCore({
      baseUrl: server.url,
      tenant: 'acme',
      customRates: { name: 'custom', defaultRate: 1000 },
      tokenProvider: new StaticTokenProvider('t'),
      bucketStore: store,
      sleep: recordingSleep(sleeps),
      timeoutMs: 3_600_000,
    });

  it('[T3] throws a 503 at once with its Retry-After, without sleeping or repeating', async () => {
    server.reply('*', '*', { status: 503, body: { code: '503-100', developerMessage: 'busy' }, headers: { 'retry-after': '7' } });
    const err = (await core().request(messages).catch((e: unknown) => e)) as PlatformError;
    expect(err).to.be.instanceOf(PlatformError);
    expect([err.status, err.retryable, err.retryAfterSeconds]).to.deep.equal([503, true, 7]);
    expect(server.requests).to.have.length(1);
    expect(sleeps).to.deep.equal([]);
  });

  it('[L5] a 429 still pushes the shared bucket out for every replica, though the caller waits, not the core', async () => {
    server.reply('*', '*', (r) => (server.requests.indexOf(r) === 0 ? { status: 429, body: { code: '429-001', developerMessage: 'Too many requests.' } } : { status: 200, body: {} }));
    const err = (await core().request(messages).catch((e: unknown) => e)) as PlatformError;
    expect(err.status).to.equal(429);
    expect(sleeps, 'the core did not sleep').to.deep.equal([]);
    // Another replica on the same bucket waits out the backoff before its call.
    const other = core().request({ ...messages, backoff: undefined });
    await until(() => sleeps.length === 1, 'the other replica waiting for its slot');
    expect(sleeps[0].ms).to.be.within(999, 1000);
    await clock.tickAsync(sleeps[0].ms);
    await other;
    expect(server.requests.map((r) => r.at)).to.deep.equal([0, 1000]);
  });

  it('[T7] an aborted call is not sent', async () => {
    const aborted = new AbortController();
    aborted.abort();
    const err = (await core().request({ ...messages, signal: aborted.signal }).catch((e: unknown) => e)) as PlatformError;
    expect([err.status, err.retryable]).to.deep.equal([503, true]);
    expect(server.requests).to.have.length(0);
  });
});
