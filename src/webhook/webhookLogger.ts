/**
 * The part of a logger the webhook uses (pino's Logger fits). Log objects carry ids, kinds and
 * error messages, never bodies or headers: a delivery's headers may carry the shared secret.
 * A notificationId is the sender's text: it is logged cut short (loggedId, S5).
 */
import { truncated } from '../observability/refusalLog.js';

export interface WebhookLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** An error's message only (no stack, no properties), cut short: enough to diagnose, nothing more. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/** A notificationId as it may appear in a log line: at most 64 characters, with its length beyond. */
export function loggedId(notificationId: string): string {
  return truncated(notificationId, 64) as string;
}
