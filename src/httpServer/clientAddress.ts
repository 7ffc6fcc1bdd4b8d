/**
 * Who is calling: the address every per-caller rule of the server keys on (the token endpoint's
 * failure limiter, the cap on unauthenticated requests in flight, the webhook's IP allowlist).
 *
 * Behind a load balancer or reverse proxy every TCP peer is the proxy, so these rules would see
 * one caller. With `trustedProxies` (TRUSTED_PROXIES: addresses and CIDR ranges), a request whose
 * peer is a trusted proxy is attributed to the right-most address of X-Forwarded-For that is not
 * a trusted proxy: each proxy appends the peer it saw, so everything right of that address was
 * written by proxies we trust, and everything left of it by the caller, who may write anything.
 * A peer that is not a trusted proxy is the caller, whatever X-Forwarded-For it sends.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { addressInList, parseAddressList } from './addressList.js';

/**
 * Who is calling: the address every per-caller rule keys on (failure limiter, unauthenticated cap,
 * webhook allowlist). Behind trusted proxies it is read from X-Forwarded-For.
 */
export type ClientAddress = (req: IncomingMessage) => string;

/** `::ffff:10.1.2.3` (an IPv4 peer on a dual-stack socket) is `10.1.2.3`, so one caller has one key. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address.toLowerCase();
}

/** One X-Forwarded-For entry as an address: bare, `[v6]`, `[v6]:port` or `v4:port`; undefined if none. */
function forwardedEntry(raw: string): string | undefined {
  const entry = raw.trim();
  if (isIP(entry)) return normalizeAddress(entry);
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed && isIP(bracketed[1]!) === 6) return normalizeAddress(bracketed[1]!);
  const v4port = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  if (v4port && isIP(v4port[1]!) === 4) return v4port[1];
  return undefined;
}

/**
 * The caller's address resolver; with no trusted proxies (the default) it is the TCP peer.
 *
 * @param trustedProxies - addresses and CIDR ranges of the proxies in front of the bot (`TRUSTED_PROXIES`)
 */
export function createClientAddress(trustedProxies: readonly string[] = []): ClientAddress {
  const peerOf = (req: IncomingMessage) => normalizeAddress(req.socket?.remoteAddress ?? 'unknown');
  if (trustedProxies.length === 0) return peerOf;
  const trusted = parseAddressList(trustedProxies, 'TRUSTED_PROXIES');

  return (req) => {
    let caller = peerOf(req);
    if (!addressInList(trusted, caller)) return caller;
    // node joins repeated X-Forwarded-For headers with ", ", which keeps their order.
    const raw = req.headers['x-forwarded-for'];
    const entries = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',');
    for (let i = entries.length - 1; i >= 0; i--) {
      const address = forwardedEntry(entries[i]!);
      // Not an address: no trusted proxy wrote it, so the chain of trust ends at the last proxy seen.
      if (address === undefined) return caller;
      caller = address;
      if (!addressInList(trusted, address)) return address;
    }
    // Only trusted proxies in the chain (or no header): the left-most of them is the caller.
    return caller;
  };
}
