/**
 * The Lua scripts of RedisTranscriptStore. Per transcript: a list of activities (JSON, in the
 * order logged) and a string holding its listing key; per channel: a sorted set of listing
 * keys (all scores 0, ordered by the keys themselves: first activity's time, then id).
 * Every key of a call carries the tenant's hash tag, so each script touches one Cluster slot.
 */
import { LuaScript } from '../redis/luaScript.js';

/**
 * KEYS: log, listing key holder, channel index. ARGV: the listing key to use if the transcript
 * is new, retention in ms, then the activities' JSON in order (those of one turn, logged in one
 * round trip). Each call extends the retention of its transcript, and of the channel index
 * (which so outlives every transcript it lists).
 */
export const LOG_SCRIPT = new LuaScript(`
redis.call('RPUSH', KEYS[1], unpack(ARGV, 3))
local member = redis.call('GET', KEYS[2])
if not member then
  member = ARGV[1]
  redis.call('SET', KEYS[2], member)
  redis.call('ZADD', KEYS[3], 0, member)
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return 1
`);

/** KEYS: log. ARGV: first and last position. Returns [length, activities]. */
export const PAGE_SCRIPT = new LuaScript(`
return { redis.call('LLEN', KEYS[1]), redis.call('LRANGE', KEYS[1], ARGV[1], ARGV[2]) }
`);

/** KEYS: channel index. ARGV: after (exclusive, '' from the start), count. Listing keys in order. */
export const LISTING_SCRIPT = new LuaScript(`
local min = '-'
if ARGV[1] ~= '' then min = '(' .. ARGV[1] end
return redis.call('ZRANGE', KEYS[1], min, '+', 'BYLEX', 'LIMIT', 0, tonumber(ARGV[2]))
`);

/**
 * KEYS: channel index, then each listed transcript's key holder. ARGV: the listing keys.
 * A listing key whose holder expired (or names a newer transcript of the same conversation)
 * is removed from the index. Returns 1 or 0 per listing key: whether it is alive.
 */
export const PRUNE_SCRIPT = new LuaScript(`
local alive = {}
for i = 1, #ARGV do
  if redis.call('GET', KEYS[i + 1]) == ARGV[i] then
    alive[i] = 1
  else
    alive[i] = 0
    redis.call('ZREM', KEYS[1], ARGV[i])
  end
end
return alive
`);

/** KEYS: log, listing key holder, channel index. */
export const DELETE_SCRIPT = new LuaScript(`
local member = redis.call('GET', KEYS[2])
redis.call('DEL', KEYS[1], KEYS[2])
if member then redis.call('ZREM', KEYS[3], member) end
return 1
`);
