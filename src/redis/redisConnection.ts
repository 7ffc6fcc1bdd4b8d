/**
 * The one way the project opens a node-redis connection (rate buckets, storage, dedupe,
 * inbox/outbox all share it). It connects before returning, so a wrong REDIS_URL fails at
 * start-up rather than at the first call, and it always has an 'error' listener: node-redis
 * emits 'error' on every lost connection while it reconnects, and an EventEmitter without a
 * listener would crash the process on the first network blip.
 */
import { createClient } from 'redis';

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
}

/**
 * Opens a node-redis connection and waits until it is connected, so a wrong URL fails at start-up.
 * It always has an error listener: a lost connection is logged and retried, never a crash.
 *
 * @param opts - the URL (default `redis://127.0.0.1:6379`), a logger and a client name
 * @returns the connected client; close it with `closeRedisConnection`
 */
export async function createRedisConnection(opts: RedisConnectionOptions = {}): Promise<RedisConnection> {
  const client = createClient({ url: opts.url ?? 'redis://127.0.0.1:6379', name: opts.clientName });
  client.on('error', (err: Error) => {
    // The URL may carry a password: log only the error's own text, never the options.
    opts.logger?.warn({ err: { name: err.name, message: err.message } }, 'redis connection error');
  });
  await client.connect();
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
