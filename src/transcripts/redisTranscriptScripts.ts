/**
 * The Lua scripts of RedisTranscriptStore. Per transcript: a list whose first element is its
 * header (HEADER, then the time part of its listing key), then the activities (JSON, in the
 * order logged); per channel: a sorted set of listing keys (all scores 0, ordered by the keys
 * themselves: first activity's time, then id). A transcript of an earlier version has no
 * header and keeps its listing key in a key of its own (the holder, 216 B per conversation),
 * still read, extended and deleted with it.
 * Every key of a call carries the tenant's hash tag, so each script touches one Cluster slot.
 */
import { LuaScript } from '../redis/luaScript.js';
import { SERVICE_URL, SERVICE_URL_FIELD } from './transcriptCodec.js';

/** SERVICE_URL as a Lua string escape (a control character written out in the script's text). */
const SERVICE_URL_LUA = `\\${SERVICE_URL.charCodeAt(0)}`;

/** Opens a transcript's header element: an activity record opens with '{' or U+0001 (CompactJson). */
export const HEADER = '#';

/** Lua: the header a listing key gives ('#' and its time part, before the '|'). */
const HEADER_OF = `
local function headerOf(member) return '${HEADER}' .. string.match(member, '^([^|]*)|') end
`;

/** Lua: how many elements in front of a transcript's activities (1 with a header, 0 without). */
const SKIP_OF = `
local function skipOf(log)
  local first = redis.call('LINDEX', log, 0)
  if first and string.sub(first, 1, 1) == '${HEADER}' then return 1 end
  return 0
end
`;

/** How many of the channel index's oldest listing keys a new transcript looks at (PRUNE_SOME). */
export const PRUNE_OLDEST = 8;
/** How many listing keys, from a place picked at random, a new transcript looks at besides. */
export const PRUNE_SAMPLED = 8;

/**
 * Lua: the index's entries that outlived their transcript go when a transcript is added, a few
 * at a time, so a busy channel's index does not grow without end between listings (each new
 * transcript refreshes the index's own expiry, so it never expires there). Listing keys are in
 * creation order, so the oldest are where the expired ones gather; PRUNE_SAMPLED more from a
 * place picked at random (the clock's microseconds), because transcripts kept alive for months
 * stay first and would hide every expired one behind them. Only a listing key created more
 * than the retention ago can have expired, so only those cost a look at their transcript; the
 * work per new transcript is bounded, and a turn of an existing transcript does none of it.
 * A transcript's keys are built here from the listing key's conversation id, URL-encoded as
 * pathSegment (src/platform/http/pathSegment.ts) encodes it: ARGV[3] and ARGV[4] are the
 * prefixes of the logs' and the holders' keys (the tenant's hash tag in them: one slot).
 */
const PRUNE_SOME = `
local function escaped(c) return string.format('%%%02X', string.byte(c)) end
local function alive(member)
  local id = string.match(member, '^[^|]*|(.*)$')
  if not id then return true end
  local conv = string.gsub(id, "[^A-Za-z0-9%-_%.!~%*'%(%)]", escaped)
  return redis.call('LINDEX', ARGV[3] .. conv, 0) == headerOf(member) or redis.call('GET', ARGV[4] .. conv) == member
end
local function pruneSome(index, ttlMs)
  local size = redis.call('ZCARD', index)
  if size == 0 then return end
  local t = redis.call('TIME')
  local members = redis.call('ZRANGE', index, 0, ${PRUNE_OLDEST - 1})
  if size > ${PRUNE_OLDEST} then
    local at = ${PRUNE_OLDEST} + (tonumber(t[2]) * 7919 + tonumber(t[1])) % (size - ${PRUNE_OLDEST})
    for _, m in ipairs(redis.call('ZRANGE', index, at, at + ${PRUNE_SAMPLED - 1})) do members[#members + 1] = m end
  end
  local cutoff = tonumber(t[1]) * 1000 - ttlMs
  for _, m in ipairs(members) do
    if tonumber(string.sub(m, 1, 15)) < cutoff and not alive(m) then redis.call('ZREM', index, m) end
  end
end
`;

/**
 * Lua: the records ARGV[6...], each holding SERVICE_URL (transcriptCodec.ts) if it left ARGV[5],
 * its service URL, to the channel: KEYS[4] keeps the channel's service URL, set by the first
 * record that leaves one and never changed or expired after (records that name it by SERVICE_URL
 * may live as long as any transcript). A record whose service URL is not the channel's gets it
 * back in place of each SERVICE_URL, as JSON text, which reads back as itself.
 */
const RECORDS_OF = `
local function recordsOf()
  local records = { unpack(ARGV, 6) }
  if ARGV[5] == '' then return records end
  local kept = redis.call('GET', KEYS[4])
  if not kept then
    redis.call('SET', KEYS[4], ARGV[5])
    return records
  end
  if kept == ARGV[5] then return records end
  for i, record in ipairs(records) do
    local at = string.find(record, '${SERVICE_URL_LUA}', 1, true)
    while at do
      record = string.sub(record, 1, at - 1) .. '${SERVICE_URL_FIELD}' .. ARGV[5] .. string.sub(record, at + 1)
      at = string.find(record, '${SERVICE_URL_LUA}', at + 1, true)
    end
    records[i] = record
  end
  return records
end
`;

/**
 * KEYS: log, listing key holder (earlier versions), channel index, the channel's service URL.
 * ARGV: the listing key to use if the transcript is new, retention in ms, the key prefixes of
 * logs and holders (PRUNE_SOME), the service URL the records leave to the channel ('' if none
 * does), then the activities' records in order (those of one turn, logged in one round trip).
 * Each call extends the retention of its transcript, and of the channel index (which so
 * outlives every transcript it lists); a new transcript first prunes a few expired entries of
 * the index.
 */
export const LOG_SCRIPT = new LuaScript(`${HEADER_OF}${PRUNE_SOME}${RECORDS_OF}
if redis.call('EXISTS', KEYS[1]) == 0 then
  pruneSome(KEYS[3], tonumber(ARGV[2]))
  -- A holder left from an earlier transcript of the conversation names it no more.
  local old = redis.call('GET', KEYS[2])
  if old then
    redis.call('ZREM', KEYS[3], old)
    redis.call('DEL', KEYS[2])
  end
  redis.call('RPUSH', KEYS[1], headerOf(ARGV[1]))
  redis.call('ZADD', KEYS[3], 0, ARGV[1])
elseif redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
redis.call('RPUSH', KEYS[1], unpack(recordsOf()))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return 1
`);

/**
 * KEYS: log, the channel's service URL. ARGV: first and last position of the activities.
 * Returns [activities in all, the page, the channel's service URL ('' if none is kept)].
 */
export const PAGE_SCRIPT = new LuaScript(`${SKIP_OF}
local skip = skipOf(KEYS[1])
return { redis.call('LLEN', KEYS[1]) - skip, redis.call('LRANGE', KEYS[1], tonumber(ARGV[1]) + skip, tonumber(ARGV[2]) + skip), redis.call('GET', KEYS[2]) or '' }
`);

/** KEYS: channel index. ARGV: after (exclusive, '' from the start), count. Listing keys in order. */
export const LISTING_SCRIPT = new LuaScript(`
local min = '-'
if ARGV[1] ~= '' then min = '(' .. ARGV[1] end
return redis.call('ZRANGE', KEYS[1], min, '+', 'BYLEX', 'LIMIT', 0, tonumber(ARGV[2]))
`);

/**
 * KEYS: channel index, then each listed transcript's log and key holder. ARGV: the listing keys.
 * A listing key whose transcript expired (or that names an earlier transcript of the same
 * conversation) is removed from the index. Returns 1 or 0 per listing key: whether it is alive.
 */
export const PRUNE_SCRIPT = new LuaScript(`${HEADER_OF}
local alive = {}
for i = 1, #ARGV do
  local log, holder = KEYS[2 * i], KEYS[2 * i + 1]
  if redis.call('LINDEX', log, 0) == headerOf(ARGV[i]) or redis.call('GET', holder) == ARGV[i] then
    alive[i] = 1
  else
    alive[i] = 0
    redis.call('ZREM', KEYS[1], ARGV[i])
  end
end
return alive
`);

/** KEYS: log, listing key holder, channel index. ARGV: the conversation id (as listing keys hold it). */
export const DELETE_SCRIPT = new LuaScript(`${SKIP_OF}
local member = redis.call('GET', KEYS[2])
if not member and skipOf(KEYS[1]) == 1 then member = string.sub(redis.call('LINDEX', KEYS[1], 0), 2) .. '|' .. ARGV[1] end
redis.call('DEL', KEYS[1], KEYS[2])
if member then redis.call('ZREM', KEYS[3], member) end
return 1
`);
