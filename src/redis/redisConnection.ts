/**
 * The one way the project opens a node-redis connection (rate buckets, storage, dedupe,
 * inbox/outbox all share it). It connects before returning, so a wrong REDIS_URL fails at
 * start-up rather than at the first call, and it always has an 'error' listener: node-redis
 * emits 'error' on every lost connection while it reconnects, and an EventEmitter without a
 * listener would crash the process on the first network blip.
 */
import { createClient } from 'redis';
import { answerWithin } from './answerWithin.js';

/**
 * A node-redis client, as `createRedisConnection` opens it: what RedisStorage, RedisInbox and the
 * other Redis stores take.
 */
export type RedisConnection = ReturnType<typeof createClient>;

/** The part of a logger this helper uses (pino's Logger fits). */
export interface RedisLogger {
  warn(obj: object, msg?: string): void;
}

/** Where and how `createRedisConnection` connects. */
export interface RedisConnectionOptions {
  /** redis:// or rediss:// URL; default redis://127.0.0.1:6379. */
  url?: string;
  /** Where lost-connection warnings go while node-redis reconnects; default none. */
  logger?: RedisLogger;
  /** Shown in CLIENT LIST, to tell the replicas' connections apart. */
  clientName?: string;
  /**
   * How long the first connection may take (default 10 s). node-redis retries an unreachable
   * server for ever, so without a bound a command or a start-up would hang silently (O1);
   * once connected, a lost connection is retried as before.
   */
  connectTimeoutMs?: number;
}

export const DEFAULT_REDIS_CONNECT_TIMEOUT_MS = 10_000;

/** Redis did not accept a first connection in time; the message names the server, never its password. */
export class RedisUnreachableError extends Error {
  constructor(
    readonly where: string,
    readonly timeoutMs: number,
    readonly lastError?: string,
  ) {
    super(`Redis at ${where} did not accept a connection within ${timeoutMs / 1000} s${lastError ? ` (${lastError})` : ''}`);
    this.name = 'RedisUnreachableError';
  }
}

/** A URL as it may be shown: without user name and password. */
export function redisUrlForDisplay(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return 'the configured URL';
  }
}

/**
 * Opens a node-redis connection and waits until it is connected, so a wrong URL fails at start-up.
 * It always has an error listener: a lost connection is logged and retried, never a crash.
 *
 * @param opts - the URL (default `redis://127.0.0.1:6379`), a logger and a client name
 * @returns the connected client; close it with `closeRedisConnection`
 */
export async function createRedisConnection(opts: RedisConnectionOptions = {}): Promise<RedisConnection> {
  const url = opts.url ?? 'redis://127.0.0.1:6379';
  const client = createClient({ url, name: opts.clientName });
  let lastError: string | undefined;
  client.on('error', (err: Error & { code?: string }) => {
    lastError = err.code ?? err.name;
    // The URL may carry a password: log only the error's own text, never the options.
    opts.logger?.warn({ err: { name: err.name, message: err.message } }, 'redis connection error');
  });
  const timeoutMs = opts.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS;
  // The late outcome of a connection given up is ignored (answerWithin).
  await answerWithin(client.connect(), timeoutMs, () => {
    client.destroy();
    return new RedisUnreachableError(redisUrlForDisplay(url), timeoutMs, lastError);
  });
  return client;
}

/**
 * Closes a connection, after the replies already asked for arrive; a closed one is left as it is.
 *
 * @param client - a connection from `createRedisConnection`
 */
export async function closeRedisConnection(client: RedisConnection): Promise<void> {
  if (client.isOpen) await client.close();
}
