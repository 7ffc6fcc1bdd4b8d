// How a Lua script publishes a notice so that SharedRedis's subscribers hear it.

/**
 * What a script is told about how to publish its notice: `sharded` on a Redis Cluster reached
 * through SharedRedis, whose `subscribe` listens with SSUBSCRIBE on the channel's own master (a
 * SPUBLISH crosses that one shard; a PUBLISH would be copied to every node of the cluster, at
 * every inbox append); `classic` otherwise (one node, or a client of the caller's own, whose
 * subscriber is the caller's too).
 *
 * @param client - the connection the script runs on
 */
export function noticeKind(client: unknown): 'sharded' | 'classic' {
  return (client as { mode?: unknown } | undefined)?.mode === 'cluster' ? 'sharded' : 'classic';
}

/**
 * The Lua statement that publishes `message` (a Lua expression) on the channel in
 * `ARGV[channelArg]`, with SPUBLISH when `ARGV[kindArg]` is `sharded` (noticeKind). The channel
 * must carry the tenant's hash tag, as the script's keys do: on a cluster a script may only
 * publish on a channel of its own slot.
 */
export function publishNoticeLua(kindArg: number, channelArg: number, message: string): string {
  return `redis.call(ARGV[${kindArg}] == 'sharded' and 'SPUBLISH' or 'PUBLISH', ARGV[${channelArg}], ${message})`;
}
