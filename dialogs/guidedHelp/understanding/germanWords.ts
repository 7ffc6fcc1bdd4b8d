/**
 * German words as the free-text matcher compares them (U5). Three things the light stem of
 * textTokens.ts misses in German:
 *
 *   inflections   "Druckers", "Druckern", "Verbindungen", "Lämpchen" meet "Drucker",
 *                 "Verbindung": Snowball's German stemmer (@orama/stemmers), which conflates
 *                 more than our light stem would dare in English, but a German noun's endings
 *                 are its inflections;
 *   spellings     "Stoerung", "laeuft", "Blaetter" typed without umlauts meet "Störung":
 *                 after folding (ö → o) the written-out ae / oe / ue are folded too;
 *   compounds     "Glasfaseranschluss", "Druckkopf", "Routerneustart" name a known word
 *                 without being it: split over the words the candidates know (a modifier
 *                 first, its head last, a linking "s" between), never over a hand list.
 */
import { stemmer } from '@orama/stemmers/german';

/** Whether a language tag ("de", "de-DE", "de-AT") is German. */
export function isGerman(lang: string | undefined): boolean {
  return lang !== undefined && /^de(?:$|[-_])/i.test(lang);
}

/** Stems already computed: every message stems the candidates' whole vocabulary again. Bounded: cleared when full. */
const stems = new Map<string, string>();
const MAX_STEMS = 10_000;

/** The stem of a folded German word: umlauts written out folded as typed ones, then Snowball. */
export function germanStem(word: string): string {
  if (/\d/.test(word)) return word;
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(word, (s = stemmer(word.replace(/([aou])e/g, '$1'))));
  }
  return s;
}

/** A compound's parts are words of four letters or more; so is what is left of it. */
const MIN_PART = 4;
/** Shorter words are rarely compounds. */
const MIN_COMPOUND = 7;

/**
 * The known words a folded German word is made of, stemmed: "glasfaseranschluss" →
 * ["glasfas"] when "Glasfaser" is known, "druckerpatrone" → ["druck", "patron"]. The longest
 * known modifier is taken first ("netzwerkkabel" is a "netzwerk", not a "netz"), then the rest
 * is read the same way; a known head is taken when no modifier is known. Empty when no part is
 * known or the word is too short to be a compound.
 *
 * @param word - a folded word, not stemmed
 * @param known - whether a stem is one of the candidates' words
 * @param stemOf - the language's stem (German's by default; Dutch, Danish, Swedish glue words the same way)
 */
export function compoundParts(word: string, known: (stem: string) => boolean, stemOf: (word: string) => string = germanStem): string[] {
  if (word.length < MIN_COMPOUND || /\d/.test(word)) return [];
  for (let i = word.length - MIN_PART + 1; i >= MIN_PART; i--) {
    const left = word.slice(0, i);
    const right = word.slice(i);
    if (right.length < MIN_PART) continue;
    // A linking "s" ("Verbindungsabbruch") belongs to neither part.
    const modifier = [left, ...(left.endsWith('s') && left.length > MIN_PART ? [left.slice(0, -1)] : [])].map(stemOf).find(known);
    if (!modifier) continue;
    const head = stemOf(right);
    return [modifier, ...(known(head) ? [head] : compoundParts(right, known, stemOf))];
  }
  for (let i = MIN_PART - 1; i <= word.length - MIN_PART; i++) {
    const head = stemOf(word.slice(i));
    if (head.length >= MIN_PART && known(head)) return [head];
  }
  return [];
}
