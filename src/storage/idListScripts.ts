/**
 * The Lua scripts of RedisStorage's id lists (idLists.ts). A list is one string: a newline,
 * then each id as a JSON string followed by a newline (a JSON string holds no raw newline, so
 * `\n"id"\n` finds exactly that id). Adding appends the new ids (APPEND: the list is not
 * rewritten; finding an id already there is a scan of the string inside Redis, no copy to the
 * process, no parsing); removing rewrites the list inside Redis. A plain string, not a Redis
 * set: Redis 7.0 keeps a small set of strings as a hashtable, about 150 B more per key.
 */
import { LuaScript } from '../redis/luaScript.js';

/** KEYS[1]: the list. ARGV[1]: time to live in ms, 0 for none; then the ids, each as JSON. */
export const ADD_IDS_SCRIPT = new LuaScript(`
local key = KEYS[1]
local ttl = tonumber(ARGV[1])
local list = redis.call('GET', key)
local added = {}
local seen = {}
for i = 2, #ARGV do
  local entry = ARGV[i] .. '\\n'
  if not seen[entry] and not (list and string.find(list, '\\n' .. entry, 1, true)) then
    added[#added + 1] = entry
  end
  seen[entry] = true
end
if #added > 0 then
  if not list then redis.call('SET', key, '\\n') end
  redis.call('APPEND', key, table.concat(added))
end
if ttl > 0 and (#added > 0 or list) then redis.call('PEXPIRE', key, ttl) end
return #added
`);

/** KEYS[1]: the list. ARGV[1]: time to live in ms, 0 for none; then the ids, each as JSON. */
export const REMOVE_IDS_SCRIPT = new LuaScript(`
local key = KEYS[1]
local ttl = tonumber(ARGV[1])
local list = redis.call('GET', key)
if not list then return 0 end
local removed = 0
for i = 2, #ARGV do
  local entry = '\\n' .. ARGV[i] .. '\\n'
  local at = string.find(list, entry, 1, true)
  while at do
    list = string.sub(list, 1, at) .. string.sub(list, at + #entry)
    removed = removed + 1
    at = string.find(list, entry, 1, true)
  end
end
if removed == 0 then return 0 end
if list == '\\n' then redis.call('DEL', key)
elseif ttl > 0 then redis.call('SET', key, list, 'PX', ttl)
else redis.call('SET', key, list) end
return removed
`);

/** KEYS: the lists. Returns each list's string, '' for a list that does not exist. */
export const READ_IDS_SCRIPT = new LuaScript(`
local out = {}
for i, key in ipairs(KEYS) do out[i] = redis.call('GET', key) or '' end
return out
`);
