/**
 * The signed-delivery check of the webhook guard (scheme: src/schemas/webhookSignature.ts).
 * In two halves, because the signature covers the raw body: the headers are checked before the
 * body is read (both present, the timestamp well formed and inside the tolerance window), so an
 * unsigned or stale delivery is refused without reading its body; the signature itself after the
 * bytes are read and before they are parsed. Compared in constant time (secretCompare.ts).
 */
import type { IncomingMessage } from 'node:http';
import { PlatformError } from '../errors/platformError.js';
import { header } from '../httpServer/errorResponse.js';
import {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_SCHEME,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookSignature,
} from '../schemas/webhookSignature.js';
import { secretsEqual } from '../authentication/secretCompare.js';

export interface SignatureCheckOptions {
  hmacSecret: string;
  /**
   * Secrets still accepted while the sender changes over to `hmacSecret` (S12): during a
   * rotation the sender and every replica switch at different moments, so both are taken until
   * the old one is removed from here.
   */
  previousHmacSecrets?: readonly string[];
  /** How far the timestamp may be from our clock, either way; default 300 s. */
  toleranceSeconds?: number;
  /** Milliseconds since epoch; default Date.now (sinon fake timers drive it in tests). */
  now?: () => number;
  /**
   * Deliveries signed before this time (ms) are refused (S14). Set when the ids of handled events
   * are not kept across restarts (no Redis): a delivery signed before this process started can
   * only be a replay (the sender signs every try afresh), and nothing here remembers its id.
   */
  signedNotBeforeMs?: number;
}

export interface SignatureCheck {
  /** Throws 401-108 unless both headers are there and the timestamp is inside the window. */
  checkHeaders(req: IncomingMessage): void;
  /** Throws 401-108 unless the signature is that of `raw` at the request's timestamp. */
  checkBody(req: IncomingMessage, raw: Buffer): void;
}

export function createSignatureCheck(opts: SignatureCheckOptions): SignatureCheck {
  const secrets = [opts.hmacSecret, ...(opts.previousHmacSecrets ?? [])];
  if (secrets.some((s) => s.length === 0)) throw new RangeError('the webhook HMAC secret must not be empty');
  const tolerance = opts.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  if (!(Number.isInteger(tolerance) && tolerance > 0)) throw new RangeError('the webhook signature tolerance must be a whole number of seconds above 0');
  const now = opts.now ?? (() => Date.now());
  const refuse = (req: IncomingMessage, reason: string) => PlatformError.of('401-108', { reason }, { acceptLanguage: header(req, 'accept-language') });

  return {
    checkHeaders(req) {
      const timestamp = header(req, WEBHOOK_TIMESTAMP_HEADER);
      const signature = header(req, WEBHOOK_SIGNATURE_HEADER);
      if (timestamp === undefined || signature === undefined) throw refuse(req, `${WEBHOOK_TIMESTAMP_HEADER} and ${WEBHOOK_SIGNATURE_HEADER} are required`);
      if (!/^\d{1,12}$/.test(timestamp)) throw refuse(req, `${WEBHOOK_TIMESTAMP_HEADER} is not a Unix time in seconds`);
      if (Math.abs(now() / 1000 - Number(timestamp)) > tolerance) throw refuse(req, `${WEBHOOK_TIMESTAMP_HEADER} is more than ${tolerance} s away from our clock`);
      if (opts.signedNotBeforeMs !== undefined && Number(timestamp) < Math.floor(opts.signedNotBeforeMs / 1000)) throw refuse(req, `${WEBHOOK_TIMESTAMP_HEADER} is older than this receiver, which cannot tell a replay of it`);
    },
    checkBody(req, raw) {
      const timestamp = header(req, WEBHOOK_TIMESTAMP_HEADER) ?? '';
      const presented = (header(req, WEBHOOK_SIGNATURE_HEADER) ?? '').trim().toLowerCase();
      // Every secret is compared (no early exit), so the time taken does not tell which matched.
      const matches = secrets.map((secret) => secretsEqual(presented, webhookSignature(secret, timestamp, raw)));
      if (!presented.startsWith(WEBHOOK_SIGNATURE_SCHEME) || !matches.includes(true)) {
        throw refuse(req, `${WEBHOOK_SIGNATURE_HEADER} does not match the body`);
      }
    },
  };
}
