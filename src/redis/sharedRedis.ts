// The shared Redis connection of the bot server (documented on the class).
import { createCluster, type RedisClusterType } from 'redis';
import { hashSlot } from './hashSlot.js';
import {
  closeRedisConnection,
  connectWithin,
  createRedisConnection,
  DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
  RedisUnreachableError,
  type RedisConnection,
  type RedisLogger,
} from './redisConnection.js';
import type { RedisSettings } from './redisSettings.js';
import { tenantKey } from './tenantKey.js';
import { clusterNodeOptions, ClusterTopologyWatch } from './clusterTopologyWatch.js';

type Listener = (message: string, channel: string) => unknown;
type ScriptOptions = { keys: string[]; arguments: string[] };
type SetOptions = Parameters<RedisConnection['set']>[2];

/** The commands used by the project, which a node-redis client and a cluster client both have. */
interface Commands {
  evalSha(sha1: string, options: ScriptOptions): Promise<unknown>;
  eval(script: string, options: ScriptOptions): Promise<unknown>;
  set(key: string, value: string, options?: SetOptions): Promise<unknown>;
  get(key: string): Promise<string | null>;
  exists(key: string): Promise<number>;
  del(keys: string[]): Promise<number>;
  pTTL(key: string): Promise<number>;
  xLen(key: string): Promise<number>;
  hLen(key: string): Promise<number>;
  hGetAll(key: string): Promise<Record<string, string>>;
  hmGet(key: string, fields: string[]): Promise<(string | null)[]>;
  hIncrBy(key: string, field: string, increment: number): Promise<number>;
  hSet(key: string, field: string, value: string): Promise<number>;
  expire(key: string, seconds: number): Promise<number>;
}

/** How `openSharedRedis` connects: a logger for lost connections and a client name. */
export interface SharedRedisOptions {
  /** Where lost-connection warnings go while the client reconnects. */
  logger?: RedisLogger;
  /** Shown in CLIENT LIST, to tell the replicas' connections apart. */
  clientName?: string;
  /** How long the first connection may take (default 10 s), see createRedisConnection. */
  connectTimeoutMs?: number;
}

/**
 * The one connection factory of the bot server (D1): `openSharedRedis(settings)` returns a
 * SharedRedis whether the settings name one node or a Redis Cluster, and every Redis user
 * (inbox, Storage, rate buckets, webhook store and fan-out, revocations, article state, failure
 * limiter) takes that one object through its own narrow interface, without knowing which kind
 * it has.
 *
 * - One node: a node-redis client (createRedisConnection), plus a second connection opened at
 *   the first `subscribe` (a subscribed connection can run nothing else).
 * - Cluster: node-redis `createCluster`; a command goes to the master of its first key, a Lua
 *   script to the master of its first key (luaScript.ts checks they share one slot, D2), and
 *   pub/sub is sharded (SPUBLISH/SSUBSCRIBE on the channel's own master): the project's channels
 *   carry the tenant's hash tag, so a message crosses one shard instead of every node.
 *
 * Failover (D3). node-redis learns a new topology only from a MOVED reply, and a dead master
 * sends none: its commands would wait forever for a node that is gone. So the nodes' clients
 * run without an offline queue (a command to a node that is down fails at once: the callback
 * gets 503 and the hub sends it again, never an ack), and each reconnection attempt to a node
 * asks the cluster for its topology again, so the promoted replica is used as soon as the
 * cluster names it; the sharded subscriptions of that shard are then made again on it.
 */
export class SharedRedis implements Commands {
  private subscriber?: Promise<RedisConnection>;

  /** Whether the settings named one node or a Redis Cluster. */
  readonly mode: 'single' | 'cluster';

  private constructor(
    mode: 'single' | 'cluster',
    private readonly commands: Commands,
    private readonly node?: RedisConnection,
    private readonly cluster?: RedisClusterType,
    private readonly watch?: ClusterTopologyWatch,
  ) {
    this.mode = mode;
  }

  /**
   * Opens the Redis the settings name, connected (the same as `openSharedRedis`).
   *
   * @param settings - one node or a cluster
   * @param opts - logger and client name
   */
  static async open(settings: RedisSettings, opts: SharedRedisOptions = {}): Promise<SharedRedis> {
    if (settings.mode === 'single') {
      const node = await createRedisConnection({ url: settings.url, logger: opts.logger, clientName: opts.clientName, connectTimeoutMs: opts.connectTimeoutMs });
      return new SharedRedis('single', node as unknown as Commands, node);
    }
    const cluster = createCluster({
      rootNodes: settings.nodes.map((n) => ({ socket: { host: n.host, port: n.port } })),
      defaults: clusterNodeOptions(settings, opts.clientName),
    }) as unknown as RedisClusterType;
    const watch = new ClusterTopologyWatch(cluster, settings.nodes, opts.logger);
    const timeoutMs = opts.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS;
    try {
      const seeds = settings.nodes.map((n) => `${n.host}:${n.port}`).join(',');
      await connectWithin(cluster.connect(), timeoutMs, () => new RedisUnreachableError(`the cluster seeds ${seeds}`, timeoutMs));
    } catch (err) {
      watch.stop();
      cluster.destroy();
      throw err;
    }
    return new SharedRedis('cluster', cluster as unknown as Commands, undefined, cluster, watch);
  }

  /** False while the connection (one node) is down; a cluster answers per node instead. */
  get isReady(): boolean {
    return this.node ? this.node.isReady : (this.cluster?.isOpen ?? false);
  }

  /** One node answers, or every master of the cluster does (a shard down is a part of the tenants down). */
  async ping(): Promise<string> {
    if (this.node) return this.node.ping();
    const cluster = this.cluster!;
    await Promise.all(cluster.masters.map(async (m) => (await cluster.nodeClient(m)).ping()));
    return 'PONG';
  }

  /**
   * Runs a loaded Lua script by its SHA1 (`EVALSHA`).
   *
   * @param sha1 - the script's SHA1
   * @param options - its keys and arguments
   */
  evalSha(sha1: string, options: ScriptOptions): Promise<unknown> {
    return this.commands.evalSha(sha1, options);
  }
  /**
   * Runs a Lua script (`EVAL`).
   *
   * @param script - the script
   * @param options - its keys and arguments
   */
  eval(script: string, options: ScriptOptions): Promise<unknown> {
    return this.commands.eval(script, options);
  }
  /**
   * Redis `SET`.
   *
   * @param key - the key
   * @param value - the value
   * @param options - expiry and conditions
   */
  set(key: string, value: string, options?: SetOptions): Promise<unknown> {
    return this.commands.set(key, value, options);
  }
  /**
   * Redis `GET`.
   *
   * @param key - the key
   */
  get(key: string): Promise<string | null> {
    return this.commands.get(key);
  }
  /**
   * Redis `EXISTS`.
   *
   * @param key - the key
   */
  exists(key: string): Promise<number> {
    return this.commands.exists(key);
  }
  /**
   * Keys of one slot only on a cluster (one tenant's keys are).
   *
   * @param keys - the keys to delete
   */
  del(keys: string[]): Promise<number> {
    return this.commands.del(keys);
  }
  /**
   * Redis `PTTL`: the key's time to live in ms.
   *
   * @param key - the key
   */
  pTTL(key: string): Promise<number> {
    return this.commands.pTTL(key);
  }
  /**
   * Redis `XLEN`: a stream's length.
   *
   * @param key - the stream's key
   */
  xLen(key: string): Promise<number> {
    return this.commands.xLen(key);
  }
  /**
   * Redis `HLEN`: a hash's field count.
   *
   * @param key - the hash's key
   */
  hLen(key: string): Promise<number> {
    return this.commands.hLen(key);
  }
  /**
   * Redis `HGETALL`.
   *
   * @param key - the hash's key
   */
  hGetAll(key: string): Promise<Record<string, string>> {
    return this.commands.hGetAll(key);
  }
  /**
   * Redis `HMGET`.
   *
   * @param key - the hash's key
   * @param fields - the fields to read
   */
  hmGet(key: string, fields: string[]): Promise<(string | null)[]> {
    return this.commands.hmGet(key, fields);
  }
  /**
   * HINCRBY: adds `increment` to a hash field (created at 0).
   *
   * @param key - the hash
   * @param field - the field
   * @param increment - what to add
   * @returns the field's new value
   */
  hIncrBy(key: string, field: string, increment: number): Promise<number> {
    return this.commands.hIncrBy(key, field, increment);
  }

  /**
   * HSET of one field.
   *
   * @param key - the hash
   * @param field - the field
   * @param value - its value
   * @returns 1 when the field is new, 0 when it was replaced
   */
  hSet(key: string, field: string, value: string): Promise<number> {
    return this.commands.hSet(key, field, value);
  }

  /**
   * EXPIRE: the key is deleted after `seconds`.
   *
   * @param key - the key
   * @param seconds - its time to live
   * @returns 1 when the time was set, 0 when the key does not exist
   */
  expire(key: string, seconds: number): Promise<number> {
    return this.commands.expire(key, seconds);
  }

  /**
   * Publishes on a channel (sharded on a cluster: `SPUBLISH`).
   *
   * @param channel - the channel
   * @param message - the message
   */
  async publish(channel: string, message: string): Promise<unknown> {
    return this.cluster ? this.cluster.sPublish(channel, message) : this.node!.publish(channel, message);
  }

  /**
   * Subscribes to a channel, on a connection of its own (sharded on a cluster, made again after a
   * failover).
   *
   * @param channel - the channel
   * @param listener - called with each message
   */
  async subscribe(channel: string, listener: Listener): Promise<void> {
    if (this.cluster) {
      await this.cluster.sSubscribe(channel, listener);
      this.watch!.subscribed(channel, listener);
      return;
    }
    await (await this.subscriberConnection()).subscribe(channel, listener);
  }

  /**
   * Unsubscribes from a channel.
   *
   * @param channel - the channel
   * @param listener - the listener to remove; all when omitted
   */
  async unsubscribe(channel: string, listener?: Listener): Promise<void> {
    if (this.cluster) {
      this.watch!.unsubscribed(channel, listener);
      await this.cluster.sUnsubscribe(channel, listener);
      return;
    }
    if (this.subscriber) await (await this.subscriber).unsubscribe(channel, listener);
  }

  /**
   * Classic pub/sub, for a channel that a Lua script publishes on with PUBLISH (the inbox's
   * notify channel): on a cluster such a message goes to every node, and this subscription
   * (on one node, moved by node-redis when that node leaves) hears it. On one node it is the
   * same connection as `subscribe`.
   */
  classicSubscriber(): { subscribe(channel: string, listener: Listener): Promise<void>; unsubscribe(channel: string, listener?: Listener): Promise<void> } {
    if (!this.cluster) return { subscribe: (c, l) => this.subscribe(c, l), unsubscribe: (c, l) => this.unsubscribe(c, l) };
    const cluster = this.cluster;
    return { subscribe: (c, l) => cluster.subscribe(c, l), unsubscribe: (c, l) => cluster.unsubscribe(c, l as Parameters<typeof cluster.unsubscribe>[1]) };
  }

  /** Every key of the tenant (`hubbot:{tenant}:*`), scanned on the one node that holds them. */
  async tenantKeys(tenant: string): Promise<string[]> {
    const prefix = tenantKey(tenant);
    const node = this.node ?? ((await this.cluster!.nodeClient(this.cluster!.getSlotMaster(hashSlot(prefix)))) as unknown as RedisConnection);
    const keys: string[] = [];
    for await (const batch of node.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) keys.push(...batch);
    return keys;
  }

  /** The slot of a key and the address of the master serving it now (one node: that node). */
  whereIs(key: string): { slot: number; master: string } {
    const slot = hashSlot(key);
    if (!this.cluster) return { slot, master: 'single' };
    const m = this.cluster.getSlotMaster(slot);
    return { slot, master: `${m.host}:${m.port}` };
  }

  /** Waits for replies already asked for, then closes every connection. */
  async close(): Promise<void> {
    this.watch?.stop();
    if (this.subscriber) await closeRedisConnection(await this.subscriber).catch(() => undefined);
    if (this.node) await closeRedisConnection(this.node);
    if (this.cluster?.isOpen) await this.cluster.close().catch(() => this.cluster!.destroy());
  }

  private subscriberConnection(): Promise<RedisConnection> {
    this.subscriber ??= (async () => {
      const sub = this.node!.duplicate();
      sub.on('error', () => undefined); // the main connection logs the same outage
      await sub.connect();
      return sub as RedisConnection;
    })();
    this.subscriber.catch(() => (this.subscriber = undefined)); // the next subscribe tries again
    return this.subscriber;
  }
}

/**
 * Opens the Redis the settings name (one node or a cluster), connected: the one connection every
 * Redis user of the bot server shares.
 *
 * @param settings - from `redisSettingsFrom` or `clusterSettings`
 * @param opts - logger and client name
 */
export function openSharedRedis(settings: RedisSettings, opts: SharedRedisOptions = {}): Promise<SharedRedis> {
  return SharedRedis.open(settings, opts);
}
