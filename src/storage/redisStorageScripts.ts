/**
 * The Lua scripts of RedisStorage. Each item is a hash with two fields, `e` (its eTag) and `d`
 * (its JSON without the eTag), so a write can check the eTag without decoding the document.
 *
 * All keys of one call share the tenant's `{...}` hash tag, so a batch is one script even on a
 * Redis Cluster.
 */
import { LuaScript } from '../redis/luaScript.js';

/** KEYS: the items. Returns, per key, [eTag, json] or [nil, nil] when missing. */
export const READ_SCRIPT = new LuaScript(`
local out = {}
for i, key in ipairs(KEYS) do
  out[i] = redis.call('HMGET', key, 'e', 'd')
end
return out
`);

/**
 * KEYS: the items. ARGV[1]: time to live in ms, 0 for none. Then three arguments per key:
 * the expected eTag ('' = the item must not exist, the explicit create-if-absent of T9; '*' = overwrite whatever is there),
 * the new eTag, the JSON.
 *
 * All conditions are checked before anything is written, so a batch is all-or-nothing.
 * Returns 0 when written, or the 1-based index of the first key whose condition fails. A
 * missing item is written whatever eTag the change carries, as botbuilder's MemoryStorage does.
 */
export const WRITE_SCRIPT = new LuaScript(`
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local expected = ARGV[(i - 1) * 3 + 2]
  if expected == '' then
    if redis.call('EXISTS', key) == 1 then return i end
  elseif expected ~= '*' then
    local current = redis.call('HGET', key, 'e')
    if current and current ~= expected then return i end
  end
end
for i, key in ipairs(KEYS) do
  local b = (i - 1) * 3
  redis.call('HSET', key, 'e', ARGV[b + 3], 'd', ARGV[b + 4])
  if ttl > 0 then redis.call('PEXPIRE', key, ttl) else redis.call('PERSIST', key) end
end
return 0
`);

/** KEYS: the items to delete; eTags are not checked (MemoryStorage does not either). */
export const DELETE_SCRIPT = new LuaScript(`
for _, key in ipairs(KEYS) do redis.call('DEL', key) end
return 0
`);
