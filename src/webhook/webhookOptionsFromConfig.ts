/**
 * The webhook's options from the configuration (src/config/config.ts), for the bot's server:
 * path, body limit, the guard (WEBHOOK_HMAC_SECRET, WEBHOOK_SHARED_SECRET in
 * WEBHOOK_SECRET_HEADER, WEBHOOK_IP_ALLOWLIST), and the Redis store and fan-out when a
 * connection is given (REDIS_URL set). The caller owns the connections: a second one, in
 * subscriber mode, for the fan-out.
 *
 * A served webhook with none of the three checks is a configuration error unless WEBHOOK_AUTH=none
 * says so (S4): anyone could otherwise forge events.
 */
import { randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../config/config.js';
import type { HubbotMetrics } from '../observability/metrics.js';
import type { RefusalLog } from '../observability/refusalLog.js';
import { RedisEventFanOut, type RedisSubscriber } from './redisEventFanOut.js';
import { RedisEventStore, type RedisEventClient } from './redisEventStore.js';
import type { WebhookOptions } from './registerWebhook.js';
import { hasWebhookAuth, type WebhookAuth, type WebhookAuthOptions } from './webhookGuard.js';
import type { WebhookLogger } from './webhookLogger.js';

export interface WebhookDeps {
  /** A connected client (createRedisConnection) when REDIS_URL is set. */
  redis?: RedisEventClient & { publish(channel: string, message: string): Promise<unknown> };
  /** A second connection for the fan-out's subscription; without it there is no fan-out. */
  subscriber?: RedisSubscriber;
  metrics?: HubbotMetrics;
  logger?: WebhookLogger;
  refusalLog?: RefusalLog;
  /**
   * False when no port serves the route (createHubBot): no authentication is then required, and
   * without one the route refuses every delivery, should it ever be served.
   */
  served?: boolean;
}

export const WEBHOOK_AUTH_PROBLEM =
  'WEBHOOK_HMAC_SECRET, WEBHOOK_SHARED_SECRET or WEBHOOK_IP_ALLOWLIST: the knowledge webhook must be authenticated; set at least one, or WEBHOOK_AUTH=none to accept deliveries from anyone';

/** The guard's options from the configuration; undefined when none of the checks is set. */
function authFromConfig(cfg: Config): WebhookAuthOptions | undefined {
  const auth: WebhookAuthOptions = {
    hmacSecret: cfg.WEBHOOK_HMAC_SECRET,
    previousHmacSecrets: cfg.WEBHOOK_HMAC_PREVIOUS_SECRETS,
    signatureToleranceSeconds: cfg.WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
    sharedSecret: cfg.WEBHOOK_SHARED_SECRET,
    secretHeader: cfg.WEBHOOK_SECRET_HEADER,
    ipAllowlist: cfg.WEBHOOK_IP_ALLOWLIST,
  };
  return hasWebhookAuth(auth) ? auth : undefined;
}

/** True when a served webhook would be open without WEBHOOK_AUTH=none saying so. */
export function webhookAuthMissing(cfg: Config): boolean {
  return cfg.WEBHOOK_AUTH !== 'none' && !authFromConfig(cfg);
}

/** Throws the ConfigError that stops the server when the webhook would be open without WEBHOOK_AUTH=none. */
export function requireWebhookAuth(cfg: Config): void {
  if (webhookAuthMissing(cfg)) throw new ConfigError([WEBHOOK_AUTH_PROBLEM]);
}

/**
 * The webhook's options from the configuration (`WEBHOOK_*` variables: path, authentication,
 * limits), with the stores and streams given.
 *
 * @param cfg - the configuration
 * @param deps - the event store, streams, fan-out, metrics and logger to use
 * @throws ConfigError when no authentication is configured and `WEBHOOK_AUTH` is not `none`
 */
export function webhookOptionsFromConfig(cfg: Config, deps: WebhookDeps = {}): WebhookOptions {
  const served = deps.served ?? true;
  if (served) requireWebhookAuth(cfg);
  const configured = authFromConfig(cfg);
  // Without Redis the handled event ids die with the process: a signed delivery from before this
  // start is refused, so a replay within the signature window after a restart is not handled again (S14).
  if (configured && !deps.redis) configured.signedNotBeforeMs = Date.now();
  // Unserved and unconfigured: an HMAC key nobody holds, so the route fails closed.
  const auth: WebhookAuth = configured ?? (cfg.WEBHOOK_AUTH === 'none' ? 'none' : { hmacSecret: randomKey() });
  const tenant = cfg.PLATFORM_TENANT;
  return {
    path: cfg.BOT_WEBHOOK_PATH,
    // Events are small notifications: their own limit, never above the server's.
    bodyLimitBytes: Math.min(cfg.WEBHOOK_BODY_LIMIT_BYTES, cfg.BODY_LIMIT_BYTES),
    auth,
    store: deps.redis ? new RedisEventStore({ client: deps.redis, tenant }) : undefined,
    fanOut: deps.redis && deps.subscriber ? new RedisEventFanOut({ publisher: deps.redis, subscriber: deps.subscriber, tenant, logger: deps.logger }) : undefined,
    metrics: deps.metrics,
    logger: deps.logger,
    refusalLog: deps.refusalLog,
  };
}

function randomKey(): string {
  return randomBytes(32).toString('base64url');
}
