/**
 * Optional checks on who delivers events. The spec shows no signature or security header on
 * deliveries (6.11), so both checks are off by default and are ours:
 *
 * - a shared secret in a header (name configurable, `x-webhook-secret` by default), compared in
 *   constant time; wrong or missing → 401 (401-107). Configure the same header and value on the
 *   webhook registration, outside this interface (6.9).
 * - an IP allowlist of addresses and CIDR ranges (IPv4 and IPv6); another address → 403
 *   (403-199). It applies to the TCP peer; behind a proxy or load balancer pass `clientAddress`
 *   to read the address the proxy forwards, or filter at the proxy.
 *
 * Both run before the body is read, so a refused caller cannot make the receiver read a large body.
 */
import type { IncomingMessage } from 'node:http';
import type { BlockList } from 'node:net';
import { isIP } from 'node:net';
import { PlatformError } from '../errors/platformError.js';
import { parseAddressList } from '../http/addressList.js';
import { header } from '../http/errorResponse.js';
import { secretsEqual } from '../server/secretCompare.js';

export const DEFAULT_SECRET_HEADER = 'x-webhook-secret';

export interface WebhookAuthOptions {
  /** When set, deliveries must carry it in `secretHeader`. */
  sharedSecret?: string;
  secretHeader?: string;
  /** Addresses (`10.1.2.3`, `::1`) and ranges (`10.0.0.0/8`, `fd00::/8`); empty or absent: any address. */
  ipAllowlist?: readonly string[];
  /** The caller's address; default the socket's remote address. */
  clientAddress?: (req: IncomingMessage) => string | undefined;
}

/** Builds the allowlist; throws at start-up on an entry that is neither an address nor a range. */
export function parseIpAllowlist(entries: readonly string[]): BlockList {
  return parseAddressList(entries, 'WEBHOOK_IP_ALLOWLIST');
}

/** A check that throws the 401 or 403 PlatformError, or returns when the delivery may proceed. */
export function createWebhookGuard(opts: WebhookAuthOptions = {}): (req: IncomingMessage) => void {
  const allow = opts.ipAllowlist && opts.ipAllowlist.length > 0 ? parseIpAllowlist(opts.ipAllowlist) : undefined;
  const secret = opts.sharedSecret;
  const headerName = (opts.secretHeader ?? DEFAULT_SECRET_HEADER).toLowerCase();
  const addressOf = opts.clientAddress ?? ((req: IncomingMessage) => req.socket.remoteAddress);
  if (secret !== undefined && secret.length === 0) throw new RangeError('the webhook shared secret must not be empty');

  return (req) => {
    const acceptLanguage = header(req, 'accept-language');
    if (allow) {
      const address = addressOf(req) ?? '';
      const family = isIP(address);
      if (family === 0 || !allow.check(address, family === 6 ? 'ipv6' : 'ipv4')) {
        throw PlatformError.of('403-199', { address: address || 'unknown' }, { acceptLanguage });
      }
    }
    if (secret !== undefined) {
      const presented = header(req, headerName);
      if (presented === undefined || !secretsEqual(presented, secret)) {
        throw PlatformError.of('401-107', { header: headerName }, { acceptLanguage });
      }
    }
  };
}
