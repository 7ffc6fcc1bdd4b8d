/**
 * Operations endpoints for orchestrators and monitoring:
 * - GET /healthz: the process is up and its event loop answers (liveness).
 * - GET /readyz: every readiness check passes (Redis reachable, ...); otherwise 503 with the
 *   error body of spec 2.3, naming the failed checks but never their error text (a Redis
 *   error can carry its URL, password included). A hanging check counts as failed after
 *   `checkTimeoutMs`, so a load balancer's probe never hangs with it.
 * - GET /metrics: the Prometheus text of the bot's registry. Not for everyone by default (S14):
 *   behind a bearer token when one is given; else open only when `metricsPublic` says so; else
 *   answered only to a caller on this machine (a loopback peer that forwards for nobody, so a
 *   reverse proxy on the same host does not make the whole internet local).
 */
import { PlatformError } from '../errors/platformError.js';
import { header } from '../httpServer/errorResponse.js';
import { sendJson, type JsonServer } from '../httpServer/jsonServer.js';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { HubbotMetrics } from './metrics.js';

export type ReadinessCheck = (() => Promise<void>) | { name: string; check: () => Promise<void> };

/** The part of a logger these routes use (pino's Logger fits). */
export interface OperationsLogger {
  warn(obj: object, msg?: string): void;
}

export interface OperationsRoutesOptions {
  /** Run by /readyz; each must resolve for the bot to be ready. */
  checks?: ReadinessCheck[];
  /** Time limit of each check, ms; default 2000. */
  checkTimeoutMs?: number;
  /** Served on /metrics when given. */
  metrics?: HubbotMetrics;
  /** When set, /metrics answers only `Authorization: Bearer <metricsToken>` (401 otherwise, S8). */
  metricsToken?: string;
  /** Without a token, /metrics answers anyone only when this is true (METRICS_PUBLIC); else only loopback callers (403, S14). */
  metricsPublic?: boolean;
  paths?: { health?: string; ready?: string; metrics?: string };
  logger?: OperationsLogger;
}

/** A readiness check that pings Redis (a node-redis client; a closed client fails it). */
export function redisReadinessCheck(client: { ping(): Promise<unknown> }, name = 'redis'): ReadinessCheck {
  return { name, check: async () => void (await client.ping()) };
}

function withTimeout(run: () => Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    Promise.resolve()
      .then(run)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

export function registerOperationsRoutes(app: JsonServer, opts: OperationsRoutesOptions = {}): void {
  const checks = (opts.checks ?? []).map((c, i) => (typeof c === 'function' ? { name: c.name || `check${i + 1}`, check: c } : c));
  const timeoutMs = opts.checkTimeoutMs ?? 2000;

  app.route('get', opts.paths?.health ?? '/healthz', ({ res }) => sendJson(res, 200, { status: 'ok' }));

  app.route('get', opts.paths?.ready ?? '/readyz', async ({ req, res }) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check, timeoutMs);
          return { name, ok: true };
        } catch (err) {
          opts.logger?.warn({ check: name, err }, 'readiness check failed');
          return { name, ok: false };
        }
      }),
    );
    const failed = results.filter((r) => !r.ok).map((r) => r.name);
    if (failed.length > 0) {
      throw PlatformError.of(
        '503-100',
        { reason: `readiness checks failed: ${failed.join(', ')}` },
        { acceptLanguage: header(req, 'accept-language'), details: failed.map((name) => ({ key: name, value: 'failed' })) },
      );
    }
    sendJson(res, 200, { status: 'ready', checks: results.map((r) => ({ name: r.name, status: 'ok' })) });
  });

  const metrics = opts.metrics;
  if (metrics) {
    const token = opts.metricsToken;
    app.route('get', opts.paths?.metrics ?? '/metrics', async ({ req, res }) => {
      if (token !== undefined && !bearerMatches(header(req, 'authorization'), token)) throw PlatformError.of('401-104', {}, { acceptLanguage: header(req, 'accept-language') });
      if (token === undefined && opts.metricsPublic !== true && !isLocalCaller(req)) {
        throw PlatformError.of('403-198', { reason: 'metrics are served to this machine only; set METRICS_TOKEN, METRICS_PORT or METRICS_PUBLIC=true' }, { acceptLanguage: header(req, 'accept-language') });
      }
      const text = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
  }
}

/** A caller on this machine, speaking for itself: a loopback TCP peer with no forwarding header. */
function isLocalCaller(req: IncomingMessage): boolean {
  const peer = req.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return loopback && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined && req.headers['x-real-ip'] === undefined;
}

/** `Bearer <expected>`, compared in constant time (the length is not secret). */
function bearerMatches(authorization: string | undefined, expected: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return false;
  const [a, b] = [Buffer.from(m[1]), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
