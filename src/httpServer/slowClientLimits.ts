/**
 * What a slow or silent client may hold (S1 of docs/platform-contract.md). Node checks its own
 * header and request timeouts only every 30 s, on a timer fixed when the server is created (and
 * restify creates it), so an anonymous client could hold a connection and memory for minutes.
 * Here each connection gets its own timers:
 *
 * - headers: a connection whose next request's headers have not all come within
 *   `headersTimeoutMs` (default 10 s) is answered 408-100 and closed;
 * - request: a request whose body has not all come within `requestTimeoutMs` of its headers
 *   (default 30 s) is answered 408-100 and closed;
 * - connections: at most `maxConnections` at once (default 1,000); more are refused by node;
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

export const DEFAULT_SLOW_CLIENT_LIMITS: Required<SlowClientLimits> = {
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

export function limitSlowClients(server: Server, limits: SlowClientLimits = {}, onRefused?: OnConnectionRefused): void {
  const l = { ...DEFAULT_SLOW_CLIENT_LIMITS, ...limits };
  server.maxConnections = l.maxConnections;
  server.keepAliveTimeout = l.keepAliveTimeoutMs;
  server.maxRequestsPerSocket = l.maxRequestsPerSocket;
  // Node's own checks stay as a backstop, no longer than ours.
  server.headersTimeout = Math.min(server.headersTimeout, l.headersTimeoutMs + 1000);
  server.requestTimeout = Math.max(l.requestTimeoutMs + 1000, server.headersTimeout + 1);

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

  server.on('connection', (socket: Socket) => {
    waitForHeaders(socket);
    socket.once('close', () => clearTimeout(headerTimers.get(socket)));
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    clearTimeout(headerTimers.get(socket));
    const bodyTimer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) {
        socket.destroy();
        return;
      }
      onRefused?.({ status: 408, path: req.url?.split('?')[0], address: socket.remoteAddress });
      res.setHeader('connection', 'close');
      sendErrorBody(req, res, PlatformError.of('408-100'));
      socket.destroySoon();
    }, l.requestTimeoutMs);
    bodyTimer.unref();
    req.once('end', () => clearTimeout(bodyTimer));
    req.once('close', () => clearTimeout(bodyTimer));
    // The next request on a kept-alive connection must bring its headers in time too.
    res.once('finish', () => {
      if (!socket.destroyed) waitForHeaders(socket);
    });
  });
}
