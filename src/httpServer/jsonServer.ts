/**
 * The restify server every HTTP surface of the project is built on (emulator, bot callback,
 * webhook, token endpoint). It guarantees that every refusal, including the router's own
 * 404/405 and any thrown error, is an error body of spec 2.3 and never a stack trace.
 *
 * Routes are registered through `route`, whose handler is async and receives the parsed
 * JSON body (when the route wants one); throwing a PlatformError refuses the request.
 */
import restify from 'restify';
import type { AddressInfo } from 'node:net';
import { PlatformError } from '../errors/platformError.js';
import { DEFAULT_BODY_LIMIT_BYTES, readJsonBody } from './jsonBody.js';
import { header, sendErrorBody } from './errorResponse.js';
import { refuseMalformedRequests } from './connectionRefusals.js';
import { limitSlowClients, type OnConnectionRefused, type SlowClientLimits } from './slowClientLimits.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'del' | 'patch' | 'head';

export interface RouteContext {
  req: restify.Request;
  res: restify.Response;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body (undefined when empty, or when the route reads the body itself). */
  body: unknown;
}

export interface RouteOptions {
  /** Body size limit in bytes; default 1 MiB. */
  bodyLimitBytes?: number;
  /** When false, the body stream is left unread for the handler (uploads). */
  parseJson?: boolean;
}

export interface JsonServer {
  server: restify.Server;
  route(method: HttpMethod, path: string, handler: (ctx: RouteContext) => Promise<void> | void, opts?: RouteOptions): void;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

export function createJsonServer(opts: { name: string; bodyLimitBytes?: number; slowClients?: SlowClientLimits; onConnectionRefused?: OnConnectionRefused }): JsonServer {
  const server = restify.createServer({ name: opts.name, handleUncaughtExceptions: false });
  const defaultLimit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  refuseMalformedRequests(server.server, opts.onConnectionRefused);
  limitSlowClients(server.server, opts.slowClients, opts.onConnectionRefused);

  // Router refusals (unknown path, wrong method) and anything that escaped a handler.
  server.on('restifyError', (req: restify.Request, res: restify.Response, err: Error & { statusCode?: number }, cb: () => void) => {
    const lang = header(req, 'accept-language');
    let perr: PlatformError | Error = err;
    if (!(err instanceof PlatformError)) {
      if (err.name === 'ResourceNotFoundError') perr = PlatformError.of('404-101', { name: req.path?.() ?? 'path' }, { acceptLanguage: lang });
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
        const url = new URL(req.url ?? '/', 'http://local');
        await handler({ req, res, params: { ...(req.params ?? {}) }, query: url.searchParams, body });
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

/** Sends a JSON body with a status (200 by default). */
export function sendJson(res: restify.Response, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
