/**
 * The webhook's options from the configuration (src/config/config.ts), for the bot's server:
 * path, body limit, the optional guard (WEBHOOK_SHARED_SECRET in WEBHOOK_SECRET_HEADER,
 * WEBHOOK_IP_ALLOWLIST), and the Redis store and fan-out when a connection is given (REDIS_URL
 * set). The caller owns the connections: a second one, in subscriber mode, for the fan-out.
 */
import type { Config } from '../config/config.js';
import type { HubbotMetrics } from '../server/metrics.js';
import { RedisEventFanOut, type RedisSubscriber } from './redisEventFanOut.js';
import { RedisEventStore, type RedisEventClient } from './redisEventStore.js';
import type { WebhookOptions } from './registerWebhook.js';
import type { WebhookLogger } from './webhookLogger.js';

export interface WebhookDeps {
  /** A connected client (createRedisConnection) when REDIS_URL is set. */
  redis?: RedisEventClient & { publish(channel: string, message: string): Promise<unknown> };
  /** A second connection for the fan-out's subscription; without it there is no fan-out. */
  subscriber?: RedisSubscriber;
  metrics?: HubbotMetrics;
  logger?: WebhookLogger;
}

export function webhookOptionsFromConfig(cfg: Config, deps: WebhookDeps = {}): WebhookOptions {
  const tenant = cfg.PLATFORM_TENANT;
  return {
    path: cfg.BOT_WEBHOOK_PATH,
    bodyLimitBytes: cfg.BODY_LIMIT_BYTES,
    auth: { sharedSecret: cfg.WEBHOOK_SHARED_SECRET, secretHeader: cfg.WEBHOOK_SECRET_HEADER, ipAllowlist: cfg.WEBHOOK_IP_ALLOWLIST },
    store: deps.redis ? new RedisEventStore({ client: deps.redis, tenant }) : undefined,
    fanOut: deps.redis && deps.subscriber ? new RedisEventFanOut({ publisher: deps.redis, subscriber: deps.subscriber, tenant, logger: deps.logger }) : undefined,
    metrics: deps.metrics,
    logger: deps.logger,
  };
}
