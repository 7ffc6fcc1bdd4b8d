/**
 * A cap on requests in flight per caller address whose authentication has not yet succeeded
 * (S1 of docs/platform-contract.md). The callback route and the token endpoint each have one:
 * a caller may hold at most `maxPerAddress` such requests on a route at once (token requests whose
 * bodies trickle in, callbacks whose tokens are being checked); the next is answered 429-001 from
 * its headers, without reading its body. A request leaves the count as soon as its credentials
 * have been checked, or when it is answered, so authenticated traffic is counted only for as long
 * as the check itself. One cap per route, so token requests held open by a caller never stand
 * in the way of the hub's (already authenticated) callbacks from the same address.
 *
 * With `shedOldestIncomplete` (the token endpoint, S9) a full address does not turn the new
 * request away: the oldest request of that address whose body has not all arrived is answered
 * 408-100 and closed, and the new one takes its place. A request that has fully arrived is never
 * shed; only when all of them have is the new one refused 429. Sixteen bodies trickling a byte
 * every two seconds thus cannot keep the hub, from the same address, from its token: its request
 * arrives whole in one packet and is checked at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformError, tooManyRequests } from '../errors/platformError.js';
import { sendErrorBody } from './errorResponse.js';
import { createClientAddress, type ClientAddress } from './clientAddress.js';

export const DEFAULT_MAX_UNAUTHENTICATED_PER_ADDRESS = 16;

/**
 * How many requests per address may wait for their credentials to be checked, and how the address
 * is read.
 */
export interface UnauthenticatedCapOptions {
  /** Requests per address at most while their credentials are checked; default 16. */
  maxPerAddress?: number;
  /** Who is calling; default the TCP peer (see createClientAddress for trusted proxies). */
  clientAddress?: ClientAddress;
  /** Told of every request the cap turns away or sheds, so it is counted and logged like any refusal (S14). */
  onRefused?: (address: string, how: 'refused' | 'shed') => void;
  /** At the cap, shed the oldest request still receiving its body rather than refuse the new one (S9). */
  shedOldestIncomplete?: boolean;
}

/**
 * A cap on requests per address whose credentials are still being checked (S1): beyond it, 429 from
 * the headers alone, before any body is read.
 */
export interface UnauthenticatedCap {
  /**
   * Counts the request in, or throws the 429 PlatformError when its address is at the cap.
   * Returns the release (idempotent) to call once authentication has succeeded; it is also called
   * when the answer is finished or the connection closes.
    *
    * @param req - the request
    * @param res - its response
    */
  admit(req: IncomingMessage, res: ServerResponse): () => void;
  /**
   * Requests counted now for `address` (for tests and metrics).
   *
   * @param address - the caller
   */
  inFlight(address: string): number;
}

/**
 * Makes the cap on unauthenticated requests in flight per address (S1).
 *
 * @param opts - the cap (default 16 per address) and the address reader
 */
export function createUnauthenticatedCap(opts: UnauthenticatedCapOptions = {}): UnauthenticatedCap {
  const max = opts.maxPerAddress ?? DEFAULT_MAX_UNAUTHENTICATED_PER_ADDRESS;
  if (!(Number.isInteger(max) && max >= 1)) throw new RangeError('maxPerAddress must be a positive integer');
  const addressOf = opts.clientAddress ?? createClientAddress();
  // Only addresses with a request in flight are kept, so the map is bounded by open connections.
  // Each address's requests in the order they came (a Set keeps insertion order): oldest first.
  const held = new Map<string, Set<Held>>();

  return {
    admit(req, res) {
      const address = addressOf(req);
      let mine = held.get(address);
      if (mine && mine.size >= max) {
        const slow = opts.shedOldestIncomplete ? [...mine].find((h) => !h.req.complete) : undefined;
        if (!slow) {
          opts.onRefused?.(address, 'refused');
          throw tooManyRequests(1);
        }
        opts.onRefused?.(address, 'shed');
        shed(slow);
      }
      if (!mine) held.set(address, (mine = new Set()));
      const entry: Held = { req, res, release: () => undefined };
      mine.add(entry);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        mine.delete(entry);
        if (mine.size === 0 && held.get(address) === mine) held.delete(address);
      };
      entry.release = release;
      res.once('finish', release);
      res.once('close', release);
      return release;
    },
    inFlight: (address) => held.get(address)?.size ?? 0,
  };
}

interface Held {
  req: IncomingMessage;
  res: ServerResponse;
  release: () => void;
}

/** Ends a slow request: its place is freed at once, it is told why (408) when it still can be, and its connection closed. */
function shed(h: Held): void {
  h.release();
  if (!h.res.headersSent && h.res.writable) {
    h.res.setHeader('connection', 'close');
    sendErrorBody(h.req, h.res, PlatformError.of('408-100'));
    h.res.once('finish', () => h.req.socket.destroy());
  } else h.req.socket.destroy();
}
