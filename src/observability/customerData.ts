/**
 * Customer data masked before it is kept (S13): card numbers, e-mail addresses and phone numbers
 * a customer types end up in transcripts (kept 30 days), dead letters and log lines, where
 * anyone with access to Redis or the logs could read them. Each is replaced by a marker naming
 * what it was (`[card]`, `[email]`, `[phone]`), so a transcript still reads sensibly.
 *
 * However they are written (S18): the patterns read the text folded (foldedText.ts), so digits
 * of any script (full-width `４`, Arabic-Indic `٤`, ...), every Unicode space (no-break, thin,
 * ideographic) and dash, and full-width letters and at signs count as their ASCII selves.
 *
 * - cards: 13 to 19 digits, in one run or grouped by up to three separators between digits
 *   (spaces, dots, slashes, dashes: `4111.1111`, `4111  1111`, `4111 / 1111`), that pass the Luhn
 *   check (so an order number of 16 digits is masked only when it happens to pass it too);
 * - e-mail addresses: local part, an at sign, a domain with a dot;
 * - phone numbers: 9 to 15 digits in one run or in groups (one or two spaces, dots, slashes,
 *   dashes, brackets), or from 7 digits when written with a leading `+`; dates (ISO, or day,
 *   month and year with dots or slashes) and IPv4 addresses are left alone.
 *
 * Masking is a heuristic: it errs on the side of masking (a 10-digit reference becomes `[phone]`),
 * and a number spelled in words is not found.
 */
import { replaceFolded } from './foldedText.js';

export type CustomerDataKind = 'cards' | 'emails' | 'phones';

export const CUSTOMER_DATA_KINDS: readonly CustomerDataKind[] = ['cards', 'emails', 'phones'];

const CARD = /(?<![\d-])\d(?:[ ./-]{0,3}\d){12,18}(?![\d-])/g;
// Each pattern may start only where a run of its characters starts (the lookbehinds), and its
// groups cannot split the same characters two ways: a long hostile string costs linear time.
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const PHONE = /(?<![\w@+./-])(?:\+ ?)?(?:\(\d{1,4}\)[ ./-]?)?\d+(?:[ ./-]{1,2}\(?\d+\)?)*(?![\w@])/g;
/** A date at the start of a phone-like match: 2026-11-26, 26.11.2026, 26/11/2026. */
const DATE_FIRST = /^(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})(?![\d])/;

/** True when the digits pass the Luhn check (the check digit of card numbers). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function looksLikePhone(match: string): boolean {
  const digits = match.replace(/\D/g, '').length;
  const bare = match.replace(/^[(]+|[)]+$/g, '');
  if (DATE_FIRST.test(bare) || /^\d{1,3}(\.\d{1,3}){3}$/.test(bare)) return false;
  return match.trimStart().startsWith('+') ? digits >= 7 && digits <= 15 : digits >= 9 && digits <= 15;
}

/**
 * Digits a match needs: a card has 13 at least, a phone 7 (with a leading `+`; 9 without). A text
 * with fewer in all cannot hold one, so its pattern is not run (each costs a scan of the text with
 * lookbehinds, on every transcript activity and log line).
 */
export const CARD_MIN_DIGITS = 13;
export const PHONE_MIN_DIGITS = 7;

/** How many digits `text` has, of any script (a character outside ASCII is counted as one: folding tells). */
export function digitCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || c >= 0x80) n++;
  }
  return n;
}

/** Whether `text` may hold an at sign (a full-width or small one folds to '@'). */
function mayHoldAt(text: string): boolean {
  return text.includes('@') || text.includes('\uff20') || text.includes('\ufe6b');
}

/** One pass per kind: the text with that kind's matches replaced by its marker. */
const maskPass: Record<CustomerDataKind, (text: string) => string> = {
  cards: (t) => replaceFolded(t, CARD, (m) => (passesLuhn(m.replace(/\D/g, '')) ? '[card]' : undefined)),
  emails: (t) => replaceFolded(t, EMAIL, () => '[email]'),
  phones: (t) => replaceFolded(t, PHONE, (m) => (looksLikePhone(m) ? '[phone]' : undefined)),
};

/** `text` with the chosen kinds of customer data replaced by markers. */
export function maskCustomerData(text: string, kinds: readonly CustomerDataKind[] = CUSTOMER_DATA_KINDS): string {
  if (kinds.length === 0) return text;
  let digits = digitCount(text);
  // Neither masking a card nor a phone adds or removes an @, so it is looked for once.
  const at = mayHoldAt(text);
  if (digits < PHONE_MIN_DIGITS && !at) return text;
  let out = text;
  if (digits >= CARD_MIN_DIGITS && kinds.includes('cards')) {
    const next = maskPass.cards(out);
    if (next !== out) digits = digitCount((out = next));
  }
  if (at && kinds.includes('emails')) {
    const next = maskPass.emails(out);
    if (next !== out) digits = digitCount((out = next));
  }
  if (digits >= PHONE_MIN_DIGITS && kinds.includes('phones')) out = maskPass.phones(out);
  return out;
}

/**
 * Every pattern run on `text`, whatever its digits: what maskCustomerData must give (a test holds
 * them equal), without the counts that let it skip a pattern.
 */
export function maskWithEveryPattern(text: string, kinds: readonly CustomerDataKind[] = CUSTOMER_DATA_KINDS): string {
  let out = text;
  for (const kind of CUSTOMER_DATA_KINDS) if (kinds.includes(kind)) out = maskPass[kind](out);
  return out;
}

/** Fields that name or date things rather than say them: ids, times, addresses of services. */
export const STRUCTURAL_KEY = /(^id$|Id$|_id$|^ids?$|^(timestamp|localTimestamp|created|updated|createdAt|receivedAt|deadAt|expiration|serviceUrl|url|path|address|locale|language|type|channelId|etag|eTag|kind|time|level|msg)$)/;

/** Nesting below which nothing is masked (values deeper are kept as they are). */
export const MAX_MASK_DEPTH = 32;

/**
 * A copy of `value` with customer data masked in every string, except under keys that hold ids,
 * times and the like (a conversation id of 12 digits is not a phone number). Plain JSON values
 * only; anything else is returned as it is.
 */
export function maskCustomerDataDeep<T>(value: T, kinds: readonly CustomerDataKind[] = CUSTOMER_DATA_KINDS, depth = 0): T {
  if (kinds.length === 0 || depth > MAX_MASK_DEPTH) return value;
  if (typeof value === 'string') return maskCustomerData(value, kinds) as T;
  if (Array.isArray(value)) return value.map((v) => maskCustomerDataDeep(v, kinds, depth + 1)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    // A loop over the keys rather than entries → map → fromEntries: this runs on every activity
    // of every transcript, and those three copies were most of its cost.
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(source)) {
      const v = STRUCTURAL_KEY.test(k) ? source[k] : maskCustomerDataDeep(source[k], kinds, depth + 1);
      // An own `__proto__` key (JSON.parse makes one) stays a key, as fromEntries kept it.
      if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
    }
    return out as T;
  }
  return value;
}

/** The kinds named by CUSTOMER_DATA_REDACTION: a list of kinds, or `off` for none. */
export function customerDataKindsFrom(setting: readonly string[] | 'off'): CustomerDataKind[] {
  return setting === 'off' ? [] : CUSTOMER_DATA_KINDS.filter((k) => setting.includes(k));
}
