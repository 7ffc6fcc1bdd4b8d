/**
 * The signature of a knowledge-event delivery: our assumption, since the contract shows no
 * signature on the event manager's PUTs (docs/platform-contract.md, "Knowledge webhook and
 * events", [S4]). One definition for the receiver (src/webhook), the emulated event manager and
 * `hubbot send-event`:
 *
 *   x-webhook-timestamp: <Unix time, whole seconds>
 *   x-webhook-signature: sha256=<lowercase hex of HMAC-SHA256(secret, timestamp + "." + raw body)>
 *
 * The timestamp is inside the signed text, so a captured delivery cannot be replayed with a
 * fresh time; within the tolerance window a replay carries the same notificationId and is
 * answered as a duplicate.
 */
import { createHmac } from 'node:crypto';

/** The header of a signed delivery that carries its timestamp (seconds since the epoch). */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** The header of a signed delivery that carries its signature, `sha256=` and the HMAC in hex. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
export const WEBHOOK_SIGNATURE_SCHEME = 'sha256=';
/** How far a delivery's timestamp may be from our clock, either way; default 5 minutes. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * `sha256=<hex>` for `body` sent at `timestamp` (seconds, as it appears in the header).
 *
 * @param secret - the shared HMAC key
 * @param timestamp - the timestamp header's value
 * @param body - the delivery's body, as sent
 */
export function webhookSignature(secret: string, timestamp: string, body: string | Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex');
  return `${WEBHOOK_SIGNATURE_SCHEME}${mac}`;
}

/**
 * Both headers for a delivery of `body` sent now (`nowMs`, milliseconds since epoch).
 *
 * @param secret - the shared HMAC key
 * @param body - the delivery's body, as sent
 * @param nowMs - the time of sending
 */
export function webhookSignatureHeaders(secret: string, body: string | Buffer, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body) };
}
