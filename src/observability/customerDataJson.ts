/**
 * Customer data masked in JSON text (S13), with the result of parsing it, masking the value
 * (maskCustomerDataDeep) and serialising it again, without the two copies in between: every
 * transcript activity reaches its store as JSON, and that round trip cost more than the rest of
 * the store's work. Only the strings are read: one that cannot hold customer data (fewer digits
 * than a phone number, no `@` and no escape) is copied as it is; one that may is decoded, masked,
 * and written back only when the mask changed it.
 *
 * The rules are maskCustomerDataDeep's: strings under a structural key (ids, times, addresses
 * of services), and all that nests under one, are kept; so is what nests deeper than
 * MAX_MASK_DEPTH containers. Keys are never masked.
 */
import { CUSTOMER_DATA_KINDS, MAX_MASK_DEPTH, maskCustomerData, PHONE_MIN_DIGITS, STRUCTURAL_KEY, type CustomerDataKind } from './customerData.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
// Outside ASCII: digits of other scripts, full-width at signs (S18, foldedText.ts).
const MAY_HOLD_DATA = /[\d@\u0080-\uffff]/;

/** A key's name from its JSON token at [start, end), quotes included. */
function keyName(json: string, start: number, end: number): string {
  const token = json.slice(start, end);
  return token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
}

/**
 * `json` with customer data masked in its strings, as `JSON.stringify(maskCustomerDataDeep(JSON.parse(json), kinds))`
 * gives it for JSON text that JSON.stringify wrote.
 *
 * @param json - JSON text (as JSON.stringify writes it)
 * @param kinds - the kinds to mask; default all
 * @throws SyntaxError when `json` is not JSON
 */
export function maskCustomerDataJson(json: string, kinds: readonly CustomerDataKind[] = CUSTOMER_DATA_KINDS): string {
  if (kinds.length === 0 || !MAY_HOLD_DATA.test(json)) return json;
  /** Per open container: whether it is an object, and whether its values are kept (a structural key above). */
  const objects: boolean[] = [];
  const kept: boolean[] = [];
  // The last key read, by position; whether it is structural is asked only when a value needs it.
  let keyStart = 0;
  let keyEnd = 0;
  let keyIsStructural: boolean | undefined;
  const structural = () => (keyIsStructural ??= STRUCTURAL_KEY.test(keyName(json, keyStart, keyEnd)));
  let expectKey = false;
  let out = '';
  let copiedUpTo = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      // What the string may hold: an @, its digits, a `\u` escape (which may hide an @ or a digit).
      let digits = 0;
      let atOrEscape = false;
      for (i++; i < json.length; i++) {
        const d = json.charCodeAt(i);
        if (d === QUOTE) break;
        if (d === BACKSLASH) {
          i++;
          if (json.charCodeAt(i) === 0x75) atOrEscape = true;
        } else if (d >= 0x30 && d <= 0x39) digits++;
        else if (d === 0x40) atOrEscape = true;
        else if (d >= 0x80) {
          // Counted as maskCustomerData's digitCount counts it: it may be a digit of another script.
          digits++;
          if (d === 0xff20 || d === 0xfe6b) atOrEscape = true;
        }
      }
      if (i >= json.length) throw new SyntaxError('maskCustomerDataJson: unterminated string');
      if (expectKey) {
        keyStart = start;
        keyEnd = i + 1;
        keyIsStructural = undefined;
        expectKey = false;
        continue;
      }
      // Fewer digits than a phone has, and no @: nothing to mask (maskCustomerData would say so);
      // the other escapes (\" \\ \n ...) stand for no digit and no @.
      if (!atOrEscape && digits < PHONE_MIN_DIGITS) continue;
      const depth = objects.length;
      if (depth > MAX_MASK_DEPTH || (depth > 0 && kept[depth - 1]) || (objects[depth - 1] === true && structural())) continue;
      const text = JSON.parse(json.slice(start, i + 1)) as string;
      const masked = maskCustomerData(text, kinds);
      if (masked === text) continue;
      out += json.slice(copiedUpTo, start) + JSON.stringify(masked);
      copiedUpTo = i + 1;
    } else if (c === 0x7b || c === 0x5b) {
      const depth = objects.length;
      // A container under a structural key is kept whole, as is one inside a kept container.
      kept.push((depth > 0 && kept[depth - 1]) || (objects[depth - 1] === true && structural()));
      objects.push(c === 0x7b);
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      objects.pop();
      kept.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      // After a comma, an object's next member starts with its key.
      expectKey = objects[objects.length - 1] === true;
    }
  }
  if (objects.length !== 0) throw new SyntaxError('maskCustomerDataJson: unbalanced brackets');
  return copiedUpTo === 0 ? json : out + json.slice(copiedUpTo);
}
