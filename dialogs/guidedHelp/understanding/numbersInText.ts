/**
 * Numbers a customer gives inside a sentence, in digits, in English and French words (ours) and
 * in other languages' words (Microsoft's recognizer):
 * "it says error 1500", "about 20 pages", "vingt-deux", "twenty five Mbit/s", "1 000",
 * "12,5"; and ranges: "between 10 and 20", "10-20", "de 5 à 50". Used to answer a number
 * question from a sentence and to remember the numbers of a first message.
 *
 * "one", "un" and "une" are not read as numbers: they are articles far more often than counts.
 */
import { NumberRecognizer } from '@microsoft/recognizers-text-number';
import { languagePack, packTagOf, type PackWords } from '../../../src/languages/languagePacks.js';
import { normalise } from './normalise.js';

/** A range given as X to Y. */
export interface NumberRange {
  /** The lower end. */
  min: number;
  /** The upper end. */
  max: number;
}

/** The numbers and ranges a text gives. */
export interface NumbersInText {
  /** Every number given on its own, in order, without repeats. */
  values: number[];
  /** Ranges given as "X to Y" (their ends are not in `values`). */
  ranges: NumberRange[];
}

const UNITS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13,
  fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, zero: 0,
  deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12, treize: 13,
  quatorze: 14, quinze: 15, seize: 16,
};
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  vingt: 20, vingts: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60,
};
const SCALES: Record<string, number> = { hundred: 100, cent: 100, cents: 100, thousand: 1000, mille: 1000 };
/** Words that may sit inside a number said in words: "vingt et un", "a hundred and five". */
const GLUE = new Set(['and', 'et']);

function wordValue(w: string): { kind: 'unit' | 'ten' | 'scale'; n: number } | undefined {
  if (w in UNITS) return { kind: 'unit', n: UNITS[w] };
  if (w in TENS) return { kind: 'ten', n: TENS[w] };
  if (w in SCALES) return { kind: 'scale', n: SCALES[w] };
  return undefined;
}

/** Numbers said in words, each with the index of its first and last word. */
function wordNumbers(words: string[]): Array<{ n: number; from: number; to: number }> {
  const out: Array<{ n: number; from: number; to: number }> = [];
  let i = 0;
  while (i < words.length) {
    if (!wordValue(words[i])) {
      i++;
      continue;
    }
    let total = 0;
    let current = 0;
    let last = i;
    let j = i;
    while (j < words.length) {
      const v = wordValue(words[j]);
      if (!v) {
        // "vingt et un": the glue is followed by a number word ("un" counts there).
        if (GLUE.has(words[j]) && j + 1 < words.length && (wordValue(words[j + 1]) || words[j + 1] === 'un' || words[j + 1] === 'one')) {
          if (!wordValue(words[j + 1])) {
            current += 1;
            last = j + 1;
            j += 2;
            break;
          }
          j++;
          continue;
        }
        break;
      }
      if (v.kind === 'scale') {
        // "quatre vingt" is 80: vingt multiplies like a scale after quatre.
        current = (current || 1) * v.n;
        if (v.n >= 1000) {
          total += current;
          current = 0;
        }
      } else if (v.kind === 'ten' && current === 4 && v.n === 20) current = 80;
      else current += v.n;
      last = j;
      j++;
    }
    out.push({ n: total + current, from: i, to: last });
    i = last + 1;
  }
  return out;
}

function digitsValue(raw: string): number | undefined {
  const n = Number(raw.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

const RANGE = /(\d[\d.,]*)\s*(?:-|–|to|à|a|and|et|~)\s*(\d[\d.,]*)/gu;
const DIGITS = /(?<![\d.,])(\d{1,3}(?:[ \u00a0]\d{3})+|\d+(?:[.,]\d+)?)(?![\d])/gu;

/**
 * Languages our own words do not cover are read with Microsoft's number recognizer (what
 * botbuilder-dialogs' NumberPrompt uses), only when our own reading finds nothing (U5).
 * Measured on 30 numbers in sentences, en/fr/es/de (docs/guided-help.md): our code 23 right,
 * the recognizer 22 (it reads "one", "une", "una" as 1 and "12,5" in French as no number, and
 * knows no German number words in this version), both together 27.
 */
function packWords(locale: string | undefined): PackWords | undefined {
  const tag = packTagOf(locale);
  return tag ? languagePack(tag).words : undefined;
}
/** Articles far more often than counts, in any language (see above). */
const ARTICLES = new Set(['one', 'un', 'une', 'uno', 'una', 'ein', 'eine', 'einen', 'einem', 'einer', 'um', 'uma', 'een', 'en', 'ett', 'et']);

/** One model per culture: building one compiles many patterns (seconds), reading with it is fast. */
const models = new Map<string, ReturnType<NumberRecognizer['getNumberModel']>>();

function recognized(text: string, locale: string | undefined): number[] {
  const culture = packWords(locale)?.recognizerCulture;
  if (!culture) return [];
  let model = models.get(culture);
  if (!model) models.set(culture, (model = new NumberRecognizer(culture).getNumberModel(culture)));
  return model
    .parse(text.slice(0, 500))
    .filter((r) => !ARTICLES.has(normalise(r.text)))
    .map((r) => Number(String((r.resolution as { value?: unknown } | undefined)?.value ?? '').replace(',', '.')))
    .filter((n) => Number.isFinite(n));
}

/**
 * The numbers and ranges in a text: our own reading, else the recognizer's for the language.
 *
 * @param text - the customer's message
 * @param locale - the conversation's locale; lets other languages' number words be read
 */
export function numbersInText(text: string, locale?: string): NumbersInText {
  const own = ownNumbers(text);
  if (own.values.length > 0 || own.ranges.length > 0) return own;
  const found = recognized(text, locale);
  return { values: [...new Set(found.length > 0 ? found : packNumbers(text, locale))], ranges: [] };
}

/**
 * Number words of a pack whose language the recognizer does not read (Italian, Dutch, Danish,
 * Swedish, Russian, Korean in this version: measured, it finds nothing in "tre", "drie",
 * "три", "셋"): the pack's `numberWords`, whole words of the message (I5).
 */
function packNumbers(text: string, locale: string | undefined): number[] {
  const words = packWords(locale)?.numberWords;
  if (!words) return [];
  const table = new Map(Object.entries(words).map(([w, n]) => [normalise(w), n]));
  return normalise(text.slice(0, 500))
    .split(' ')
    .flatMap((w) => (table.has(w) && !ARTICLES.has(w) ? [table.get(w)!] : []));
}

function ownNumbers(text: string): NumbersInText {
  const lower = text.toLowerCase().slice(0, 500);
  const ranges: NumberRange[] = [];
  let rest = lower.replace(RANGE, (whole, a: string, b: string) => {
    const lo = digitsValue(a);
    const hi = digitsValue(b);
    if (lo === undefined || hi === undefined || hi <= lo) return whole;
    ranges.push({ min: lo, max: hi });
    return ' ';
  });
  const values: number[] = [];
  rest = rest.replace(DIGITS, (m: string) => {
    const v = digitsValue(m);
    if (v !== undefined) values.push(v);
    return ' ';
  });
  const words = normalise(rest).split(' ').filter(Boolean);
  for (const w of wordNumbers(words)) values.push(w.n);
  return { values: [...new Set(values)], ranges };
}

/**
 * "3", " 2024 ", "3.0": a number and nothing else, which never matches the digits inside an
 * answer's name. "1,3" is not one: at a choice it is a list of two.
 *
 * @param text - the customer's message
 */
export function isBareNumber(text: string): boolean {
  return /^\s*[-+]?\d+(?:\.\d+)?\s*$/.test(text);
}
