/**
 * What a slow or silent client may hold (S1 of docs/platform-contract.md). Node checks its own
 * header and request timeouts only every 30 s, on a timer fixed when the server is created (and
 * restify creates it), so an anonymous client could hold a connection and memory for minutes.
 * Here each connection carries its own deadline, checked by one sweep per server every tenth of
 * the shorter of the two timeouts below, at most every 500 ms (`sweepIntervalOf`). A deadline is
 * therefore acted on up to one sweep late, never early: with the defaults a client given 10 s for
 * its headers is answered within 10-10.5 s, and a tighter per-path body deadline (5 s for the
 * unauthenticated routes by default) within 5-5.5 s. Two timers set and cleared and four
 * once-listeners for every request cost it about three times the CPU of reading the clock twice
 * and one shared listener (1.2 µs against 0.4 µs of the limiter's own work, measured). The sweep
 * runs only while the server has connections and is unref'd: it stops at its first run after a
 * closed server's last connection ended. 1,000 open connections cost it about 30 µs a run.
 * What is enforced:
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
 *   connection serves at most `maxRequestsPerSocket` requests (default 1,000);
 * - slow readers (S16): a connection whose answers wait unread in its send buffer for longer
 *   than `writeTimeoutMs` (default 10 s), or pile up beyond `maxUnreadBytes` (default 1 MiB), is
 *   destroyed: a client that pipelines requests and never reads holds no memory for long. At the
 *   connection limit such a connection is shed before any other slow one, and a connection that
 *   reads and has a complete request (the hub's callback) is never shed.
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
  /** How long answers may wait unread in a connection's send buffer (S16). */
  writeTimeoutMs?: number;
  /** Unread answer bytes a connection may hold (S16). */
  maxUnreadBytes?: number;
  /** Requests one connection may have in flight at once, pipelined before their answers finished (S16). */
  maxPipelinedRequests?: number;
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
  writeTimeoutMs: 10_000,
  maxUnreadBytes: 1024 * 1024,
  // An HTTP/1.1 client (the hub's callbacks, a browser) waits for an answer before the next request or
  // pipelines a few; more than 4 unanswered on one connection is a client making the server work and
  // buffer for it (at 16, 1,100 such connections held live replies' p95 at 8-12 s; at 4, about 1 s).
  maxPipelinedRequests: 4,
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

/** A connection, the request it is serving (none while it waits for headers or idles), and when what it is waiting for must have come. */
interface Tracked {
  socket: Socket;
  req?: IncomingMessage;
  res?: ServerResponse;
  /**
   * On `performance.now()`'s clock: the headers' deadline while there is no request, the body's
   * while there is one; Infinity once the sweep has acted on it (or found the body complete).
   */
  deadline: number;
  /** Since when (performance.now()) its answers have waited unread; undefined while it reads. */
  unreadSince?: number;
  /** The bytes waiting unread at the last sweep: fewer now means the client is reading, slowly. */
  lastUnread?: number;
  /** Its requests whose answers have not finished (pipelined ones included). */
  unanswered: number;
}

/**
 * The response's connection record, kept on the response itself: at 'finish' node has already
 * detached the response's socket, and a body read with `for await` that stopped early has nulled
 * the request's.
 */
const TRACKED = Symbol('slowClientTracked');
type TrackedResponse = ServerResponse & { [TRACKED]?: Tracked };

/** How often a server's deadlines are checked: a tenth of the shorter deadline, at most 500 ms. */
export function sweepIntervalOf(limits: Pick<SlowClientLimits, 'headersTimeoutMs' | 'requestTimeoutMs'>): number {
  const shortest = Math.min(limits.headersTimeoutMs ?? DEFAULT_SLOW_CLIENT_LIMITS.headersTimeoutMs, limits.requestTimeoutMs ?? DEFAULT_SLOW_CLIENT_LIMITS.requestTimeoutMs);
  return Math.min(500, Math.max(10, Math.floor(shortest / 10)));
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
  const bodyTimeoutOf = (req: IncomingMessage) => (l.requestTimeoutMsFor ? (l.requestTimeoutMsFor(pathOf(req.url)) ?? l.requestTimeoutMs) : l.requestTimeoutMs);

  // Open connections in the order they last became slow (a Map keeps insertion order), so the
  // first slow one found is the one slow the longest.
  const open = new Map<Socket, Tracked>();
  const isSlow = (t: Tracked) => !t.req || (!t.req.complete && !t.res?.headersSent);
  /** Its answers wait in its send buffer: the client is not reading them (S16). */
  const isNotReading = (t: Tracked) => t.socket.writableLength > 0;

  /** Nothing is being answered on it: say why and close. */
  const refuseConnection = (socket: Socket) => {
    onRefused?.({ status: 408, address: socket.remoteAddress });
    if (socket.writable) socket.end(TIMEOUT_ANSWER);
    socket.destroySoon();
  };

  const shed = (socket: Socket, t: Tracked) => {
    open.delete(socket);
    // One that does not read would never take an answer: closed at once (S16).
    if (isNotReading(t)) {
      onRefused?.({ status: 408, address: socket.remoteAddress });
      socket.destroy();
    } else if (t.req && t.res && !t.res.headersSent) timeOut(socket, t.req, t.res, onRefused);
    else refuseConnection(socket);
  };

  // One timer per server, running while it has connections, instead of timers set and cleared
  // for every request.
  const sweepMs = sweepIntervalOf(l);
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => {
    if (open.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
      return;
    }
    const now = performance.now();
    for (const [socket, t] of open) {
      // A client that leaves its answers unread (S16): destroyed past the write deadline or the memory bound.
      if (isNotReading(t)) {
        // One large answer read as it goes (a call log, a transcript export) is the route's size,
        // not a pile the client made: the memory bound is for answers piling up behind unread
        // ones (pipelined requests), and the deadline counts from the last sweep that saw fewer
        // bytes waiting (a reader, however slow).
        const unread = socket.writableLength;
        if (t.lastUnread !== undefined && unread < t.lastUnread) t.unreadSince = now;
        t.lastUnread = unread;
        t.unreadSince ??= now;
        if (now - t.unreadSince >= l.writeTimeoutMs || (t.unanswered > 1 && unread > l.maxUnreadBytes)) {
          open.delete(socket);
          onRefused?.({ status: 408, address: socket.remoteAddress });
          socket.destroy();
          continue;
        }
      } else {
        t.unreadSince = undefined;
        t.lastUnread = undefined;
      }
      if (t.deadline > now) continue;
      t.deadline = Infinity;
      // A connection already answered and being closed (a lingering close, say) is not refused again.
      if (!t.req) {
        if (socket.writable) refuseConnection(socket);
        else socket.destroy();
      }
      // A request its handler destroyed (a body read with `for await` left early) is the handler's to answer.
      else if (!t.req.complete && !t.req.destroyed) timeOut(socket, t.req, t.res!, onRefused);
    }
  };

  // Shared by every connection and response of this server (`this` is the emitter): no closure each.
  function forget(this: Socket) {
    open.delete(this);
  }
  function finished(this: TrackedResponse) {
    const t = this[TRACKED];
    // A pipelined request already being served keeps its own deadline; a shed connection is closing.
    if (!t || t.res !== this || t.socket.destroyed || open.get(t.socket) !== t) return;
    const socket = t.socket;
    // The next request on a kept-alive connection must bring its headers in time too.
    t.req = undefined;
    t.res = undefined;
    t.deadline = performance.now() + l.headersTimeoutMs;
    open.delete(socket);
    open.set(socket, t);
  }

  server.on('connection', (socket: Socket) => {
    if (open.size >= l.maxConnections) {
      // A connection that does not read its answers goes first (S16), then the one slow the longest.
      let slowest: [Socket, Tracked] | undefined;
      for (const entry of open) {
        if (isNotReading(entry[1])) {
          slowest = entry;
          break;
        }
        if (!slowest && isSlow(entry[1])) slowest = entry;
      }
      if (!slowest) {
        // Every place holds a request that has fully arrived: this one cannot be taken.
        onRefused?.({ status: 503, address: socket.remoteAddress });
        socket.destroy();
        return;
      }
      shed(...slowest);
    }
    open.set(socket, { socket, req: undefined, res: undefined, deadline: performance.now() + l.headersTimeoutMs, unanswered: 0 });
    socket.on('close', forget);
    if (!sweeper) {
      sweeper = setInterval(sweep, sweepMs);
      sweeper.unref();
    }
  });

  server.on('request', (req: IncomingMessage, res: TrackedResponse) => {
    // Untracked only when shed, and a shed connection is already closing.
    const t = open.get(req.socket);
    if (!t) return;
    // Past the bound of pipelined requests the connection is destroyed: its client makes the
    // server hold answers for it without waiting for them (S16).
    if (++t.unanswered > l.maxPipelinedRequests) {
      open.delete(req.socket);
      onRefused?.({ status: 429, path: pathOf(req.url), address: req.socket.remoteAddress });
      req.socket.destroy();
      return;
    }
    res.once('close', () => void t.unanswered--);
    t.req = req;
    t.res = res;
    t.deadline = performance.now() + bodyTimeoutOf(req);
    res[TRACKED] = t;
    res.on('finish', finished);
  });
}

const pathOf = (url = ''): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** A request whose body did not come in time: 408-100 while an answer can still be given, and the connection closed. */
function timeOut(socket: Socket, req: IncomingMessage, res: ServerResponse, onRefused?: OnConnectionRefused): void {
  if (res.headersSent) {
    socket.destroy();
    return;
  }
  onRefused?.({ status: 408, path: pathOf(req.url), address: socket.remoteAddress });
  res.setHeader('connection', 'close');
  sendErrorBody(req, res, PlatformError.of('408-100'));
  socket.destroySoon();
}
