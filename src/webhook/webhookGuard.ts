/**
 * Who may deliver knowledge events. The contract shows no signature or security header on
 * deliveries, so the checks are ours ([S4] of docs/platform-contract.md), and at least one is
 * required unless the receiver is explicitly opened with `auth: 'none'`:
 *
 * - an HMAC signature over timestamp and raw body (webhookSignatureCheck.ts); missing, stale or
 *   wrong → 401 (401-108);
 * - a shared secret in a header (name configurable, `x-webhook-secret` by default), compared in
 *   constant time; wrong or missing → 401 (401-107);
 * - an IP allowlist of addresses and CIDR ranges (IPv4 and IPv6); another address → 403
 *   (403-199). It applies to the TCP peer; behind a proxy or load balancer pass `clientAddress`
 *   to read the address the proxy forwards, or filter at the proxy.
 *
 * Every check configured applies. All but the signature itself run from the headers, before the
 * body is read, so a refused caller cannot make the receiver read a large body; the signature is
 * checked on the raw bytes before they are parsed.
 */
import type { IncomingMessage } from 'node:http';
import type { BlockList } from 'node:net';
import { PlatformError } from '../errors/platformError.js';
import { addressInList, parseAddressList } from '../httpServer/addressList.js';
import { header } from '../httpServer/errorResponse.js';
import { secretsEqual } from '../authentication/secretCompare.js';
import { createSignatureCheck } from './webhookSignatureCheck.js';

export const DEFAULT_SECRET_HEADER = 'x-webhook-secret';

/** The webhook's checks of a delivery; each one set is required, and at least one must be. */
export interface WebhookAuthOptions {
  /** When set, deliveries must be signed with it (x-webhook-timestamp, x-webhook-signature). */
  hmacSecret?: string;
  /** Secrets still accepted during a rotation (WEBHOOK_HMAC_PREVIOUS_SECRETS, S12). */
  previousHmacSecrets?: readonly string[];
  /** How far a signed delivery's timestamp may be from our clock, either way; default 300 s. */
  signatureToleranceSeconds?: number;
  /** When set, deliveries must carry it in `secretHeader`. */
  sharedSecret?: string;
  /** The header that carries the shared secret; default `x-webhook-secret`. */
  secretHeader?: string;
  /** Addresses (`10.1.2.3`, `::1`) and ranges (`10.0.0.0/8`, `fd00::/8`); empty or absent: any address. */
  ipAllowlist?: readonly string[];
  /** The caller's address; default the socket's remote address. */
  clientAddress?: (req: IncomingMessage) => string | undefined;
  /** Milliseconds since epoch, for the signature's window; default Date.now. */
  now?: () => number;
  /** Signed deliveries older than this (ms) are refused: see SignatureCheckOptions.signedNotBeforeMs (S14). */
  signedNotBeforeMs?: number;
}

/** The receiver's authentication: at least one check, or `'none'` to accept anyone's deliveries. */
export type WebhookAuth = WebhookAuthOptions | 'none';

export interface WebhookGuard {
  /** Before the body is read: throws the 401 or 403 PlatformError, or returns. */
  checkHeaders(req: IncomingMessage): void;
  /** After the body's bytes are read, before parsing: the signature, when one is required. */
  checkBody(req: IncomingMessage, raw: Buffer): void;
}

/** True when `auth` asks for at least one check. */
export function hasWebhookAuth(auth: WebhookAuthOptions | undefined): boolean {
  return Boolean(auth && (auth.hmacSecret !== undefined || auth.sharedSecret !== undefined || (auth.ipAllowlist?.length ?? 0) > 0));
}

/** Builds the allowlist; throws at start-up on an entry that is neither an address nor a range. */
export function parseIpAllowlist(entries: readonly string[]): BlockList {
  return parseAddressList(entries, 'WEBHOOK_IP_ALLOWLIST');
}

const OPEN: WebhookGuard = { checkHeaders: () => undefined, checkBody: () => undefined };

/**
 * The guard for `auth`. Throws at start-up when `auth` is absent or asks for nothing: an
 * unauthenticated webhook lets anyone forge events (an `article_deleted` hides an article), so
 * it must be asked for by name.
 */
export function createWebhookGuard(auth: WebhookAuth | undefined): WebhookGuard {
  if (auth === 'none') return OPEN;
  if (!hasWebhookAuth(auth)) {
    throw new RangeError("the knowledge webhook needs authentication: give auth.hmacSecret, auth.sharedSecret or auth.ipAllowlist, or auth: 'none' to accept deliveries from anyone");
  }
  const opts = auth!;
  const allow = opts.ipAllowlist && opts.ipAllowlist.length > 0 ? parseIpAllowlist(opts.ipAllowlist) : undefined;
  const secret = opts.sharedSecret;
  const headerName = (opts.secretHeader ?? DEFAULT_SECRET_HEADER).toLowerCase();
  const addressOf = opts.clientAddress ?? ((req: IncomingMessage) => req.socket.remoteAddress);
  if (secret !== undefined && secret.length === 0) throw new RangeError('the webhook shared secret must not be empty');
  const signature = opts.hmacSecret !== undefined ? createSignatureCheck({ hmacSecret: opts.hmacSecret, previousHmacSecrets: opts.previousHmacSecrets, toleranceSeconds: opts.signatureToleranceSeconds, now: opts.now, signedNotBeforeMs: opts.signedNotBeforeMs }) : undefined;

  return {
    checkHeaders(req) {
      const acceptLanguage = header(req, 'accept-language');
      if (allow) {
        const address = addressOf(req) ?? '';
        if (!addressInList(allow, address)) {
          throw PlatformError.of('403-199', { address: address || 'unknown' }, { acceptLanguage });
        }
      }
      if (secret !== undefined) {
        const presented = header(req, headerName);
        if (presented === undefined || !secretsEqual(presented, secret)) {
          throw PlatformError.of('401-107', { header: headerName }, { acceptLanguage });
        }
      }
      signature?.checkHeaders(req);
    },
    checkBody(req, raw) {
      signature?.checkBody(req, raw);
    },
  };
}
