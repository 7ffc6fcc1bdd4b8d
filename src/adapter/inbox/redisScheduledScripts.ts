/**
 * The Lua of RedisInbox's scheduled items (T2): schedule, unschedule, list, and the move of the
 * due ones into their conversations' lines that each claim does first (MOVE_DUE_SCHEDULED).
 *
 * Layout (`<base>` = `hubbot:{tenant}:inbox`):
 * - `<base>:at`                  ZSET conversation → when its soonest scheduled item is due (ms)
 * - `<base>:at:<conversationId>` HASH slot → the item, packed (scheduledItemCodec.ts)
 *
 * A guided-help deadline packed is under 64 bytes, so its hash is a listpack (about 220 B with
 * its key), and the zset's member is the conversation id alone. Versions before held it in
 * `<base>:sched:<conversationId>` (HASH slot → JSON, a hash table at that size: about 470 B) with
 * `[conversationId, slot]` as JSON in `<base>:due`: items of that layout are still listed,
 * unscheduled, replaced and run, so a rolling upgrade loses none. An earlier version's replica
 * sees only its own layout: items scheduled by a new one wait for a new one's claim.
 */
import { LuaScript } from '../../redis/luaScript.js';
import { LUA_EXACT_DECODE } from '../../redis/storedId.js';
import { LUA_UNPACK_SCHEDULED } from './scheduledItemCodec.js';

/**
 * Lua: `rescore(at, slots, conv)` sets the conversation's time in `at` to its soonest item's (none: removed).
 * Items are read with exactDecode (an id or text with a lone surrogate must not fail the script,
 * and an item's id is its key as an append writes it: storedId, S17).
 */
const RESCORE = `${LUA_UNPACK_SCHEDULED}${LUA_EXACT_DECODE}
local function rescore(at, slots, conv)
  local soonest = nil
  for _, stored in ipairs(redis.call('HVALS', slots)) do
    local notBefore = tonumber(exactDecode(unpacked(stored)).notBefore) or 0
    if not soonest or notBefore < soonest then soonest = notBefore end
  end
  if soonest then redis.call('ZADD', at, string.format('%.17g', soonest), conv) else redis.call('ZREM', at, conv) end
end
`;

/**
 * KEYS: at, at:<conversation>, due and sched:<conversation> (the earlier layout). ARGV:
 * conversation, slot, packed item, the slot's member of `due`. A slot held in the earlier
 * layout is replaced too.
 */
export const SCHEDULE_SCRIPT = new LuaScript(`${RESCORE}
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZREM', KEYS[3], ARGV[4])
redis.call('HDEL', KEYS[4], ARGV[2])
rescore(KEYS[1], KEYS[2], ARGV[1])
return 1
`);

/** KEYS and ARGV as SCHEDULE_SCRIPT's, without the item. Returns 1 when the slot held an item, else 0. */
export const UNSCHEDULE_SCRIPT = new LuaScript(`${RESCORE}
local removed = redis.call('HDEL', KEYS[2], ARGV[2])
if removed == 1 then rescore(KEYS[1], KEYS[2], ARGV[1]) end
redis.call('ZREM', KEYS[3], ARGV[3])
if redis.call('HDEL', KEYS[4], ARGV[2]) == 1 then removed = 1 end
return removed
`);

/** KEYS: at:<conversation>, sched:<conversation>. Returns the conversation's scheduled items as stored. */
export const SCHEDULED_SCRIPT = new LuaScript(`
local stored = redis.call('HVALS', KEYS[1])
for _, json in ipairs(redis.call('HVALS', KEYS[2])) do stored[#stored + 1] = json end
return stored
`);

/**
 * Lua, after NOW and RECORD: `moveDueScheduled(prefix, ready, count, due, window)` appends the
 * scheduled items due by `now` to their conversations (as an append would: RECORD), up to 100
 * conversations of each layout per claim, the earlier layout's first.
 */
export const MOVE_DUE_SCHEDULED = `${RESCORE}
local function moveDueScheduled(prefix, ready, count, due, window)
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', due, '-inf', now, 'LIMIT', 0, 100)) do
    local at = exactDecode(member)
    local sched = prefix .. 'sched:' .. at[1]
    local json = redis.call('HGET', sched, at[2])
    redis.call('ZREM', due, member)
    redis.call('HDEL', sched, at[2])
    if json then
      local c = at[1]
      record(prefix .. 'q:' .. c, prefix .. 'items:' .. c, prefix .. 'seen:' .. c, ready, count, c, exactDecode(json).id, json, now, window)
    end
  end
  local at = prefix .. 'at'
  for _, c in ipairs(redis.call('ZRANGEBYSCORE', at, '-inf', now, 'LIMIT', 0, 100)) do
    local slots = prefix .. 'at:' .. c
    local fields = redis.call('HGETALL', slots)
    local dueItems = {}
    for i = 1, #fields, 2 do
      local json = unpacked(fields[i + 1])
      local item = exactDecode(json)
      local notBefore = tonumber(item.notBefore) or 0
      if notBefore <= now then
        redis.call('HDEL', slots, fields[i])
        dueItems[#dueItems + 1] = {notBefore, item.id, json}
      end
    end
    -- Soonest first, as they fell due; the same time in id order (HGETALL's order is the hash's).
    table.sort(dueItems, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
    for _, d in ipairs(dueItems) do
      record(prefix .. 'q:' .. c, prefix .. 'items:' .. c, prefix .. 'seen:' .. c, ready, count, c, d[2], d[3], now, window)
    end
    rescore(at, slots, c)
  end
end
`;
