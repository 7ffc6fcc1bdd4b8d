// The shared Redis connection of the bot server (documented on the class).
import { createCluster, type RedisClusterType } from 'redis';
import { hashSlot } from './hashSlot.js';
import { answerWithin } from './answerWithin.js';
import {
  closeRedisConnection,
  createRedisConnection,
  DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
  RedisUnreachableError,
  type RedisConnection,
  type RedisLogger,
} from './redisConnection.js';
import type { RedisSettings } from './redisSettings.js';
import { tenantKey } from './tenantKey.js';
import { clusterNodeOptions, ClusterTopologyWatch } from './clusterTopologyWatch.js';
import { SharedRedisCommands, type SharedRedisCommandClient } from './sharedRedisCommands.js';
import { SharedRedisPubSub, type PubSubListener } from './sharedRedisPubSub.js';

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
export class SharedRedis extends SharedRedisCommands {
  private readonly pubSub: SharedRedisPubSub;

  /** Whether the settings named one node or a Redis Cluster. */
  readonly mode: 'single' | 'cluster';

  private constructor(
    mode: 'single' | 'cluster',
    commands: SharedRedisCommandClient,
    private readonly node?: RedisConnection,
    private readonly cluster?: RedisClusterType,
    private readonly watch?: ClusterTopologyWatch,
  ) {
    super(commands);
    this.mode = mode;
    this.pubSub = new SharedRedisPubSub(node, cluster, watch);
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
      return new SharedRedis('single', node as unknown as SharedRedisCommandClient, node);
    }
    const cluster = createCluster({
      rootNodes: settings.nodes.map((n) => ({ socket: { host: n.host, port: n.port } })),
      defaults: clusterNodeOptions(settings, opts.clientName),
      // Nodes that announce addresses the bot cannot reach (REDIS_CLUSTER_ADDRESS_MAP).
      ...(settings.addressMap ? { nodeAddressMap: settings.addressMap } : {}),
    }) as unknown as RedisClusterType;
    const watch = new ClusterTopologyWatch(cluster, settings.nodes, opts.logger);
    const timeoutMs = opts.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS;
    // The seeds' own errors (a refused connection, an untrusted certificate): node-redis ends a
    // failed start with "All the root nodes are unavailable", which does not say why.
    let lastError: string | undefined;
    const noteError = (e: Error & { code?: string }) => (lastError = e.code ? `${e.code}: ${e.message}` : e.message);
    cluster.on('error', noteError);
    const seeds = settings.nodes.map((n) => `${n.host}:${n.port}`).join(',');
    try {
      await answerWithin(cluster.connect(), timeoutMs, () => new RedisUnreachableError(`the cluster seeds ${seeds}`, timeoutMs, lastError));
    } catch (err) {
      watch.stop();
      cluster.destroy();
      if (err instanceof RedisUnreachableError) throw err;
      throw new RedisUnreachableError(`the cluster seeds ${seeds}`, timeoutMs, lastError ?? (err as Error).message);
    } finally {
      cluster.off('error', noteError);
    }
    return new SharedRedis('cluster', cluster as unknown as SharedRedisCommandClient, undefined, cluster, watch);
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
   * Publishes on a channel (sharded on a cluster: `SPUBLISH`).
   *
   * @param channel - the channel
   * @param message - the message
   */
  publish(channel: string, message: string): Promise<unknown> {
    return this.pubSub.publish(channel, message);
  }

  /**
   * Subscribes to a channel, on a connection of its own (sharded on a cluster, made again after a
   * failover).
   *
   * @param channel - the channel
   * @param listener - called with each message
   */
  subscribe(channel: string, listener: PubSubListener): Promise<void> {
    return this.pubSub.subscribe(channel, listener);
  }

  /**
   * Unsubscribes from a channel.
   *
   * @param channel - the channel
   * @param listener - the listener to remove; all when omitted
   */
  unsubscribe(channel: string, listener?: PubSubListener): Promise<void> {
    return this.pubSub.unsubscribe(channel, listener);
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
    await this.pubSub.close();
    if (this.node) await closeRedisConnection(this.node);
    if (this.cluster?.isOpen) await this.cluster.close().catch(() => this.cluster!.destroy());
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
