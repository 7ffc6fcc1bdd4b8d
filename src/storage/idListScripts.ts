/**
 * The format and Lua scripts of RedisStorage's id lists (idLists.ts). A list is one string: a
 * newline, then each id's entry followed by a newline. An entry is `~` and the 16 bytes of a
 * lowercase UUID in base64url (23 characters for 36; hub conversation ids are UUIDs), or else
 * the id as a JSON string; neither holds a raw newline, so `\n<entry>\n` finds exactly that
 * id. Adding and removing change the list inside Redis: the process sends the ids and reads
 * nothing back, and Redis scans the string for the ids and writes it again with SET, a copy of
 * memory (microseconds at 60 KB), not APPEND, whose room for growth (as much again as the
 * string) MEMORY USAGE counts: 82 KB for a list of 1,560 UUIDs, 41 KB with SET. A plain string,
 * not a Redis set: Redis 7.0 keeps a small set of strings as a hashtable, about 150 B more per
 * key.
 */
import { LuaScript } from '../redis/luaScript.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An id's entry in a list: exact both ways (`decodeListEntry` gives the id back). */
export function encodeListEntry(id: string): string {
  return UUID.test(id) ? `~${Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url')}` : JSON.stringify(id);
}

/** The id of a list's entry. */
export function decodeListEntry(entry: string): string {
  if (!entry.startsWith('~')) return JSON.parse(entry) as string;
  const hex = Buffer.from(entry.slice(1), 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The ids of a list's string, in the order they were added. */
export function decodeList(list: string): string[] {
  return list.split('\n').filter((entry) => entry !== '').map(decodeListEntry);
}

/** KEYS[1]: the list. ARGV[1]: time to live in ms, 0 for none; then the ids' entries. */
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
  local value = (list or '\\n') .. table.concat(added)
  if ttl > 0 then redis.call('SET', key, value, 'PX', ttl) else redis.call('SET', key, value) end
elseif list and ttl > 0 then
  redis.call('PEXPIRE', key, ttl)
end
return #added
`);

/** KEYS[1]: the list. ARGV[1]: time to live in ms, 0 for none; then the ids' entries. */
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
