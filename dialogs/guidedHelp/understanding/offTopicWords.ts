/**
 * The words of requests outside every topic (U7: billing, refunds, prices, contracts,
 * subscriptions, orders, deliveries, shops, mobile plans, TV), a class per pack
 * (`words.offTopicWords`, src/languages/packs) recognised in any inflection: by the
 * language's stem ("invoices", "facturé"), by a prefix where an entry ends in `*` ("factur*"
 * meets "facturation"), as the head of a compound where words glue ("Handyrechnung" is a
 * "rechnung"; a compound's first part is not its kind: "pakketverlies" is no parcel), anywhere
 * in Chinese, Japanese and Korean. The context-dependent ones
 * ("cancel my plan", never "cancel the print job") stay phrases in `offTopic` (topicHedges.ts).
 */
import { languagePack, packTagOf, type LanguagePack } from '../../../src/languages/languagePacks.js';
import { normalise } from './normalise.js';
import { foldText, stem } from './textTokens.js';

interface WordClass {
  stems: Set<string>;
  prefixes: string[];
  /** Whole entries, for compounds and unspaced scripts. */
  inside: string[];
}

const classes = new WeakMap<LanguagePack, WordClass>();

/** A compound's head is a word of five letters or more ("rechnung" ends "handyrechnung"), shorter ones meet too much. */
const IN_COMPOUND_FROM = 5;

function classOf(pack: LanguagePack): WordClass {
  let c = classes.get(pack);
  if (c) return c;
  const entries = (pack.words.offTopicWords ?? []).map((e) => ({ prefix: e.endsWith('*'), word: normalise(e) })).filter((e) => e.word);
  c = {
    stems: new Set(entries.filter((e) => !e.prefix).map((e) => stem(e.word, pack.tag))),
    prefixes: entries.filter((e) => e.prefix).map((e) => e.word),
    inside: entries.map((e) => e.word).filter((w) => pack.words.segmenter || w.length >= IN_COMPOUND_FROM),
  };
  classes.set(pack, c);
  return c;
}

/**
 * Whether the text has a word of its language's out-of-topic class.
 *
 * @param text - the customer's message
 * @param locale - the conversation's language; none offered, no class
 */
export function offTopicWordIn(text: string, locale: string): boolean {
  const tag = packTagOf(locale);
  if (!tag) return false;
  const pack = languagePack(tag);
  const c = classOf(pack);
  if (pack.words.segmenter) {
    const folded = normalise(text);
    return c.inside.some((w) => folded.includes(w));
  }
  return foldText(text, tag)
    .split(' ')
    .filter(Boolean)
    .some(
      (w) =>
        c.stems.has(stem(w, tag)) ||
        c.prefixes.some((p) => w.startsWith(p)) ||
        (pack.words.compounds === true && c.inside.some((x) => w.length > x.length && w.endsWith(x))),
    );
}
