/**
 * The failure limiter in Redis, shared by every replica of a tenant (S2 of
 * docs/platform-contract.md): wrong secrets sent to one replica count, and block, on all.
 *
 * One hash per key (`c` count, `w` window end, `b` blocked until, in ms), updated by one Lua
 * script that applies the rule of failureLimiter.ts (countFailure) to all the keys of one
 * attempt atomically, so replicas counting at the same moment lose no failure. The time is the
 * calling replica's clock (passed in), like the memory limiter's, so tests drive both with fake
 * timers; replicas' clocks differ by far less than a window. Each hash expires a second after
 * its window and its block have both ended, so Redis holds nothing for callers gone quiet.
 */
import { createHash } from 'node:crypto';
import { LuaScript, type RedisScriptClient } from '../redis/luaScript.js';
import { tenantKey } from '../redis/tenantKey.js';
import { resolveFailureLimits, waitSeconds, type FailureLimiter, type FailureLimiterOptions } from './failureLimiter.js';
import { answerWithin } from '../redis/answerWithin.js';

/**
 * KEYS: one hash per limited key (all under one tenant hash tag: one cluster slot).
 * ARGV: now ms, max failures, window ms, block ms. Returns the longest block in ms, 0 if none.
 */
const RECORD_FAILURE_SCRIPT = new LuaScript(`
local now, max, window, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local longest = 0
for _, key in ipairs(KEYS) do
  local s = redis.call('HMGET', key, 'c', 'w', 'b')
  local count, ends, blocked = tonumber(s[1]) or 0, tonumber(s[2]) or 0, tonumber(s[3]) or 0
  if blocked > now then
    longest = math.max(longest, blocked - now)
  else
    if ends <= now then
      count = 0
      ends = now + window
    end
    count = count + 1
    blocked = 0
    if count > max then
      count = 0
      blocked = now + block
      longest = math.max(longest, block)
    end
    redis.call('HSET', key, 'c', count, 'w', string.format('%d', ends), 'b', string.format('%d', blocked))
    redis.call('PEXPIRE', key, math.max(ends, blocked) - now + 1000)
  end
end
return longest
`);

/** Where a `RedisFailureLimiter` counts, with its limits and timeout. */
export interface RedisFailureLimiterOptions extends FailureLimiterOptions {
  /** A node-redis client or cluster client (createRedisConnection). */
  client: RedisScriptClient & { readonly isReady?: boolean };
  /** The tenant whose keys these are: the Redis Cluster hash tag. */
  tenant: string;
  /** A count that has no answer after this long fails (the endpoint still answers 401); default 1000 ms. */
  timeoutMs?: number;
}

/**
 * The failure limiter on Redis, shared by every replica of a tenant (S2): wrong secrets sent to one
 * replica count, and block, on all. One Lua script counts all the keys of an attempt at once.
 */
export class RedisFailureLimiter implements FailureLimiter {
  private readonly limits;
  private readonly now: () => number;

  /** @param opts - the connected client, the tenant, the limits and the timeout */
  constructor(private readonly opts: RedisFailureLimiterOptions) {
    this.limits = resolveFailureLimits(opts);
    this.now = opts.now ?? (() => Date.now());
  }

  /**
   * Rejects, rather than waits, while Redis is unreachable (node-redis would queue the command
   * until it reconnects): the caller then answers the wrong secret with a plain 401.
    *
    * @param keys - the keys of the failed attempt
    * @returns the seconds to wait when a key is blocked, else undefined
    */
  async recordFailure(keys: readonly string[]): Promise<number | undefined> {
    if (this.opts.client.isReady === false) throw new Error('redis is not connected');
    const timeoutMs = this.opts.timeoutMs ?? 1000;
    const { maxFailures, windowMs, blockMs } = this.limits;
    const run = RECORD_FAILURE_SCRIPT.run(
      this.opts.client,
      keys.map((k) => this.key(k)),
      [String(Math.floor(this.now())), String(maxFailures), String(windowMs), String(blockMs)],
    );
    return waitSeconds(Number(await answerWithin(run, timeoutMs, 'no answer from redis')));
  }

  /** The caller's keys may carry attacker-chosen text of any length: Redis sees a digest of it. */
  private key(k: string): string {
    return tenantKey(this.opts.tenant, 'token-failures', createHash('sha256').update(k).digest('hex').slice(0, 32));
  }
}
