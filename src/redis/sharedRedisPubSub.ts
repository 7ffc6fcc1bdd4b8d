// The pub/sub side of the shared Redis connection (documented on the class).
import type { RedisClusterType } from 'redis';
import type { ClusterTopologyWatch } from './clusterTopologyWatch.js';
import { closeRedisConnection, type RedisConnection } from './redisConnection.js';

/** A subscriber's callback: the message and the channel it came on. */
export type PubSubListener = (message: string, channel: string) => unknown;

/**
 * Publishing and subscribing for SharedRedis, on one node or a Redis Cluster. One node: the
 * subscriptions share a second connection, opened at the first `subscribe` (a subscribed
 * connection can run nothing else). Cluster: pub/sub is sharded (SPUBLISH/SSUBSCRIBE on the
 * channel's own master, the project's channels carry the tenant's hash tag, so a message
 * crosses one shard instead of every node), and the topology watch makes a shard's
 * subscriptions again on its new master after a failover. The Lua scripts that publish a notice
 * (the inbox's append, a revocation) publish it the same way (scriptNotices.ts), so `subscribe`
 * hears theirs too.
 */
export class SharedRedisPubSub {
  private subscriber?: Promise<RedisConnection>;

  constructor(
    private readonly node?: RedisConnection,
    private readonly cluster?: RedisClusterType,
    private readonly watch?: ClusterTopologyWatch,
  ) {}

  publish(channel: string, message: string): Promise<unknown> {
    return this.cluster ? this.cluster.sPublish(channel, message) : this.node!.publish(channel, message);
  }

  async subscribe(channel: string, listener: PubSubListener): Promise<void> {
    if (this.cluster) {
      await this.cluster.sSubscribe(channel, listener);
      this.watch!.subscribed(channel, listener);
      return;
    }
    await (await this.subscriberConnection()).subscribe(channel, listener);
  }

  async unsubscribe(channel: string, listener?: PubSubListener): Promise<void> {
    if (this.cluster) {
      this.watch!.unsubscribed(channel, listener);
      await this.cluster.sUnsubscribe(channel, listener);
      return;
    }
    if (this.subscriber) await (await this.subscriber).unsubscribe(channel, listener);
  }

  /** Closes the subscriber connection of one node, if one was opened (a cluster's are its own). */
  async close(): Promise<void> {
    if (this.subscriber) await closeRedisConnection(await this.subscriber).catch(() => undefined);
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
