/**
 * The Lua scripts of RedisEventStore. Each runs atomically, so the dedupe key and the pending
 * entry are written together (W1, W3: never one without the other), and moving an entry to the
 * dead letters cannot lose it half way. Every key a script touches is passed in KEYS and carries
 * the tenant hash tag, so the scripts also run on Redis Cluster.
 *
 * Stream entry fields: n = notificationId (its stored form: storedId, S17), b = body (JSON text),
 * r = receivedAt (ms). The dead letters' hash is keyed by the stored form too.
 */
import { LuaScript } from '../redis/luaScript.js';
import { LUA_EXACT_DECODE } from '../redis/storedId.js';

/**
 * KEYS: seen key, stream. ARGV: window seconds, max pending, notificationId, body, receivedAt.
 * Returns 'recorded', 'duplicate' or 'full'. SET NX first, so that a duplicate is answered as
 * one even while the queue is full; the dedupe key is removed again when the entry cannot be
 * added, so a refused event is not taken for a duplicate when the event manager retries it.
 */
export const RECORD_SCRIPT = new LuaScript(`
if not redis.call('SET', KEYS[1], ARGV[5], 'NX', 'EX', ARGV[1]) then return 'duplicate' end
if redis.call('XLEN', KEYS[2]) >= tonumber(ARGV[2]) then
  redis.call('DEL', KEYS[1])
  return 'full'
end
local added = redis.pcall('XADD', KEYS[2], '*', 'n', ARGV[3], 'b', ARGV[4], 'r', ARGV[5])
if type(added) == 'table' and added.err then
  redis.call('DEL', KEYS[1])
  return redis.error_reply(added.err)
end
return 'recorded'
`);

/**
 * KEYS: stream. ARGV: group, consumer, count, min idle ms, cursor.
 * First takes entries another consumer left unfinished for longer than min idle (a replica
 * that died while handling them), then new ones. Creates the consumer group on first use.
 * Returns {next cursor, {{id, {field, value, ...}, deliveries}, ...}}.
 */
export const CLAIM_SCRIPT = new LuaScript(`
local stream, group, consumer, count = KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3])
local claimed = redis.pcall('XAUTOCLAIM', stream, group, consumer, ARGV[4], ARGV[5], 'COUNT', count)
if type(claimed) == 'table' and claimed.err then
  if not string.find(claimed.err, 'NOGROUP') then return redis.error_reply(claimed.err) end
  redis.call('XGROUP', 'CREATE', stream, group, '0', 'MKSTREAM')
  claimed = {'0-0', {}}
end
local out = {}
for _, e in ipairs(claimed[2]) do
  if e[2] then
    local p = redis.call('XPENDING', stream, group, e[1], e[1], 1)
    local deliveries = (p[1] and p[1][4]) or 1
    table.insert(out, {e[1], e[2], deliveries})
  end
end
local rest = count - #out
if rest > 0 then
  local r = redis.call('XREADGROUP', 'GROUP', group, consumer, 'COUNT', rest, 'STREAMS', stream, '>')
  if r then
    for _, e in ipairs(r[1][2]) do table.insert(out, {e[1], e[2], 1}) end
  end
end
return {claimed[1], out}
`);

/** KEYS: stream. ARGV: group, consumer, entry ids... Re-claims (resets the idle time of) the ids still owned by consumer. */
export const EXTEND_SCRIPT = new LuaScript(`
for i = 3, #ARGV do
  local p = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[i], ARGV[i], 1, ARGV[2])
  if #p > 0 then redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[i], 'JUSTID') end
end
return 0
`);

/**
 * KEYS: stream. ARGV: group, entry ids... Acknowledges and deletes (an acknowledged entry is never
 * read again). One XACK and one XDEL per 500 ids rather than two calls per id: the consumer acks a
 * batch at a time. Chunked because Lua's unpack is bounded (a backlog of acks can be large after
 * Redis was unreachable).
 */
export const ACK_SCRIPT = new LuaScript(`
for i = 2, #ARGV, 500 do
  local last = math.min(i + 499, #ARGV)
  redis.call('XACK', KEYS[1], ARGV[1], unpack(ARGV, i, last))
  redis.call('XDEL', KEYS[1], unpack(ARGV, i, last))
end
return 0
`);

/** KEYS: stream, dead-letter hash. ARGV: group, entry id, notificationId, dead letter JSON. */
export const DEAD_LETTER_SCRIPT = new LuaScript(`
redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
return 0
`);

/**
 * KEYS: dead-letter hash, stream. ARGV: notificationId. Moves a dead letter back to the stream
 * (its dedupe key is left alone: it was recorded once, and stays so). Returns 1, or 0 when absent.
 */
export const REQUEUE_SCRIPT = new LuaScript(`${LUA_EXACT_DECODE}
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
local d = exactDecode(json)
redis.call('XADD', KEYS[2], '*', 'n', d.notificationId, 'b', d.body, 'r', d.receivedAt)
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
`);
