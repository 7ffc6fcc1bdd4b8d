/**
 * What keeps a node-redis cluster client working through a failover (D3); used by
 * sharedRedis.ts only.
 *
 * node-redis asks the cluster for its topology when a node answers MOVED. A master that is killed
 * answers nothing, so without help the client would keep its commands for that node and
 * reconnect to it forever, even after the cluster has promoted its replica. Here each reconnection
 * attempt to a node asks a live seed for the topology again (node-redis runs one such discovery at
 * a time); once the promoted replica is named, the dead node's client is dropped and its slots go
 * to the new master. The sharded subscriptions whose channel's master changed are then made
 * again: node-redis drops them with the dead node's connection.
 */
import type { RedisClusterType } from 'redis';
import { hashSlot } from './hashSlot.js';
import type { RedisLogger } from './redisConnection.js';
import type { RedisNodeAddress, RedisSettings } from './redisSettings.js';

type Listener = (message: string, channel: string) => unknown;

/** Options every node connection of the cluster gets (credentials, TLS, no offline queue). */
export function clusterNodeOptions(settings: Extract<RedisSettings, { mode: 'cluster' }>, clientName?: string) {
  return {
    username: settings.username,
    password: settings.password,
    name: clientName,
    // A command for a node that is down fails at once (the caller answers 503) instead of
    // waiting for a node that may never come back.
    disableOfflineQueue: true,
    socket: {
      tls: settings.tls as false,
      connectTimeout: 2000,
      // Quick retries: each one also looks for a new topology (see below).
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 500),
    },
  };
}

/** The part of node-redis's slot table used here (not in its public types). */
interface Slots {
  rediscover(startWith: { options: unknown }): Promise<void>;
}

export class ClusterTopologyWatch {
  private readonly subscriptions = new Map<string, { listeners: Set<Listener>; master: string }>();
  private readonly lastLogged = new Map<string, number>();
  private seed = 0;
  private refreshing?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly cluster: RedisClusterType,
    private readonly seeds: RedisNodeAddress[],
    private readonly logger?: RedisLogger,
  ) {
    cluster.on('error', (err: Error) => this.log('cluster', err));
    cluster.on('node-error', (err: Error, node: RedisNodeAddress) => this.log(`${node.host}:${node.port}`, err));
    cluster.on('node-reconnecting', () => void this.refresh());
  }

  subscribed(channel: string, listener: Listener): void {
    const entry = this.subscriptions.get(channel) ?? { listeners: new Set<Listener>(), master: this.masterOf(channel) };
    entry.listeners.add(listener);
    this.subscriptions.set(channel, entry);
  }

  unsubscribed(channel: string, listener?: Listener): void {
    const entry = this.subscriptions.get(channel);
    if (!entry) return;
    if (listener) entry.listeners.delete(listener);
    if (!listener || entry.listeners.size === 0) this.subscriptions.delete(channel);
  }

  stop(): void {
    this.stopped = true;
  }

  /** Asks a seed (the next one each time) for the topology, then moves subscriptions that must move. */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.refreshing ??= (async () => {
      try {
        const seed = this.seeds[this.seed++ % this.seeds.length];
        const slots = (this.cluster as unknown as { _slots: Slots })._slots;
        await slots.rediscover({ options: { socket: { host: seed.host, port: seed.port } } });
        await this.resubscribeMoved();
      } catch (err) {
        this.log('cluster', err as Error);
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private async resubscribeMoved(): Promise<void> {
    for (const [channel, entry] of this.subscriptions) {
      const master = this.masterOf(channel);
      if (master === entry.master) continue;
      for (const listener of entry.listeners) await this.cluster.sSubscribe(channel, listener);
      entry.master = master; // after: a failed attempt is made again at the next refresh
    }
  }

  private masterOf(channel: string): string {
    try {
      const m = this.cluster.getSlotMaster(hashSlot(channel));
      return `${m.host}:${m.port}`;
    } catch {
      return '';
    }
  }

  /** One line per node and 5 s at most: a node that is down fails every reconnection attempt. */
  private log(where: string, err: Error): void {
    const now = Date.now();
    if ((this.lastLogged.get(where) ?? 0) > now - 5000) return;
    this.lastLogged.set(where, now);
    // Only the error's own text: options (with the password) are never logged.
    this.logger?.warn({ err: { name: err?.name, message: err?.message }, node: where }, 'redis cluster connection error');
  }
}
