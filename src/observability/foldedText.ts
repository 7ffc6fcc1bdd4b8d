/**
 * Text as the customer-data patterns read it (S18): a card number, e-mail address or phone number
 * may be typed with full-width or other scripts' digits (`４１１１`, `٤١١١`), non-breaking or other
 * Unicode spaces, Unicode dashes, full-width letters and at signs. Folding maps each code point to
 * what it stands for in ASCII (a decimal digit to its value, a space to ' ', a dash to '-',
 * anything NFKC makes one ASCII character of to that character) and leaves the rest as it is,
 * remembering where each folded character came from, so a match found in the folded text is
 * replaced in the text as written. An ASCII text folds to itself at no cost.
 */
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const SPACE = /^\p{Zs}$/u;
const DASH = /^\p{Pd}$/u;

/** Folded characters seen, bounded (a text could name every code point). */
const cache = new Map<string, string>();
const CACHE_LIMIT = 4096;

/**
 * The value of a decimal digit: Unicode gives every script's digits 0 to 9 as a run of ten
 * consecutive code points (runs may touch, as the mathematical digits do), so the distance to
 * the start of its run of digits, modulo ten, is its value.
 */
function digitValue(codePoint: number): number {
  let start = codePoint;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (codePoint - start) % 10;
}

function foldCharacter(ch: string): string {
  let folded = cache.get(ch);
  if (folded !== undefined) return folded;
  if (DECIMAL_DIGIT.test(ch)) folded = String(digitValue(ch.codePointAt(0)!));
  else if (SPACE.test(ch)) folded = ' ';
  else if (DASH.test(ch)) folded = '-';
  else {
    const nfkc = ch.normalize('NFKC');
    folded = nfkc.length === 1 && nfkc.charCodeAt(0) < 0x80 ? nfkc : ch;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(ch, folded);
  return folded;
}

/** A text folded: `text` as the patterns read it; `from[i]`, where its i-th unit was written (undefined: the same place). */
export interface FoldedText {
  readonly text: string;
  readonly from: readonly number[] | undefined;
}

/** `text` folded to ASCII where it stands for ASCII. */
export function foldText(text: string): FoldedText {
  if (ASCII.test(text)) return { text, from: undefined };
  let out = '';
  const from: number[] = [];
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    const ch = code < 0x80 ? text.charAt(i) : String.fromCodePoint(text.codePointAt(i)!);
    const folded = code < 0x80 ? ch : foldCharacter(ch);
    for (let k = 0; k < folded.length; k++) from.push(i);
    out += folded;
    i += ch.length;
  }
  from.push(text.length);
  return { text: out, from };
}

/**
 * `text` with each match of `pattern` in its folded form replaced by what `replace` gives for
 * the folded match (undefined keeps the text as written).
 *
 * @param pattern - a global regular expression over the folded text
 */
export function replaceFolded(text: string, pattern: RegExp, replace: (folded: string) => string | undefined): string {
  const folded = foldText(text);
  if (!folded.from) return text.replace(pattern, (m) => replace(m) ?? m);
  const from = folded.from;
  let out = '';
  let done = 0;
  for (const match of folded.text.matchAll(pattern)) {
    const by = replace(match[0]);
    if (by === undefined) continue;
    const start = from[match.index];
    out += text.slice(done, start) + by;
    done = from[match.index + match[0].length];
  }
  return done === 0 ? text : out + text.slice(done);
}
