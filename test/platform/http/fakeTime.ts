/**
 * Driving the core through sinon fake timers while it talks real HTTP. Only setTimeout,
 * clearTimeout and Date are faked, so sockets, setImmediate and performance.now stay real.
 * The core is given a sleep that logs each wait; a test waits (in real time, polling with
 * setImmediate) until the core is asleep, then moves fake time by exactly that wait. Time thus
 * only moves while the core sleeps, never while a request is in flight, and arrival times
 * recorded by the server (Date.now) are exact.
 */
import sinon from 'sinon';
import { performance } from 'node:perf_hooks';
import type { Sleep } from '../../../src/platform/throttle/sleep.js';

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

/** Waits, in real time, until `cond` holds; fails after 10 real seconds (a hang, not a timing check). */
export async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!cond()) {
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
