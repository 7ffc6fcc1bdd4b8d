/**
 * Matches a customer's free text against what the bot is asking: the topics (a casebase's
 * names, and the texts of its first questions and answers as a weaker vocabulary) or the
 * choices of the current question (their labels and the portal's answer texts).
 *
 * Each candidate's words are weighted by how rare they are among the candidates (a word every
 * candidate has, like "printer" among printer models, picks none of them) and by the text
 * they come from (a label counts more than vocabulary). A candidate scores the weights of its
 * words the text contains, exactly (same stem) or with a typo. Confidence then decides:
 *
 *   clear  the best is well ahead of the next: proceed, and say what was understood;
 *   close  two or more are near each other: ask which one;
 *   none   nothing distinctive was said: say so, and offer the choices again.
 *
 * Precision first: a wrong automatic pick costs the customer more than one more question, so
 * "clear" needs both a real score and a wide lead.
 */
import { compoundParts, germanStem, isGerman } from './germanWords.js';
import { allLanguagePacks } from '../../../src/languages/languagePacks.js';
import { normalise } from './normalise.js';
import { foldedContentWords, saidWords, stem, wordSimilarity } from './textTokens.js';
import { compounding, gluesWords, snowballOf, withoutParticle } from './languageWords.js';
import { understandYesNo } from './yesNo.js';

/** An option a customer's words may name: its label and extra words. */
export interface MatchCandidate {
  /** The option's id. */
  id: string;
  /** The candidate's own label (full weight). */
  label: string;
  /** Words its author chose to find it by (a casebase's keywords): nearly a label's weight. */
  keywords?: string[];
  /** More texts that describe it (answer texts, question titles): weaker evidence. */
  vocabulary?: string[];
  /** Texts that only hint at it (its solutions' titles, "Change the Wi-Fi channel"): weakest. */
  hints?: string[];
}

/** What the matcher decided: one option clearly, several close ones, or none. */
export type MatchDecision =
  | { kind: 'clear'; id: string; score: number }
  | { kind: 'close'; ids: string[]; score: number }
  | { kind: 'none'; best?: string };

/** How strict the matcher is; every field has a default. */
export interface MatchOptions {
  /** Lowest score for any pick; default 0.5 (about one distinctive word of a label). */
  minScore?: number;
  /** How far ahead of the next the best must be to be picked without asking; default 1.8. */
  lead?: number;
  /** A runner-up scoring this much was named too ("Wi-Fi and printer"): ask, however far behind; default none. */
  rival?: number;
  /** Most candidates offered in a "which one?"; default 4. */
  maxClose?: number;
  /** How alike a said word and a candidate's word are (0-1); default wordSimilarity. The bench swaps libraries in here. */
  similarity?: (said: string, term: string) => number;
  /** The text's language ("de-DE"): its pack's stop words, stemmer and word segmentation (languageWords.ts); German's compounds split (germanWords.ts). */
  lang?: string;
}

const VOCABULARY_WEIGHT = 0.5;
const KEYWORD_WEIGHT = 0.8;
const HINT_WEIGHT = 0.3;
/** A known word inside a compound said ("Glasfaser" in "Glasfaseranschluss"): as sure as a typo. */
const PART_SIMILARITY = 0.8;
/** A choice labelled with a pack's own "Yes" or "No" (Sì, Ja, はい, 예). */
const yesNoLabels = (which: 'yes' | 'no') => new Set(allLanguagePacks().map((p) => normalise(p.bot[which])));

interface Term {
  word: string;
  weight: number;
  /** German's own stem of the word ("druck" for "Druckers"), when the text is German. */
  root?: string;
  /** The words as written that have this stem, for typos where a Snowball stemmer cuts them short. */
  forms?: string[];
  /** A Chinese or Japanese keyword as a whole, found anywhere in the text said. */
  whole?: boolean;
}

const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** A candidate's distinct terms, each with the weight of the strongest text it appears in. */
function termsOf(c: MatchCandidate, german: boolean, lang: string | undefined): Term[] {
  const terms = new Map<string, Term>();
  const snowball = snowballOf(lang) !== undefined;
  const add = (text: string, weight: number) => {
    const words = foldedContentWords(text, lang);
    for (const folded of words) {
      const word = stem(folded, lang);
      // Digits alone ("Printers 3.0", "5 to 50") name versions and ranges, never a topic or a choice (U3).
      if (/^\d+$/.test(word)) continue;
      // One Chinese or Japanese sign split off a longer word ("器" of "路由器", "机" of "打印机") names a
      // kind of thing, not the topic: "电视遥控器" is no router. Kept when it is the whole text ("色").
      if (words.length > 1 && [...word].length === 1 && HAN_OR_KANA.test(word)) continue;
      const known = terms.get(word);
      if (known) {
        known.weight = Math.max(known.weight, weight);
        if (snowball && !known.forms!.includes(folded)) known.forms!.push(folded);
      } else terms.set(word, { word, weight, ...(german ? { root: germanStem(folded) } : {}), ...(snowball ? { forms: [folded] } : {}) });
    }
  };
  add(c.label, 1);
  for (const k of c.keywords ?? []) add(k, KEYWORD_WEIGHT);
  // A Chinese or Japanese keyword whole too: the segmenter splits words it does not know ("路由器" → "路", "由", "器").
  for (const k of c.keywords ?? []) {
    const whole = normalise(k).replace(/ /g, '');
    if (HAN_OR_KANA.test(whole) && [...whole].length >= 2 && !terms.has(whole)) terms.set(whole, { word: whole, weight: KEYWORD_WEIGHT, whole: true });
  }
  for (const v of c.vocabulary ?? []) add(v, VOCABULARY_WEIGHT);
  for (const h of c.hints ?? []) add(h, HINT_WEIGHT);
  // Korean: "프린터가", "프린터를" are "프린터" with a particle; one term, so a word said counts once (languageWords.ts).
  for (const t of [...terms.values()]) {
    const bare = withoutParticle(t.word, lang).find((w) => w !== t.word && terms.has(w));
    if (bare === undefined) continue;
    terms.get(bare)!.weight = Math.max(terms.get(bare)!.weight, t.weight);
    terms.delete(t.word);
  }
  return [...terms.values()];
}

/**
 * A word said that is a candidate's word as written with an ending added, where a Snowball
 * stemmer cut into the word itself: Swedish "bredbandet" stems to "bredb" (an "-andet" ending),
 * "bredband" to itself. The ending is short (a definite or plural form: -et, -en, -na, -erna),
 * the word long enough to be no other word's start, and the said word's stem lies inside the
 * form: Dutch "printer" keeps its stem, a word of its own, never an inflected "print".
 */
const inflected = (said: string, form: string, lang: string | undefined) =>
  form.length >= 5 && said.length > form.length && said.length - form.length <= 4 && said.startsWith(form) && form.startsWith(stem(said, lang));

/** Yes/No choices ("Have you restarted the router?") are read as a yes or a no. */
function yesNoPick(candidates: MatchCandidate[], text: string, lang: string | undefined): string | undefined {
  const label = (c: MatchCandidate) => normalise(c.label);
  const [yesWords, noWords] = [yesNoLabels('yes'), yesNoLabels('no')];
  const yes = candidates.filter((c) => yesWords.has(label(c)));
  const no = candidates.filter((c) => noWords.has(label(c)));
  if (yes.length !== 1 || no.length !== 1) return undefined;
  const said = understandYesNo(text, lang);
  return said === 'yes' ? yes[0].id : said === 'no' ? no[0].id : undefined;
}

/** Each candidate's score for the text, best first. */
export function scoreCandidates(candidates: MatchCandidate[], text: string, similarity?: (said: string, term: string) => number, lang?: string): Array<{ id: string; score: number }> {
  // A word ending in a known one is a kind of it only where words glue ("Tintenstrahldrucker"); in Portuguese "telemóvel" is no "móvel".
  const glues = gluesWords(lang);
  similarity ??= (said, term) => wordSimilarity(said, term, glues);
  const said = saidWords(text.slice(0, 500), lang);
  const unspaced = normalise(text.slice(0, 500)).replace(/ /g, '');
  const german = isGerman(lang);
  const terms = candidates.map((c) => termsOf(c, german, lang));
  // A word is rare for a candidate when few others hold it as strongly: "wifi", a keyword of
  // the internet topic and only an answer of the printers' ("connected by Wi-Fi"), still
  // speaks for the internet, and says nothing for the printers.
  const held = new Map<string, number[]>();
  for (const ts of terms) for (const t of ts) held.set(t.word, [...(held.get(t.word) ?? []), t.weight]);
  const n = candidates.length;
  // German (germanWords.ts): a word said meets a term of the same German stem, and a compound said its known parts.
  const roots = new Set(german ? said.folded.map(germanStem) : []);
  const knownRoots = new Set(terms.flatMap((ts) => ts.map((t) => t.root ?? '')));
  const parts = new Set(german ? said.folded.flatMap((w) => compoundParts(w, (r) => knownRoots.has(r))) : []);
  // Dutch, Danish, Swedish (their pack's `compounds`): a compound said ("printkop", "internetåtkomst") meets its known parts, on the language's own stems.
  // The parts are the candidates' words as written, not their stems: "skrivbord" (a desk) is no "skriv" (the stem of "skrivare").
  const stemOfForm = new Map(terms.flatMap((ts) => ts.flatMap((t) => (t.forms ?? []).map((f) => [f, t.word] as const))));
  const glued = new Set(
    !german && compounding(lang) ? said.folded.flatMap((w) => compoundParts(w, (f) => stemOfForm.has(f), (x) => x)).map((f) => stemOfForm.get(f)!) : [],
  );
  // A typo is looked for on the words as written too where a Snowball stemmer cuts them ("prnter" is one letter from "printer", three from its stem "print").
  const unstemmedTypos = snowballOf(lang) !== undefined;
  const rarity = (t: Term) => Math.log((n + 1) / Math.max(1, (held.get(t.word) ?? []).filter((w) => w >= t.weight).length)) / Math.log(n + 1);
  return candidates
    .map((c, i) => {
      let score = 0;
      for (const t of terms[i]) {
        const best = Math.max(
          0,
          ...said.words.map((s) => similarity(s, t.word)),
          said.joined.includes(t.word) ? 1 : 0,
          ...(t.root ? [roots.has(t.root) ? 1 : 0, parts.has(t.root) ? PART_SIMILARITY : 0] : []),
          glued.has(t.word) ? PART_SIMILARITY : 0,
          t.whole && unspaced.includes(t.word) ? 1 : 0,
          ...(unstemmedTypos ? said.folded.flatMap((s) => (t.forms ?? []).map((f) => (inflected(s, f, lang) ? 1 : Math.min(PART_SIMILARITY, similarity(s, f))))) : []),
        );
        score += best * t.weight * rarity(t);
      }
      return { id: c.id, score };
    })
    .sort((a, b) => b.score - a.score);
}

/**
 * What the text picks among the candidates, with how sure we are (see above).
 *
 * @param candidates - the options offered
 * @param text - the customer's words
 * @param opts - how strict the match is
 */
export function matchFreeText(candidates: MatchCandidate[], text: string, opts: MatchOptions = {}): MatchDecision {
  const minScore = opts.minScore ?? 0.5;
  const lead = opts.lead ?? 1.8;
  if (candidates.length === 0) return { kind: 'none' };
  const yn = yesNoPick(candidates, text, opts.lang);
  if (yn) return { kind: 'clear', id: yn, score: 1 };
  const ranked = scoreCandidates(candidates, text, opts.similarity, opts.lang);
  const [best, next] = ranked;
  if (!best || best.score < minScore) return { kind: 'none', ...(best && best.score > 0 ? { best: best.id } : {}) };
  const rivalled = next !== undefined && opts.rival !== undefined && next.score >= opts.rival;
  if (!next || (best.score >= lead * next.score && !rivalled)) return { kind: 'clear', id: best.id, score: best.score };
  const near = ranked.filter((r) => r.score >= (rivalled ? opts.rival! : best.score / lead)).slice(0, opts.maxClose ?? 4);
  return { kind: 'close', ids: near.map((r) => r.id), score: best.score };
}
