/**
 * Delivers one envelope to one webhook under the rules of deliveryPolicy.ts (W9). The sending
 * and the waiting are passed in, so the loop is tested with fake timers and a fake sender, and
 * run for real with httpPut and real timers.
 */
import { isRetried, type AttemptResult, type DeliveryTimings } from './deliveryPolicy.js';

export type DeliveryOutcome = 'delivered' | 'ended' | 'exhausted';

export interface AttemptRecord {
  at: string;
  result: AttemptResult;
  durationMs: number;
}

export interface DeliveryDeps {
  send(url: string, body: string, timeoutMs: number, headers?: Record<string, string>): Promise<AttemptResult>;
  /** Headers of one attempt (a signature carries the attempt's time, so each retry is signed anew). */
  headers?(): Record<string, string>;
  sleep(ms: number): Promise<void>;
  now(): number;
  timings: DeliveryTimings;
  onAttempt?(a: AttemptRecord): void;
}

/**
 * Sends, then retries while the answer is retried and retries remain. `delivered` on 204,
 * `ended` on any other answer that is not retried, `exhausted` when the last retry failed too.
 */
export async function deliverEnvelope(url: string, body: string, d: DeliveryDeps): Promise<DeliveryOutcome> {
  for (let attempt = 0; ; attempt++) {
    const started = d.now();
    const result = await d.send(url, body, d.timings.readTimeoutMs, d.headers?.());
    d.onAttempt?.({ at: new Date(started).toISOString(), result, durationMs: d.now() - started });
    if (result.kind === 'status' && result.status === 204) return 'delivered';
    if (!isRetried(result)) return 'ended';
    if (attempt >= d.timings.maxRetries) return 'exhausted';
    await d.sleep(d.timings.retryIntervalMs);
  }
}
