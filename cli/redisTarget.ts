/**
 * The Redis and tenant a maintenance command (transcript, dead-letters, tokens) works on:
 * --redis-url and --tenant, else the bot server's own configuration, so the command reads the
 * keys the server wrote. Each command decides for itself whether an unreadable configuration
 * is an error (it is not when the flags already say everything it needs).
 */
import { ConfigError, loadConfig, type Config } from '../src/config/config.js';
import { redisSettingsFrom, type RedisEnv, type RedisSettings } from '../src/redis/redisSettings.js';

/**
 * How long a command waits for a first connection to an unreachable Redis before it gives up
 * with one line (O1): REDIS_CONNECT_TIMEOUT_MS when set, else 5 s (a person is waiting).
 */
export function commandRedisConnectTimeoutMs(env: Record<string, string | undefined>): number {
  const ms = Number(env.REDIS_CONNECT_TIMEOUT_MS);
  return Number.isInteger(ms) && ms >= 100 ? ms : 5_000;
}

export interface RedisTarget {
  /** --redis-url, else the configuration's REDIS_URL. */
  redisUrl?: string;
  /** --tenant, else the configuration's PLATFORM_TENANT. */
  tenant?: string;
  /** The server's configuration, when it could be read. */
  config?: Config;
  /** Why it could not (any other error is thrown). */
  configError?: ConfigError;
}

export function redisTarget(values: { 'redis-url'?: string; tenant?: string }, env: Record<string, string | undefined>): RedisTarget {
  const target: RedisTarget = { redisUrl: values['redis-url'], tenant: values.tenant };
  try {
    const cfg = loadConfig(env);
    target.redisUrl ??= cfg.REDIS_URL;
    target.tenant ??= cfg.PLATFORM_TENANT;
    target.config = cfg;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    target.configError = err;
  }
  return target;
}

/** Settings for openSharedRedis: --redis-url, else the server's own REDIS_URL or REDIS_CLUSTER_NODES (D1). */
export function sharedRedisSettings(target: RedisTarget): RedisSettings | undefined {
  const redisEnv: RedisEnv = target.config ?? {};
  // --redis-url names one node: the configuration's cluster (seeds and address map) gives way.
  return redisSettingsFrom(target.redisUrl ? { ...redisEnv, REDIS_URL: target.redisUrl, REDIS_CLUSTER_NODES: undefined, REDIS_CLUSTER_ADDRESS_MAP: undefined } : redisEnv);
}
