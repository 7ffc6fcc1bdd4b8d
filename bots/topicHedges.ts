/**
 * When a topic the matcher picked clearly is still asked about rather than opened (U5): the
 * customer wrote about something the guided help does not troubleshoot, or named nothing the
 * topic is known by. A wrong automatic pick costs the customer more than one more question, and
 * "which topic?" keeps the topic offered first, so nothing is lost for one that was right.
 *
 *   other business  a bill, a contract, a purchase, a move ("la factura del internet me llegó
 *                   carísima", "quiero contratar fibra"): the topic's words are there, but the
 *                   customer wants sales or billing, not a fix. Per language, as customers say it.
 *   only vocabulary the pick rests only on the casebase's other texts (an answer's "Portátil",
 *                   a description's "ordenador"), though its author gave keywords, and no
 *                   keyword nor name word was said: a device or a word in passing ("la
 *                   pantalla del portátil se ve negra") is no topic.
 */
import { languagePack, packTagOf } from '../src/languages/languagePacks.js';
import { foldMarks, normalise } from '../dialogs/guidedHelp/understanding/normalise.js';
import { offTopicWordIn } from '../dialogs/guidedHelp/understanding/offTopicWords.js';
import { scoreCandidates, type MatchCandidate } from '../dialogs/guidedHelp/understanding/freeTextMatcher.js';

/** Each pack's out-of-topic words as one pattern of whole words (normalised text), compiled once per pack. */
const patterns = new WeakMap<object, RegExp | null>();

function offTopicPattern(locale: string): RegExp | undefined {
  const tag = packTagOf(locale);
  if (!tag) return undefined;
  const pack = languagePack(tag);
  if (!patterns.has(pack)) {
    const words = pack.words.offTopic.join('|');
    // Whole words where words are spaced (\b is ASCII-only: Cyrillic needs letters around); anywhere in Chinese, Japanese, Korean.
    const source = pack.words.segmenter ? `(?:${words})` : `(?<![\\p{L}\\p{N}])(?:${words})(?![\\p{L}\\p{N}])`;
    patterns.set(pack, words ? new RegExp(foldMarks(source), 'u') : null);
  }
  return patterns.get(pack) ?? undefined;
}

/**
 * Whether the text is about billing, sales or a contract in the customer's language: the
 * pack's `offTopic` phrases and `offTopicWords` (src/languages/packs), only what a fault report does not say:
 * "charge" alone is a battery ("won't charge"), "Zahlen" are numbers, a printer "bought last
 * week" is still a fault, so those are left out or asked for in a phrase. German glues words
 * together ("Handyrechnung", "Internetvertrag"): its billing words match inside a compound.
 */
export function aboutOtherBusiness(text: string, locale: string): boolean {
  const words = offTopicPattern(locale);
  // The phrases (context decides: "cancel my plan", not "cancel the print job"), then the words any inflection of which is enough ("gefactureerd").
  return (words !== undefined && words.test(normalise(text.slice(0, 500)))) || offTopicWordIn(text.slice(0, 500), locale);
}

/**
 * Whether the candidate picked has keywords from its author and was named by none of them, nor
 * by a word of its name. A casebase without keywords is found by its texts alone (B6): there
 * the vocabulary is all the evidence there is, and it picks.
 */
export function pickedOnVocabularyAlone(candidates: MatchCandidate[], picked: string, text: string, lang?: string): boolean {
  if ((candidates.find((c) => c.id === picked)?.keywords ?? []).length === 0) return false;
  // In the text's language: its stop words, stems and word splitting, as the pick was made ("が" is no word of a name).
  const named = scoreCandidates(
    candidates.map((c) => ({ id: c.id, label: c.label, keywords: c.keywords })),
    text,
    undefined,
    lang,
  );
  return (named.find((s) => s.id === picked)?.score ?? 0) === 0;
}
