/**
 * A shorter form of JSON text for values kept in Redis, exact both ways: what decode gives is
 * byte for byte the JSON that was encoded, so everything downstream reads what it always read.
 * Redis keeps a value as it is given: the transcript of an idle conversation was mostly the
 * same field names, card templates and ids repeated in every activity.
 *
 * JSON text as JSON.stringify writes it never holds a raw control character (U+0000 to U+001F
 * are escaped inside strings, and there is no whitespace outside them), so these are free to
 * stand for something else:
 * - U+0001 then a version character opens an encoded value: a value without it (written by an
 *   earlier version, or by hand) is plain JSON and is read as it is;
 * - U+0002 then 22 base64url characters: a lower-case UUID (36 characters); U+0007 alone: the
 *   same UUID as the one before it in the value (a reply's id and the id it replies to);
 * - U+0003 then 9 base-36 digits: a quoted ISO time as Date#toISOString writes it ("...Z");
 * - U+0004 to U+0006: the value's context strings (e.g. its conversation id, which the key
 *   already names), given by the caller to encode and decode alike: a string stands for itself
 *   inside JSON strings, a RawContext for JSON text as it is (a field and its value);
 * - U+0008 to U+001E, and U+001F then a printable ASCII character: the dictionary's strings.
 *
 * A dictionary is part of the stored format: its strings may be appended to, never changed or
 * reordered (that takes a new version character, with the old dictionary kept for reading).
 */
const OPEN = '\u0001';
const UUID = '\u0002';
const TIME = '\u0003';
const SAME_UUID = '\u0007';
const FIRST_CONTEXT = 4;
const MAX_CONTEXT = 3;
const FIRST_SINGLE = 8;
const LAST_SINGLE = 0x1e;
const ESCAPE = '\u001f';
const MAX_ENTRIES = LAST_SINGLE - FIRST_SINGLE + 1 + (0x7e - 0x20 + 1);
const TIME_DIGITS = 9; // base 36: up to the year 5138

const TIME_PATTERN = /"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)"/g;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isLowerHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66);
}

/** Whether a lower-case UUID (8-4-4-4-12 hex digits) starts at `at`. */
function uuidAt(text: string, at: number): boolean {
  if (at + 36 > text.length) return false;
  for (let i = 0; i < 36; i++) {
    const code = text.charCodeAt(at + i);
    if (i === 8 || i === 13 || i === 18 || i === 23 ? code !== 0x2d : !isLowerHex(code)) return false;
  }
  return true;
}

/**
 * Packs every lower-case UUID, a repeat of the one before as one character. UUIDs are found
 * from their first dash (a scan that stops at dashes only: a regular expression tried at
 * every character cost more than the rest of the encoding).
 */
function packUuids(text: string): string {
  let out = '';
  let done = 0;
  let last = '';
  for (let dash = text.indexOf('-', 8); dash >= 0; ) {
    const at = dash - 8;
    if (at >= done && uuidAt(text, at)) {
      const uuid = text.slice(at, at + 36);
      out += text.slice(done, at) + (uuid === last ? SAME_UUID : UUID + Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url'));
      last = uuid;
      done = at + 36;
      dash = text.indexOf('-', done + 8);
    } else {
      dash = text.indexOf('-', dash + 1);
    }
  }
  return done === 0 ? text : out + text.slice(done);
}

function unpackUuid(packed: string): string {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function packTime(quoted: string, iso: string): string {
  const ms = Date.parse(iso);
  // Only a time that comes back as the same text is packed (not year 0000-1969, not 24:00).
  if (!(ms >= 0) || new Date(ms).toISOString() !== iso) return quoted;
  const digits = ms.toString(36);
  return digits.length > TIME_DIGITS ? quoted : TIME + digits.padStart(TIME_DIGITS, '0');
}

function unpackTime(digits: string): string {
  return `"${new Date(parseInt(digits, 36)).toISOString()}"`;
}

/** A context entry that stands for JSON text as it is, not for a string's content (replaced before the strings). */
export interface RawContext {
  json: string;
}

/** What a context entry stands for in JSON text. */
function contextText(value: string | RawContext | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? JSON.stringify(value).slice(1, -1) : value.json;
}

export class CompactJson {
  private readonly open: string;
  private readonly tokenOf = new Map<string, string>();
  private readonly entryOf = new Map<string, string>();
  private readonly entries: RegExp | undefined;
  private readonly tokens = new RegExp(`${ESCAPE}[\\x20-\\x7e]|${UUID}[A-Za-z0-9_-]{22}|${TIME}[0-9a-z]{${TIME_DIGITS}}|[\\x04-\\x1e]`, 'g');

  /**
   * @param version - one printable character naming this format (the dictionary's version)
   * @param dictionary - strings frequent in the values, most frequent first (the first 23 take
   *   one character, the rest two); none may hold a control character or repeat another
   */
  constructor(version: string, dictionary: readonly string[]) {
    if (!/^[\x20-\x7e]$/.test(version)) throw new RangeError('CompactJson: the version must be one printable ASCII character');
    if (dictionary.length > MAX_ENTRIES) throw new RangeError(`CompactJson: at most ${MAX_ENTRIES} dictionary strings`);
    this.open = OPEN + version;
    dictionary.forEach((entry, i) => {
      // eslint-disable-next-line no-control-regex
      if (entry.length < 2 || /[\x00-\x1f]/.test(entry) || this.tokenOf.has(entry)) throw new RangeError(`CompactJson: unfit dictionary string ${JSON.stringify(entry)}`);
      const single = FIRST_SINGLE + i;
      const token = single <= LAST_SINGLE ? String.fromCharCode(single) : ESCAPE + String.fromCharCode(0x20 + single - LAST_SINGLE - 1);
      this.tokenOf.set(entry, token);
      this.entryOf.set(token, entry);
    });
    // Longest first, so a string is never cut short by one it begins with.
    const byLength = [...dictionary].sort((a, b) => b.length - a.length).map(escapeRegExp);
    this.entries = byLength.length > 0 ? new RegExp(byLength.join('|'), 'g') : undefined;
  }

  /**
   * The short form of `json`.
   *
   * @param json - JSON text as JSON.stringify writes it
   * @param context - up to 3 strings (or raw JSON texts) the reader will give again (e.g. the ids the key names)
   */
  encode(json: string, context: readonly (string | RawContext)[] = []): string {
    // Not JSON.stringify's output: kept as it is (it reads back as it is, unless it looks encoded).
    // eslint-disable-next-line no-control-regex
    if (/[\x00-\x1f]/.test(json)) {
      if (json.startsWith(OPEN)) throw new RangeError('CompactJson: a value that begins as an encoded one cannot be kept');
      return json;
    }
    let text = json;
    const entries = context.slice(0, MAX_CONTEXT).map((value, i) => ({ escaped: contextText(value), token: String.fromCharCode(FIRST_CONTEXT + i), raw: typeof value !== 'string' }));
    // Raw JSON text first: a string it holds (the channel's id in a URL) would otherwise break it up.
    for (const { escaped, token } of [...entries.filter((e) => e.raw), ...entries.filter((e) => !e.raw)]) {
      // eslint-disable-next-line no-control-regex
      if (escaped.length > 1 && !/[\x00-\x1f]/.test(escaped)) text = text.split(escaped).join(token);
    }
    if (this.entries) text = text.replace(this.entries, (entry) => this.tokenOf.get(entry)!);
    text = packUuids(text).replace(TIME_PATTERN, packTime);
    return this.open + text;
  }

  /**
   * The JSON text `encode` was given; text that is not encoded (plain JSON) comes back as it is.
   *
   * @param text - a stored value
   * @param context - the strings given to `encode`
   * @throws RangeError on a value encoded with another version
   */
  decode(text: string, context: readonly (string | RawContext)[] = []): string {
    if (text.charAt(0) !== OPEN) return text;
    if (!text.startsWith(this.open)) throw new RangeError(`CompactJson: a value of version ${JSON.stringify(text.charAt(1))}, this reader is ${JSON.stringify(this.open.charAt(1))}`);
    let last = '';
    return text.slice(2).replace(this.tokens, (token) => {
      const kind = token.charAt(0);
      if (kind === UUID) return (last = unpackUuid(token.slice(1)));
      if (kind === SAME_UUID) return last;
      if (kind === TIME) return unpackTime(token.slice(1));
      const code = kind.charCodeAt(0);
      if (code < FIRST_SINGLE) return contextText(context[code - FIRST_CONTEXT]);
      const entry = this.entryOf.get(token);
      if (entry === undefined) throw new RangeError('CompactJson: a token this dictionary does not have');
      return entry;
    });
  }
}
