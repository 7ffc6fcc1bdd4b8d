/**
 * The Lua scripts of RedisInbox (key layout: see the top of redisInbox.ts). Each step that
 * reads and then changes the inbox is one script, so replicas claiming, completing or
 * appending at the same moment never see half of another's change.
 *
 * `now` comes from Redis TIME: one clock for every replica, so a replica with a skewed clock
 * can neither steal a live lease nor keep a dead one. TIME before writes is allowed because
 * Redis (5+) replicates a script by its effects.
 *
 * The claim script computes the names of the conversation's list and hash from the prefix it
 * is given instead of receiving them in KEYS (it does not know the conversation beforehand);
 * they carry the same `{tenant}` hash tag, so they live in the same Cluster slot. It also moves
 * the scheduled items that are due into their conversations' lines first (T2), with the same
 * steps as an append (RECORD): redisScheduledScripts.ts, whose `at` zset is named from the
 * prefix too.
 */
import { LuaScript } from '../../redis/luaScript.js';
import { publishNoticeLua } from '../../redis/scriptNotices.js';
import { MOVE_DUE_SCHEDULED } from './redisScheduledScripts.js';

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** Adds an item at the end of its conversation's line; 1 when recorded, 0 for a duplicate id. */
const RECORD = `
local function record(q, items, seen, ready, count, conv, id, json, now, window)
  redis.call('ZREMRANGEBYSCORE', seen, '-inf', now - window)
  if redis.call('HEXISTS', items, id) == 1 then return 0 end
  if redis.call('ZADD', seen, 'NX', now, id) == 0 then return 0 end
  redis.call('PEXPIRE', seen, window)
  redis.call('RPUSH', q, id)
  redis.call('HSET', items, id, json)
  redis.call('INCR', count)
  if not redis.call('ZSCORE', ready, conv) then redis.call('ZADD', ready, now, conv) end
  return 1
end
`;

/**
 * Reads what the claimed conversation's turn reads first (claimPrefetch.ts), from ARGV[at]: the
 * number of keys n, n pairs (the key's text before and after the conversation id), the number
 * of fields m and the m fields. Returns, per key, the fields' values of a hash (false: absent),
 * or the one value of a string.
 */
const PREFETCH = `
local function prefetch(conv, at)
  local n = tonumber(ARGV[at] or '0') or 0
  if n == 0 then return {} end
  local m = tonumber(ARGV[at + 1 + 2 * n])
  local fields = {}
  for j = 1, m do fields[j] = ARGV[at + 1 + 2 * n + j] end
  local rows = {}
  for i = 1, n do
    local key = ARGV[at + 2 * i - 1] .. conv .. ARGV[at + 2 * i]
    if redis.call('TYPE', key).ok == 'string' then rows[i] = {redis.call('GET', key)}
    else rows[i] = redis.call('HMGET', key, unpack(fields)) end
  end
  return rows
end
`;

/**
 * KEYS: q, items, seen, ready, count, pin, lease, attempts, and optionally the callback token's
 * revocation key. ARGV: conversation, item id, item JSON, dedupe window ms, notify channel,
 * worker to pin to ('' for none), pin ms, the appending inbox's id (the notice's text: an inbox
 * skips its own notices), how the notice is published (scriptNotices.ts), then the claim offered
 * by a worker of the appending process: its token ('' for none), lease ms, and what to read
 * ahead (PREFETCH, from ARGV[12]).
 * Returns 1 when recorded, 0 for a duplicate id, 2 when the token was revoked (nothing
 * recorded: the callback answers 401, as the check before the append did), or, when recorded
 * and claimed for the offering worker, {attempt, lease end, rows read ahead}.
 *
 * It claims only a conversation that was idle (the new item is its only one, no lease, no pin)
 * and is the only one claimable now, so the conversation waiting longest still goes first (the
 * claim script's order); the claim is the claim script's (lease, attempt, read-ahead), and no
 * notice is published for it: nobody else has anything to claim.
 */
export const APPEND_SCRIPT = new LuaScript(`${NOW}${RECORD}${PREFETCH}
if KEYS[9] and redis.call('EXISTS', KEYS[9]) == 1 then return 2 end
if record(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[1], ARGV[2], ARGV[3], now, tonumber(ARGV[4])) == 0 then return 0 end
if ARGV[6] ~= '' then redis.call('HSET', KEYS[6], ARGV[1], cjson.encode({now + tonumber(ARGV[7]), ARGV[2], ARGV[6]})) end
if ARGV[10] ~= '' and ARGV[6] == '' and redis.call('LLEN', KEYS[1]) == 1 and redis.call('HEXISTS', KEYS[6], ARGV[1]) == 0 and redis.call('HEXISTS', KEYS[7], ARGV[1]) == 0 then
  local claimable = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now, 'LIMIT', 0, 2)
  if #claimable == 1 and claimable[1] == ARGV[1] then
    local leaseEnd = now + tonumber(ARGV[11])
    redis.call('ZADD', KEYS[4], leaseEnd, ARGV[1])
    redis.call('HSET', KEYS[7], ARGV[1], ARGV[10])
    local attempt = redis.call('HINCRBY', KEYS[8], ARGV[1], 1)
    return {attempt, leaseEnd, prefetch(ARGV[1], 12)}
  end
end
${publishNoticeLua(9, 5, 'ARGV[8]')}
return 1
`);

// The scheduled items' scripts (their layout, and the earlier one still read) are in redisScheduledScripts.ts.
export { SCHEDULE_SCRIPT, SCHEDULED_SCRIPT, UNSCHEDULE_SCRIPT } from './redisScheduledScripts.js';

/**
 * KEYS: ready, lease, attempts, count, due, pin. ARGV: token, lease ms, key prefix of the
 * per-conversation keys, worker id, dedupe window ms, then what to read ahead (PREFETCH, from
 * ARGV[6]). Returns {conversation, item JSON, attempt, lease end, more, rows read ahead} or nil
 * when nothing is claimable; more is 1 when other conversations were
 * ready too (the worker claims again at once), 0 when none was (it waits for a new item instead
 * of asking again for nothing). A conversation pinned to another worker is skipped until its pin
 * runs out.
 */
export const CLAIM_SCRIPT = new LuaScript(`${NOW}${RECORD}${PREFETCH}${MOVE_DUE_SCHEDULED}
moveDueScheduled(ARGV[3], KEYS[1], KEYS[4], KEYS[5], tonumber(ARGV[5]))
local candidates = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 50)
for i, conv in ipairs(candidates) do
  local pinned = false
  local pin = redis.call('HGET', KEYS[6], conv)
  if pin then
    local p = cjson.decode(pin)
    if tonumber(p[1]) <= now then redis.call('HDEL', KEYS[6], conv) elseif p[3] ~= ARGV[4] then pinned = true end
  end
  if not pinned then
    local q = ARGV[3] .. 'q:' .. conv
    local id = redis.call('LINDEX', q, 0)
    if not id then
      -- Nothing pending (cannot happen through these scripts): forget the conversation.
      redis.call('ZREM', KEYS[1], conv)
      redis.call('HDEL', KEYS[2], conv)
      redis.call('HDEL', KEYS[3], conv)
    else
      local json = redis.call('HGET', ARGV[3] .. 'items:' .. conv, id)
      if json then
        local leaseEnd = now + tonumber(ARGV[2])
        redis.call('ZADD', KEYS[1], leaseEnd, conv)
        redis.call('HSET', KEYS[2], conv, ARGV[1])
        local attempt = redis.call('HINCRBY', KEYS[3], conv, 1)
        return {conv, json, attempt, leaseEnd, #candidates > i and 1 or 0, prefetch(conv, 6)}
      end
      -- An id without its item (cannot happen through these scripts): drop it.
      redis.call('LPOP', q)
      redis.call('DECR', KEYS[4])
    end
  end
end
return nil
`);

/**
 * Ends the turn of the claim's head item. KEYS: ready, lease, attempts, count, q, items, dead, pin.
 * ARGV: conversation, token, item id, mode ('release' | 'keep' | 'dead'), lease ms (keep),
 * dead letter JSON (dead), dead letters kept (dead), worker id (keep: a conversation pinned to
 * another worker is released instead), then what to read ahead for the next item (PREFETCH,
 * from ARGV[9]).
 * Returns {0} when the lease was lost, {1} when done, {1, next item JSON, attempt, lease end,
 * rows read ahead} when the lease was kept for the next item.
 */
export const FINISH_SCRIPT = new LuaScript(`${NOW}${PREFETCH}
local conv = ARGV[1]
if redis.call('HGET', KEYS[2], conv) ~= ARGV[2] then return {0} end
if redis.call('LINDEX', KEYS[5], 0) ~= ARGV[3] then return {0} end
redis.call('LPOP', KEYS[5])
redis.call('HDEL', KEYS[6], ARGV[3])
redis.call('DECR', KEYS[4])
redis.call('HDEL', KEYS[3], conv)
local pin = redis.call('HGET', KEYS[8], conv)
if pin and cjson.decode(pin)[2] == ARGV[3] then redis.call('HDEL', KEYS[8], conv) end
if ARGV[4] == 'dead' then
  redis.call('LPUSH', KEYS[7], ARGV[6])
  redis.call('LTRIM', KEYS[7], 0, tonumber(ARGV[7]) - 1)
end
local nextId = redis.call('LINDEX', KEYS[5], 0)
if not nextId then
  redis.call('ZREM', KEYS[1], conv)
  redis.call('HDEL', KEYS[2], conv)
  redis.call('HDEL', KEYS[8], conv)
  return {1}
end
local pinnedElsewhere = false
pin = redis.call('HGET', KEYS[8], conv)
if pin then
  local p = cjson.decode(pin)
  pinnedElsewhere = tonumber(p[1]) > now and p[3] ~= ARGV[8]
end
if ARGV[4] == 'keep' and not pinnedElsewhere then
  local json = redis.call('HGET', KEYS[6], nextId)
  if json then
    local leaseEnd = now + tonumber(ARGV[5])
    redis.call('ZADD', KEYS[1], leaseEnd, conv)
    redis.call('HSET', KEYS[3], conv, 1)
    return {1, json, 1, leaseEnd, prefetch(conv, 9)}
  end
end
redis.call('HDEL', KEYS[2], conv)
redis.call('ZADD', KEYS[1], now, conv)
return {1}
`);

/** KEYS: ready, lease. ARGV: conversation, token, lease ms. Returns the new lease end, 0 when lost. */
export const RENEW_SCRIPT = new LuaScript(`${NOW}
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
local leaseEnd = now + tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], leaseEnd, ARGV[1])
return leaseEnd
`);

/** KEYS: ready, lease, q. ARGV: conversation, token, delay ms. Returns 1, or 0 when lost. */
export const RELEASE_SCRIPT = new LuaScript(`${NOW}
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
if redis.call('LLEN', KEYS[3]) == 0 then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
end
return 1
`);

/** KEYS: count. Returns the number of pending items. */
export const DEPTH_SCRIPT = new LuaScript(`return tonumber(redis.call('GET', KEYS[1]) or '0')`);

/** KEYS: dead. ARGV: how many. Returns the newest dead letters (JSON). */
export const DEAD_LETTERS_SCRIPT = new LuaScript(`return redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)`);

/** Removes one dead letter, given exactly as it is stored (after its item was appended again). */
export const REMOVE_DEAD_LETTER_SCRIPT = new LuaScript(`return redis.call('LREM', KEYS[1], 1, ARGV[1])`);
