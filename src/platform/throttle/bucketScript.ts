/**
 * The one Lua script of the Redis bucket store: the maths of gcra.ts, run atomically inside
 * Redis so that replicas reserving at the same moment get distinct slots (L8).
 *
 * `now` comes from Redis TIME, not from the callers: every replica then reads one clock, and a
 * replica whose clock is skewed cannot take slots early. Calling TIME before a write is allowed
 * because Redis 5+ replicates a script by its effects (the SET), not by re-running it.
 *
 * KEYS[1]  the bucket (carries the `{tenant}` hash tag)
 * KEYS[2]  acquire: the departure key
 * ARGV[1]  'reserve', 'penalize', 'depart' or 'acquire'
 * ARGV[2]  reserve and depart: the refill interval in ms; penalize: the penalty in ms
 * ARGV[3]  acquire: the least gap between two departures in ms
 * ARGV[4]  acquire, optional: the slot (as returned) of a caller that woke too late for it
 * Returns  reserve and depart: ms to wait, rounded up; penalize: 0; acquire: {ms to wait, 1:
 *          the departure was recorded at the slot, the slot as recorded, the script's now}
 *
 * 'depart' runs on the bucket's departure key (the bucket key + ':departed', same hash tag):
 * the last real departure, so a caller that woke late pushes back the one after it (T8).
 * 'acquire' is reserve and depart in one round trip: its slot is no earlier than one gap after
 * the last departure, and the slot (now or later) is recorded as the departure at once. A
 * caller that wakes too late for its slot acquires again with it: when no slot was handed out
 * since, it leaves now (recorded, the next slot one interval later); else it takes a new slot
 * after those (endpointThrottle.ts).
 *
 * The TAT is stored with a millisecond fraction (the intervals of 0.16 req/s are 6250 ms but
 * those of 0.3 req/s are not whole), and the key expires one second after its TAT has passed,
 * when it holds nothing any more.
 */
import { LuaScript } from '../../redis/luaScript.js';

export const BUCKET_SCRIPT = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '') or now
local ms = tonumber(ARGV[2])
if ARGV[1] == 'depart' then
  local last = tonumber(redis.call('GET', KEYS[1]) or '')
  if last and now < last + ms then return math.ceil(last + ms - now) end
  redis.call('SET', KEYS[1], string.format('%.3f', now), 'PX', math.ceil(ms) + 1000)
  return 0
end
if ARGV[1] == 'acquire' then
  local recorded = redis.call('GET', KEYS[2])
  local last = tonumber(recorded or '')
  local gap = tonumber(ARGV[3])
  if ARGV[4] and ARGV[4] ~= '' and recorded == ARGV[4] then
    -- A caller late for its slot, and no slot handed out since: it leaves now, and the next
    -- slot comes one interval after now.
    tat = math.max(tat, now + ms)
    redis.call('SET', KEYS[1], string.format('%.3f', tat), 'PX', math.ceil(tat - now) + 1000)
    local at = string.format('%.3f', now)
    redis.call('SET', KEYS[2], at, 'PX', math.ceil(gap) + 1000)
    return {0, 1, at, at}
  end
  local slot = math.max(tat, now)
  if last then slot = math.max(slot, last + gap) end
  tat = slot + ms
  redis.call('SET', KEYS[1], string.format('%.3f', tat), 'PX', math.ceil(tat - now) + 1000)
  local at = string.format('%.3f', slot)
  redis.call('SET', KEYS[2], at, 'PX', math.ceil(slot - now + gap) + 1000)
  return {math.ceil(slot - now), 1, at, string.format('%.3f', now)}
end
local wait = 0
if ARGV[1] == 'penalize' then
  tat = math.max(tat, now + ms)
else
  local slot = math.max(tat, now)
  wait = slot - now
  tat = slot + ms
end
redis.call('SET', KEYS[1], string.format('%.3f', tat), 'PX', math.ceil(tat - now) + 1000)
return math.ceil(wait)
`);
