/**
 * A cap on requests in flight per caller address whose authentication has not yet succeeded
 * (S1 of docs/platform-contract.md). The callback route and the token endpoint each have one:
 * a caller may hold at most `maxPerAddress` such requests on a route at once (token requests whose
 * bodies trickle in, callbacks whose tokens are being checked); the next is answered 429-001 from
 * its headers, without reading its body. A request leaves the count as soon as its credentials
 * have been checked, or when it is answered, so authenticated traffic is counted only for as long
 * as the check itself. One cap per route, so token requests held open by a caller never stand
 * in the way of the hub's (already authenticated) callbacks from the same address.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tooManyRequests } from '../errors/platformError.js';
import { createClientAddress, type ClientAddress } from './clientAddress.js';

export const DEFAULT_MAX_UNAUTHENTICATED_PER_ADDRESS = 16;

export interface UnauthenticatedCapOptions {
  /** Default 16. */
  maxPerAddress?: number;
  /** Who is calling; default the TCP peer (see createClientAddress for trusted proxies). */
  clientAddress?: ClientAddress;
  /** Told of every request the cap turns away, so it is counted and logged like any refusal (S14). */
  onRefused?: (address: string) => void;
}

export interface UnauthenticatedCap {
  /**
   * Counts the request in, or throws the 429 PlatformError when its address is at the cap.
   * Returns the release (idempotent) to call once authentication has succeeded; it is also called
   * when the answer is finished or the connection closes.
   */
  admit(req: IncomingMessage, res: ServerResponse): () => void;
  /** Requests counted now for `address` (for tests and metrics). */
  inFlight(address: string): number;
}

export function createUnauthenticatedCap(opts: UnauthenticatedCapOptions = {}): UnauthenticatedCap {
  const max = opts.maxPerAddress ?? DEFAULT_MAX_UNAUTHENTICATED_PER_ADDRESS;
  if (!(Number.isInteger(max) && max >= 1)) throw new RangeError('maxPerAddress must be a positive integer');
  const addressOf = opts.clientAddress ?? createClientAddress();
  // Only addresses with a request in flight are kept, so the map is bounded by open connections.
  const counts = new Map<string, number>();

  return {
    admit(req, res) {
      const address = addressOf(req);
      const n = counts.get(address) ?? 0;
      if (n >= max) {
        opts.onRefused?.(address);
        throw tooManyRequests(1);
      }
      counts.set(address, n + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (counts.get(address) ?? 1) - 1;
        if (left > 0) counts.set(address, left);
        else counts.delete(address);
      };
      res.once('finish', release);
      res.once('close', release);
      return release;
    },
    inFlight: (address) => counts.get(address) ?? 0,
  };
}
