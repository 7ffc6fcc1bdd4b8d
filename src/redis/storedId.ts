/**
 * Ids as Redis keeps them, exactly (S17). node-redis sends every string as UTF-8, and UTF-8 has
 * no form for a lone UTF-16 surrogate: '\ud800', '\udbff' and '\udc00' would all reach Redis as
 * U+FFFD, so three message ids differing in that one code unit became one (two acknowledged as
 * duplicates and lost). Every id the hub sends is therefore written through `storedId`:
 *
 * - a well-formed id (String.prototype.isWellFormed) without the escape mark is kept as it is,
 *   so every key and value written before this encoding still names the same thing;
 * - a lone surrogate, and the mark itself, become the mark and the code unit's four hex digits.
 *
 * The mark is U+FFFF, a noncharacter no text in interchange carries. The escape works code unit
 * by code unit, so it commutes with joining: `storedId(before + id + after)` equals
 * `before + storedId(id) + after` for well-formed parts without the mark, which lets a Lua
 * script build a conversation's keys from its stored id (the inbox's read-ahead) and find the
 * keys the stores wrote. What is stored is well-formed, so it comes back from Redis unchanged
 * and `idFromStored` gives the id as sent.
 */
const MARK = '\uffff';
const NEEDS_ESCAPE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uffff/g;
const ESCAPED = /\uffff([0-9a-f]{4})/g;
/** What String.prototype.isWellFormed (not in this TypeScript lib) and the mark check find. */
const ANY_TO_ESCAPE = new RegExp(NEEDS_ESCAPE.source);

function escapeUnit(unit: string): string {
  return MARK + unit.charCodeAt(0).toString(16).padStart(4, '0');
}

/** The id as written to Redis: unchanged unless it holds a lone surrogate or U+FFFF. */
export function storedId(id: string): string {
  return !ANY_TO_ESCAPE.test(id) ? id : id.replace(NEEDS_ESCAPE, escapeUnit);
}

/** The id `storedId` was given. */
export function idFromStored(stored: string): string {
  return stored.includes(MARK) ? stored.replace(ESCAPED, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : stored;
}

/**
 * Lua: `exactDecode(json)` is cjson.decode for JSON that JSON.stringify wrote, with every string
 * in its stored form (`storedId`). cjson.decode refuses a lone surrogate's escape ("\ud800",
 * which JSON.stringify writes for one) with an error, so one id or text holding one would fail
 * every script that reads the item (a scheduled item's claim, for every conversation). The
 * escapes become the mark and their four hex digits, and the mark itself the mark and "ffff",
 * before decoding: an id decoded here is the key `storedId` gives in TypeScript. JSON.stringify
 * writes a surrogate pair as its character, never as escapes, so each such escape is a lone
 * surrogate; one preceded by an escaped backslash ("\\ud800") is text, and is left alone.
 */
export const LUA_EXACT_DECODE = `
local function exactDecode(json)
  local marked = string.gsub(json, '\\239\\191\\191', '\\239\\191\\191ffff')
  marked = string.gsub(marked, '(\\\\+)u([dD][89a-fA-F]%x%x)', function(slashes, hex)
    if #slashes % 2 == 0 then return nil end
    return string.sub(slashes, 2) .. '\\239\\191\\191' .. string.lower(hex)
  end)
  return cjson.decode(marked)
end
`;
