/**
 * The one way a test waits: for a condition, an event or a value, never for a fixed time. A
 * slow machine then only makes a test slower, not red, and a fast one does not wait for nothing.
 *
 * The timeout bounds a hang; it measures nothing. A test that checks timing uses fake timers.
 *
 * The timers are taken when this module loads, so a poll keeps running in real time while a
 * test has sinon's fake timers installed (a fake-time test waits, in real time, for the code
 * under test to reach its next sleep, then moves the fake clock).
 */
import type { EventEmitter } from 'node:events';

const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const realSetImmediate = globalThis.setImmediate;
const realNow = performance.now.bind(performance);

export interface WaitOptions {
  /** What is waited for, as the failure names it: `timed out after 10000 ms waiting for <what>`. */
  what: string;
  /** Default 15 s. */
  timeoutMs?: number;
  /** Pause between two checks; default 10 ms. 0 checks again on the next turn of the event loop. */
  intervalMs?: number;
}

/** A pause of the poll, on the real timers whatever the test has faked. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => (ms <= 0 ? realSetImmediate(resolve) : realSetTimeout(resolve, ms)));
}

const options = (o: WaitOptions | string): WaitOptions => (typeof o === 'string' ? { what: o } : o);

/**
 * Checks `condition` until it gives something truthy, and resolves with that; fails after the
 * timeout with an error naming what it waited for. A condition that throws fails the wait.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, opts: WaitOptions | string): Promise<NonNullable<T>> {
  const { what, timeoutMs = 15_000, intervalMs = 10 } = options(opts);
  const deadline = realNow() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (realNow() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await pause(intervalMs);
  }
}

/**
 * Resolves with the arguments of the next `event` of `emitter` (an `error` event rejects), or
 * fails after the timeout naming what it waited for.
 */
export function once(emitter: EventEmitter, event: string, opts: WaitOptions | string): Promise<unknown[]> {
  const { what, timeoutMs = 15_000 } = options(opts);
  return new Promise((resolve, reject) => {
    const finish = (): void => {
      realClearTimeout(timer);
      emitter.off(event, onEvent);
      if (event !== 'error') emitter.off('error', onError);
    };
    const onEvent = (...args: unknown[]): void => {
      finish();
      resolve(args);
    };
    const onError = (err: unknown): void => {
      finish();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    const timer = realSetTimeout(() => {
      finish();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    emitter.on(event, onEvent);
    if (event !== 'error') emitter.on('error', onError);
  });
}

/** Resolves with `promise`, or fails after the timeout naming what it waited for. */
export async function within<T>(promise: Promise<T>, opts: WaitOptions | string): Promise<T> {
  const { what, timeoutMs = 15_000 } = options(opts);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = realSetTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    realClearTimeout(timer);
  }
}
