/**
 * Driving the core through sinon fake timers while it talks real HTTP. Only setTimeout,
 * clearTimeout and Date are faked, so sockets, setImmediate and performance.now stay real.
 * The core is given a sleep that logs each wait; a test waits (in real time, with
 * test/support/waitFor.ts, whose timers are never faked) until the core is asleep, then moves fake time by exactly that wait. Time thus
 * only moves while the core sleeps, never while a request is in flight, and arrival times
 * recorded by the server (Date.now) are exact.
 */
import sinon from 'sinon';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { createPlatformHttpCore, type PlatformHttpCore, type PlatformHttpCoreOptions } from '../../../src/platform/http/platformHttpCore.js';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';
import type { Sleep } from '../../../src/platform/throttle/sleep.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';

export interface SleepRecord {
  ms: number;
  /** Fake time at which the sleep started. */
  at: number;
}

export function useFakeTime(): sinon.SinonFakeTimers {
  return sinon.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

/** A sleep on the (fake) global setTimeout that logs every wait. */
export function recordingSleep(log: SleepRecord[]): Sleep {
  return (ms) => {
    log.push({ ms, at: Date.now() });
    return new Promise((resolve) => setTimeout(resolve, ms));
  };
}

/** What a fake-time test of the core works with; the fields are new for each test. */
export interface FakeTimeCoreRig {
  server: RecordingServer;
  clock: sinon.SinonFakeTimers;
  /** Every wait of the core, in order. */
  sleeps: SleepRecord[];
  store: MemoryBucketStore;
  /** A core on `server` and `store` that sleeps through recordingSleep(sleeps), with `options` and `extra`. */
  core(extra?: Partial<PlatformHttpCoreOptions>): PlatformHttpCore;
}

/**
 * The set-up the fake-time core tests share (call it inside their describe): a recording
 * server, fake time from 0, a fresh bucket store and sleep log for each test, and a core with
 * a timeout far beyond any fake time the tests use, so only the waits under test ever end.
 */
export function fakeTimeCore(options: Partial<PlatformHttpCoreOptions>): FakeTimeCoreRig {
  const rig = {
    core: (extra: Partial<PlatformHttpCoreOptions> = {}) =>
      createPlatformHttpCore({
        baseUrl: rig.server.url,
        tenant: 'acme',
        tokenProvider: new StaticTokenProvider('t'),
        bucketStore: rig.store,
        sleep: recordingSleep(rig.sleeps),
        timeoutMs: 3_600_000,
        ...options,
        ...extra,
      }),
  } as FakeTimeCoreRig;
  beforeEach(async () => {
    rig.server = await startRecordingServer();
    rig.clock = useFakeTime();
    rig.sleeps = [];
    rig.store = new MemoryBucketStore();
  });
  afterEach(async () => {
    rig.clock.restore();
    await rig.server.close();
  });
  return rig;
}
