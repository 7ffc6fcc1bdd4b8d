/**
 * The ports a bot server listens on (S10 of docs/platform-contract.md). Everything is served on
 * BOT_PORT unless told otherwise: WEBHOOK_PORT gives the knowledge webhook a listener of its own,
 * OPERATIONS_PORT the health and readiness routes (and /metrics, unless METRICS_PORT keeps it on
 * loopback). Each listener has its own connection limit and slow-client deadlines, so a flood of
 * one (the webhook is open to the event manager's network, the health routes to the load
 * balancer's) never takes the places the hub's callbacks need on BOT_PORT.
 */
import type { Config } from '../config/config.js';
import { createJsonServer, type JsonServer } from '../httpServer/jsonServer.js';
import type { OnConnectionRefused } from '../httpServer/slowClientLimits.js';

/** The servers routes are mounted on (the same one when no separate port is set), and their opening and closing. */
export interface ServerListeners {
  main: JsonServer;
  webhook: JsonServer;
  operations: JsonServer;
  /** /metrics on 127.0.0.1:METRICS_PORT, when set. */
  metrics?: JsonServer;
  listen(): Promise<{ url: string; webhookUrl?: string; operationsUrl?: string; metricsUrl?: string }>;
  close(): Promise<void>;
}

export function createServerListeners(cfg: Config, onConnectionRefused: OnConnectionRefused, served: boolean): ServerListeners {
  const make = (name: string) =>
    createJsonServer({
      name,
      bodyLimitBytes: cfg.BODY_LIMIT_BYTES,
      slowClients: {
        headersTimeoutMs: cfg.HTTP_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: cfg.HTTP_REQUEST_TIMEOUT_MS,
        // The hub's callback is authenticated from its headers; every other route's caller is
        // not while its body comes, so it gets the tight deadline.
        requestTimeoutMsFor: (path) => (path === cfg.BOT_CALLBACK_PATH ? undefined : Math.min(cfg.HTTP_UNAUTHENTICATED_BODY_TIMEOUT_MS, cfg.HTTP_REQUEST_TIMEOUT_MS)),
        maxConnections: cfg.HTTP_MAX_CONNECTIONS,
        keepAliveTimeoutMs: cfg.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        maxRequestsPerSocket: cfg.HTTP_MAX_REQUESTS_PER_SOCKET,
      },
      onConnectionRefused,
    });
  const main = make('hubbot');
  const webhook = served && cfg.WEBHOOK_PORT !== undefined ? make('hubbot-webhook') : undefined;
  const operations = served && cfg.OPERATIONS_PORT !== undefined ? make('hubbot-operations') : undefined;
  const metrics = cfg.METRICS_PORT !== undefined ? createJsonServer({ name: 'hubbot-metrics' }) : undefined;
  const extra = [webhook, operations, metrics].filter((s): s is JsonServer => s !== undefined);
  return {
    main,
    webhook: webhook ?? main,
    operations: operations ?? main,
    metrics,
    listen: async () => ({
      url: await main.listen(cfg.BOT_PORT, cfg.BOT_HOST),
      webhookUrl: webhook ? await webhook.listen(cfg.WEBHOOK_PORT, cfg.BOT_HOST) : undefined,
      operationsUrl: operations ? await operations.listen(cfg.OPERATIONS_PORT, cfg.BOT_HOST) : undefined,
      metricsUrl: metrics ? await metrics.listen(cfg.METRICS_PORT, '127.0.0.1') : undefined,
    }),
    close: async () => {
      await Promise.all([main, ...extra].map((s) => s.close()));
    },
  };
}
