/**
 * Runs one handler on one event, retrying a bounded number of times with exponential backoff
 * when it throws or rejects. It never rejects itself: the outcome is either success or a
 * failure record, which the consumer uses to park the event in the dead letters.
 */
import type { HandlerFailureRecord } from './eventStore.js';
import { errorText, loggedId, type WebhookLogger } from './webhookLogger.js';

export interface HandlerRetryPolicy {
  /** Attempts in all, the first included; default 4. */
  maxAttempts: number;
  /** Wait after the first failure; doubled after each one. Default 250 ms. */
  baseDelayMs: number;
  /** Longest wait between attempts; default 5 s. */
  maxDelayMs: number;
}

export const DEFAULT_HANDLER_RETRY: HandlerRetryPolicy = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 5000 };

export function retryDelayMs(policy: HandlerRetryPolicy, failedAttempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failedAttempt - 1));
}

export async function runWithRetries<E extends { notificationId: string }>(
  handler: (event: E) => unknown,
  event: E,
  policy: HandlerRetryPolicy,
  name: string,
  logger?: WebhookLogger,
): Promise<HandlerFailureRecord | undefined> {
  const attempts = Math.max(1, Math.floor(policy.maxAttempts));
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await handler(event);
      return undefined;
    } catch (err) {
      last = err;
      if (attempt === attempts) break;
      const delay = retryDelayMs(policy, attempt);
      logger?.warn({ notificationId: loggedId(event.notificationId), handler: name, attempt, retryInMs: delay, err: errorText(err) }, 'knowledge event handler failed, retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return { handler: name, attempts, error: errorText(last) };
}
