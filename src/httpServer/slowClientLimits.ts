/**
 * What a slow or silent client may hold (S1 of docs/platform-contract.md). Node checks its own
 * header and request timeouts only every 30 s, on a timer fixed when the server is created (and
 * restify creates it), so an anonymous client could hold a connection and memory for minutes.
 * Here each connection gets its own timers:
 *
 * - headers: a connection whose next request's headers have not all come within
 *   `headersTimeoutMs` (default 10 s) is answered 408-100 and closed;
 * - request: a request whose body has not all come within `requestTimeoutMs` of its headers
 *   (default 30 s; `requestTimeoutMsFor` may set a tighter one for a path, such as the routes
 *   whose callers are not yet authenticated while their body arrives, S10) is answered 408-100
 *   and closed;
 * - connections: at most `maxConnections` at once (default 1,000). At the limit a new connection
 *   does not wait or get refused while a slow one is held: the connection that has been slow the
 *   longest (waiting for its headers, idle between requests, or with a body still arriving) is
 *   answered 408-100 and closed, and the new one takes its place (S10). Only when every
 *   connection is busy with a request that has fully arrived is the new one closed. One address
 *   flooding any route with slow connections thus cannot keep the hub's callbacks out;
 * - keep-alive: an idle connection is closed after `keepAliveTimeoutMs` (default 5 s), and one
 *   connection serves at most `maxRequestsPerSocket` requests (default 1,000).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PlatformError } from '../errors/platformError.js';
import { sendErrorBody } from './errorResponse.js';

export interface SlowClientLimits {
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** A tighter body deadline for some paths (those whose caller is unauthenticated while the body comes); undefined keeps `requestTimeoutMs`. */
  requestTimeoutMsFor?: (path: string) => number | undefined;
  maxConnections?: number;
  keepAliveTimeoutMs?: number;
  maxRequestsPerSocket?: number;
}

/** A request turned away before any route ran: too slow (408), or not valid HTTP (400, 431, 417). */
export interface ConnectionRefusal {
  status: number;
  /** The request's path when its headers had come; undefined for a connection that never sent them. */
  path?: string;
  /** The TCP peer. */
  address?: string;
}

/** Told of each such refusal, so it is counted and logged like any other (S14). */
export type OnConnectionRefused = (refusal: ConnectionRefusal) => void;

export const DEFAULT_SLOW_CLIENT_LIMITS: Required<Omit<SlowClientLimits, 'requestTimeoutMsFor'>> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 1000,
  keepAliveTimeoutMs: 5000,
  maxRequestsPerSocket: 1000,
};

const TIMEOUT_ANSWER = (() => {
  const body = JSON.stringify(PlatformError.of('408-100').toErrorBody());
  return `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
})();

/** The connection limit a server was given (node's own `maxConnections` is only a backstop above it). */
const limitOf = new WeakMap<Server, number>();

/**
 * The connection limit `limitSlowClients` set on a server.
 *
 * @param server - the node server
 */
export function connectionLimitOf(server: Server): number | undefined {
  return limitOf.get(server);
}

/** A connection, and the request it is serving (none while it waits for headers or idles). */
interface Tracked {
  req?: IncomingMessage;
  res?: ServerResponse;
}

export function limitSlowClients(server: Server, limits: SlowClientLimits = {}, onRefused?: OnConnectionRefused): void {
  const l = { ...DEFAULT_SLOW_CLIENT_LIMITS, ...limits };
  limitOf.set(server, l.maxConnections);
  // Node refuses past its own limit before anyone can shed; ours sheds first, node's is the backstop
  // for the moment between a shed connection's close and its count going down.
  server.maxConnections = 2 * l.maxConnections;
  server.keepAliveTimeout = l.keepAliveTimeoutMs;
  server.maxRequestsPerSocket = l.maxRequestsPerSocket;
  // Node's own checks stay as a backstop, no longer than ours.
  server.headersTimeout = Math.min(server.headersTimeout, l.headersTimeoutMs + 1000);
  server.requestTimeout = Math.max(l.requestTimeoutMs + 1000, server.headersTimeout + 1);

  // Open connections in the order they last became slow (a Map keeps insertion order), so the
  // first slow one found is the one slow the longest.
  const open = new Map<Socket, Tracked>();
  const becameSlow = (socket: Socket, t: Tracked) => {
    open.delete(socket);
    open.set(socket, t);
  };
  const isSlow = (t: Tracked) => !t.req || (!t.req.complete && !t.res?.headersSent);

  const headerTimers = new WeakMap<Socket, NodeJS.Timeout>();
  const waitForHeaders = (socket: Socket) => {
    clearTimeout(headerTimers.get(socket));
    const timer = setTimeout(() => {
      // Nothing is being answered on it (else the timer would have been cleared): say why and close.
      onRefused?.({ status: 408, address: socket.remoteAddress });
      if (socket.writable) socket.end(TIMEOUT_ANSWER);
      socket.destroySoon();
    }, l.headersTimeoutMs);
    timer.unref();
    headerTimers.set(socket, timer);
  };

  const shed = (socket: Socket, t: Tracked) => {
    open.delete(socket);
    if (t.req && t.res && !t.res.headersSent) {
      timeOut(t.req, t.res, onRefused);
      return;
    }
    onRefused?.({ status: 408, address: socket.remoteAddress });
    if (socket.writable) socket.end(TIMEOUT_ANSWER);
    socket.destroySoon();
  };

  server.on('connection', (socket: Socket) => {
    if (open.size >= l.maxConnections) {
      const slowest = [...open].find(([, t]) => isSlow(t));
      if (!slowest) {
        // Every place holds a request that has fully arrived: this one cannot be taken.
        onRefused?.({ status: 503, address: socket.remoteAddress });
        socket.destroy();
        return;
      }
      shed(...slowest);
    }
    const tracked: Tracked = {};
    open.set(socket, tracked);
    waitForHeaders(socket);
    socket.once('close', () => {
      clearTimeout(headerTimers.get(socket));
      open.delete(socket);
    });
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    clearTimeout(headerTimers.get(socket));
    const tracked = open.get(socket);
    if (tracked) {
      tracked.req = req;
      tracked.res = res;
    }
    const path = req.url?.split('?')[0] ?? '';
    const bodyTimer = setTimeout(() => {
      if (req.complete) return;
      timeOut(req, res, onRefused);
    }, l.requestTimeoutMsFor?.(path) ?? l.requestTimeoutMs);
    bodyTimer.unref();
    req.once('end', () => clearTimeout(bodyTimer));
    req.once('close', () => clearTimeout(bodyTimer));
    // The next request on a kept-alive connection must bring its headers in time too.
    res.once('finish', () => {
      if (socket.destroyed) return;
      if (tracked && open.has(socket)) {
        tracked.req = undefined;
        tracked.res = undefined;
        becameSlow(socket, tracked);
      }
      waitForHeaders(socket);
    });
  });
}

/** A request whose body did not come in time: 408-100 while an answer can still be given, and the connection closed. */
function timeOut(req: IncomingMessage, res: ServerResponse, onRefused?: OnConnectionRefused): void {
  const socket = req.socket;
  if (res.headersSent) {
    socket.destroy();
    return;
  }
  onRefused?.({ status: 408, path: req.url?.split('?')[0], address: socket.remoteAddress });
  res.setHeader('connection', 'close');
  sendErrorBody(req, res, PlatformError.of('408-100'));
  socket.destroySoon();
}
