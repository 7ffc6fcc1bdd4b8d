/**
 * Waiting, injectable: the throttle and the retry loop sleep through this type so tests can
 * drive time (sinon fake timers replace the global setTimeout, which `sleep` looks up at call
 * time) or count the waits without waiting.
 */
export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => (ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms)));
