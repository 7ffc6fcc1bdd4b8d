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
 * - GET /figures?since=24h&until=...: the contact-center figures page (O5), behind the same token.
 */
import { PlatformError } from '../errors/platformError.js';
import { answerWithin } from '../redis/answerWithin.js';
import { header } from '../httpServer/errorResponse.js';
import { sendJson, type JsonServer } from '../httpServer/jsonServer.js';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { HubbotMetrics } from './metrics.js';
import { parseFiguresTime, type ContactCenterFigures } from './contactCenterFigures.js';
import { FIGURES_PAGE_CSP, renderFiguresPage } from './figuresPage.js';

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
  /** When set, /metrics and /figures answer only `Authorization: Bearer <metricsToken>` (401 otherwise, S8). */
  metricsToken?: string;
  /** Served as a page on /figures when given (O5). */
  figures?: ContactCenterFigures;
  /** Without a token, /metrics answers anyone only when this is true (METRICS_PUBLIC); else only loopback callers (403, S14). */
  metricsPublic?: boolean;
  paths?: { health?: string; ready?: string; metrics?: string; figures?: string };
  logger?: OperationsLogger;
}

/**
 * A readiness check that pings Redis (a node-redis client; a closed client fails it).
 *
 * @param client - the Redis client to ping
 * @param name - the check's name in the readiness answer; default `redis`
 */
export function redisReadinessCheck(client: { ping(): Promise<unknown> }, name = 'redis'): ReadinessCheck {
  return { name, check: async () => void (await client.ping()) };
}

/**
 * Mounts the operations routes: `/healthz` (the process answers), `/readyz` (every readiness check
 * passes within its time limit; 503 otherwise) and `/metrics` (Prometheus, behind a bearer token
 * when one is set).
 *
 * @param app - the server to mount them on
 * @param opts - readiness checks, metrics, the metrics token, paths and logger
 */
export function registerOperationsRoutes(app: JsonServer, opts: OperationsRoutesOptions = {}): void {
  const checks = (opts.checks ?? []).map((c, i) => (typeof c === 'function' ? { name: c.name || `check${i + 1}`, check: c } : c));
  const timeoutMs = opts.checkTimeoutMs ?? 2000;

  app.route('get', opts.paths?.health ?? '/healthz', ({ res }) => sendJson(res, 200, { status: 'ok' }));

  app.route('get', opts.paths?.ready ?? '/readyz', async ({ req, res }) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await answerWithin(Promise.resolve().then(check), timeoutMs, () => new Error(`timed out after ${timeoutMs} ms`));
          return { name, ok: true, reason: undefined as string | undefined };
        } catch (err) {
          opts.logger?.warn({ check: name, err }, 'readiness check failed');
          // A check may say why in words meant for the caller (the clock's skew, S20); others only fail.
          const reason = (err as { readinessReason?: unknown })?.readinessReason;
          return { name, ok: false, reason: typeof reason === 'string' ? reason : undefined };
        }
      }),
    );
    const failed = results.filter((r) => !r.ok);
    if (failed.length > 0) {
      throw PlatformError.of(
        '503-100',
        { reason: `readiness checks failed: ${failed.map((r) => r.reason ?? r.name).join('; ')}` },
        { acceptLanguage: header(req, 'accept-language'), details: failed.map((r) => ({ key: r.name, value: r.reason ?? 'failed' })) },
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
  if (opts.figures) registerFiguresRoute(app, opts.figures, opts.metricsToken, opts.paths?.figures ?? '/figures');
}

/** GET /figures: the page of the last 24 h, or of ?since= and ?until= (ISO times or 30m, 24h, 7d back). */
function registerFiguresRoute(app: JsonServer, figures: ContactCenterFigures, token: string | undefined, path: string): void {
  app.route('get', path, async ({ req, res }) => {
    const acceptLanguage = header(req, 'accept-language');
    if (token !== undefined && !bearerMatches(header(req, 'authorization'), token)) throw PlatformError.of('401-104', {}, { acceptLanguage });
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const now = Date.now();
    const since = parseFiguresTime(query.get('since') ?? '24h', now);
    const until = query.has('until') ? parseFiguresTime(query.get('until')!, now) : now;
    if (since === undefined || until === undefined || since >= until || until - since > 400 * 86_400_000) {
      throw PlatformError.of('400-101', { reason: 'since and until: ISO times or durations back from now (24h, 7d), since first, at most 400 days apart' }, { acceptLanguage });
    }
    const html = renderFiguresPage({ report: await figures.report(since, until), since, until, windowMs: figures.windowMs });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'content-security-policy': FIGURES_PAGE_CSP, 'cache-control': 'no-store' });
    res.end(html);
  });
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
