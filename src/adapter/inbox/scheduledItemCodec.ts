/**
 * How RedisInbox keeps a scheduled item: its JSON with the inbox's own field names (and the
 * guided-help deadline's event) each standing for one control character, exact both ways.
 *
 * Why: an idle guided-help conversation keeps one pending deadline for hours. As JSON (about
 * 190 bytes) it is over `hash-max-listpack-value` (64), so its hash was a hash table (about
 * 470 B with its key); packed (64 bytes with its format version `"v":1`, the most a listpack
 * value may take) the hash stays a listpack (about 220 B). So a field added to every deadline
 * needs a dictionary string of its own, written one release after the release that reads it.
 *
 * JSON text as JSON.stringify writes it never holds a raw control character, so a stored value
 * without one is plain JSON and reads as it is (and a packed value is never taken for JSON).
 * Lua unpacks it too (LUA_UNPACK_SCHEDULED, one gsub), since a claim moves the item into its
 * conversation's line as JSON.
 *
 * The dictionary is part of the stored format: strings may be appended, never changed or
 * reordered. At most 31 (U+0001 to U+001F).
 */

const DICTIONARY = [
  '{"id":"',
  '","payload":{"name":"',
  '","value":',
  '},"receivedAt":',
  ',"kind":"deadline","notBefore":',
  ',"notBefore":',
  ',"traceparent":"00-',
  'guidedHelp.deadline',
  '{"deadline":',
] as const;

// Longest first, so no string is cut short by a shorter one inside it.
const BY_LENGTH = DICTIONARY.map((text, i) => ({ text, token: String.fromCharCode(i + 1) })).sort((a, b) => b.text.length - a.text.length);

// eslint-disable-next-line no-control-regex
const TOKEN = /[\x01-\x1f]/g;

/**
 * The stored form of a scheduled item's JSON: packed, or the JSON itself when packing would not
 * read back exactly.
 *
 * @param json - the item's JSON (itemJson: JSON.stringify, no raw control character)
 */
export function packScheduledItem(json: string): string {
  let packed = json;
  for (const { text, token } of BY_LENGTH) packed = packed.split(text).join(token);
  return unpackScheduledItem(packed) === json ? packed : json;
}

/**
 * The item's JSON a stored value holds (packed, or plain JSON as it is).
 *
 * @param stored - the value as read from Redis
 */
export function unpackScheduledItem(stored: string): string {
  return stored.replace(TOKEN, (token) => DICTIONARY[token.charCodeAt(0) - 1] ?? token);
}

/** Lua: `unpacked(stored)` gives the item's JSON, as unpackScheduledItem does. */
export const LUA_UNPACK_SCHEDULED = `
local SCHEDULED_WORDS = nil
local function unpacked(stored)
  if not SCHEDULED_WORDS then
    SCHEDULED_WORDS = {}
    for i, text in ipairs({${DICTIONARY.map((text) => JSON.stringify(text)).join(', ')}}) do SCHEDULED_WORDS[string.char(i)] = text end
  end
  return (string.gsub(stored, '%c', SCHEDULED_WORDS))
end
`;
