/**
 * The restify server every HTTP surface of the project is built on (emulator, bot callback,
 * webhook, token endpoint). It guarantees that every refusal, including the router's own
 * 404/405 and any thrown error, is an error body of spec 2.3 and never a stack trace.
 *
 * Routes are registered through `route`, whose handler is async and receives the parsed
 * JSON body (when the route wants one); throwing a PlatformError refuses the request.
 */
import type * as restify from 'restify';
import { restify as loadRestify } from './restifyLoader.js';
import type { IncomingMessage, Server as NodeHttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatformError } from '../errors/platformError.js';
import { DEFAULT_BODY_LIMIT_BYTES, readJsonBody } from './jsonBody.js';
import { header, sendErrorBody } from './errorResponse.js';
import { DEFAULT_MAX_TARGET_BYTES, refuseLongTargets, refuseMalformedRequests } from './connectionRefusals.js';
import { limitSlowClients, type OnConnectionRefused, type SlowClientLimits } from './slowClientLimits.js';

/** The methods a route can take (restify's names: `del` is DELETE). */
export type HttpMethod = 'get' | 'post' | 'put' | 'del' | 'patch' | 'head';

/**
 * The request a handler gets: Node's own, with the route parameters and path restify adds.
 * Declared here, not taken from \@types/restify, so the package's public declarations need no
 * type-only package at run time (N6 of docs/platform-contract.md).
 */
export interface HttpRequest extends IncomingMessage {
  /** The path's parameters, as the router found them. */
  params?: Record<string, string>;
  /** The request's path without its query. */
  path?(): string;
}

/** The response a handler writes: Node's own. */
export type HttpResponse = ServerResponse;

/**
 * What a route's handler is given: the request and response, path parameters, the query and the
 * parsed body.
 */
export interface RouteContext {
  /** The request. */
  req: HttpRequest;
  /** The response; answer with `sendJson`. */
  res: HttpResponse;
  params: Record<string, string>;
  /** The query string. */
  query: URLSearchParams;
  /** The parsed JSON body (undefined when empty, or when the route reads the body itself). */
  body: unknown;
}

/** Options of one route. */
export interface RouteOptions {
  /** Body size limit in bytes; default 1 MiB. */
  bodyLimitBytes?: number;
  /** When false, the body stream is left unread for the handler (uploads). */
  parseJson?: boolean;
}

/**
 * The JSON HTTP server the bot server, the webhook and the token endpoint are built on: every
 * refusal, the router's own included, is the contract's error body (section 2.3), never a stack
 * trace.
 */
export interface JsonServer {
  /** The underlying server; `server.server` is Node's HTTP server (for connection-level hooks). */
  server: { readonly server: NodeHttpServer };
  /**
   * Adds a route. The handler may be async; a thrown PlatformError becomes its error body, anything
   * else a 500 without details.
   *
   * @param method - the HTTP method
   * @param path - the path, with `:name` parameters
   * @param handler - answers the request
   * @param opts - body limit, and whether the body is parsed as JSON
   */
  route(method: HttpMethod, path: string, handler: (ctx: RouteContext) => Promise<void> | void, opts?: RouteOptions): void;
  /**
   * Starts listening.
   *
   * @param port - the port; 0 picks a free one
   * @param host - the interface
   * @returns the server's base URL
   */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops listening and closes the connections. */
  close(): Promise<void>;
}

/** How a JSON server is made: its name, body limit, slow-client limits and a body hook. */
export interface JsonServerOptions {
  /** The server's name, in its logs. */
  name: string;
  /** The largest request body read by default; larger ones get 413. */
  bodyLimitBytes?: number;
  /** The longest request target (path and query) read; longer ones get 414 (default 2,048 bytes). */
  maxTargetBytes?: number;
  /** Header and request deadlines, connection limits. */
  slowClients?: SlowClientLimits;
  /** Told each JSON request body once it is read (the emulator's inspector shows them). */
  onBody?: (req: IncomingMessage, body: unknown) => void;
  /** Told of each connection or request refused below the routes (408, 400, 431), to count them (S14). */
  onConnectionRefused?: OnConnectionRefused;
}

/**
 * Makes a JSON HTTP server: malformed requests and slow clients refused, every error answered with
 * the contract's error body.
 *
 * @param opts - the server's name, the default body limit, slow-client limits, a body hook, a refusal hook
 */
export function createJsonServer(opts: JsonServerOptions): JsonServer {
  const server = loadRestify().createServer({ name: opts.name, handleUncaughtExceptions: false });
  const defaultLimit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  refuseMalformedRequests(server.server, opts.onConnectionRefused);
  limitSlowClients(server.server, opts.slowClients, opts.onConnectionRefused);
  server.server.on('request', forgetListenersAfterClose);
  // restify's first chain runs before it decodes or routes the URL (not in its type declarations).
  (server as unknown as { first(h: (req: IncomingMessage, res: ServerResponse) => boolean): void }).first(refuseLongTargets(opts.maxTargetBytes ?? DEFAULT_MAX_TARGET_BYTES, opts.onConnectionRefused));

  // Router refusals (unknown path, wrong method) and anything that escaped a handler.
  server.on('restifyError', (req: restify.Request, res: restify.Response, err: Error & { statusCode?: number }, cb: () => void) => {
    const lang = header(req, 'accept-language');
    let perr: PlatformError | Error = err;
    if (!(err instanceof PlatformError)) {
      // A path whose escapes are not UTF-8 (an id's lone surrogate, as pathSegment writes it)
      // names nothing the router can match: refused as malformed, not taken for another id (S17).
      if (err.name === 'ResourceNotFoundError' && !decodesAsUtf8(req.path?.() ?? '')) perr = PlatformError.of('400-101', { reason: 'the path holds percent escapes that are not UTF-8 (a lone surrogate has no UTF-8 form)' }, { acceptLanguage: lang });
      else if (err.name === 'ResourceNotFoundError') perr = PlatformError.of('404-101', { name: req.path?.() ?? 'path' }, { acceptLanguage: lang });
      else if (err.name === 'MethodNotAllowedError') perr = PlatformError.of('405-100', {}, { acceptLanguage: lang });
    }
    sendErrorBody(req, res, perr);
    cb();
  });

  const route: JsonServer['route'] = (method, path, handler, routeOpts = {}) => {
    const limit = routeOpts.bodyLimitBytes ?? defaultLimit;
    const wantsJson = routeOpts.parseJson !== false;
    (server[method] as (path: string, h: (req: restify.Request, res: restify.Response) => Promise<void>) => void).call(server, path, async (req, res) => {
      try {
        const body = wantsJson && method !== 'get' && method !== 'head' ? await readJsonBody(req, limit) : undefined;
        if (body !== undefined) opts.onBody?.(req, body);
        // The query is parsed when a handler reads it: the hub's callback never does, and a URL
        // parse per callback was a visible share of its CPU.
        let query: URLSearchParams | undefined;
        await handler({
          req,
          res,
          params: { ...(req.params ?? {}) },
          get query() {
            return (query ??= new URL(req.url ?? '/', 'http://local').searchParams);
          },
          body,
        });
      } catch (err) {
        sendErrorBody(req, res, err);
      }
    });
  };

  return {
    server,
    route,
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const addr = server.address() as AddressInfo;
          resolve(`http://${host}:${addr.port}`);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * Once a response has closed, its request's and its own listeners are dropped (the last of
 * them ran at 'close'). Why: a request object that V8 has moved to the old generation stays
 * there, dead, until the next full collection, and what its listener table still points to is
 * kept through every young collection meanwhile and promoted in turn; on the bench's server that
 * was a fifth to a half of the bytes promoted per round trip (docs/performance.md, "Garbage").
 */
function forgetListenersAfterClose(req: IncomingMessage, res: ServerResponse): void {
  res.once('close', () => setImmediate(dropListeners, req, res));
}

function dropListeners(req: IncomingMessage, res: ServerResponse): void {
  req.removeAllListeners();
  res.removeAllListeners();
  // A late error (the socket reset while the next request is read) must not become uncaught.
  req.on('error', ignoreLateError);
  res.on('error', ignoreLateError);
}

function ignoreLateError(): void {}

/**
 * Answers with a JSON body (or none).
 *
 * @param res - the response
 * @param status - the HTTP status
 * @param body - the body; none when undefined
 */
export function sendJson(res: HttpResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Whether a path's percent escapes decode as UTF-8. */
function decodesAsUtf8(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
