/**
 * Greetings, thanks, goodbyes and "that's all" (U7), in every language the bot offers: a
 * message made only of them (and politeness, approval such as "ok", "perfect", "nickel", and
 * words that say nothing about a topic: "thanks for your help") is small talk, not a topic the
 * bot failed to understand. An ending (thanks, goodbye, that's all, "it works again") is
 * answered with a goodbye; a greeting with the topics. The phrases are each pack's
 * `greetings`, `thanks`, `goodbyes`, `thatsAll`, `polite` and `fillers` (src/languages/packs),
 * read whatever the conversation's language: "merci, bye" mixes two.
 *
 * Phrases may overlap ("mil gracias" and "gracias por la ayuda"). Customers do not write the
 * lists exactly, so what the phrases leave is read word by word in the conversation's language
 * (smallTalkWords.ts): a one-word entry by its stem ("resolvido" as "resolveu"), with a typo
 * ("thnaks", "mercii"), a letter held down ("byeee"). A negation with anything else left
 * ("thanks, still not working", "danke, geht nicht", "can't get online") is a problem still
 * there, never an ending, though "no, that's all" is one.
 */
import { allLanguagePacks } from '../../../src/languages/languagePacks.js';
import { spacedWords } from './languageWords.js';
import { normalise } from './normalise.js';
import { smallTalkWordsOf, typoFor, type Kind, type SmallTalk } from './smallTalkWords.js';
import { isStopWord } from './textTokens.js';

export type { SmallTalk } from './smallTalkWords.js';

interface Phrases {
  packs: readonly object[];
  /** Every phrase with what it is. */
  list: Array<{ phrase: RegExp; kind: Kind }>;
  /** The phrases of several words, as words, read again with a typo (spelledPhrases). */
  spelled: Array<{ words: string[]; kind: Kind }>;
}

let phrases: Phrases | undefined;

/** Chinese, Japanese, Korean phrases are found anywhere; others as whole words. */
/** Approval from this length ends a conversation by itself ("super", "perfect"); shorter is an answer ("ok", "okay", "top"). */
const STRONG_APPROVAL = 5;
/** Phrases glued into one word are read with a typo from this length ("aurevoir", "bonnejournee"): shorter ones meet other words. */
const TYPO_GLUED = 7;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function allPhrases(): Phrases['list'] {
  const packs = allLanguagePacks();
  if (phrases && phrases.packs.length === packs.length && phrases.packs.every((p, i) => p === packs[i])) return phrases.list;
  const kinds = new Map<string, Kind>();
  // A greeting in one language may be a goodbye in another ("ciao", Dutch "dag"): as a first word, a greeting is the safer reading.
  const add = (list: string[], kind: Kind) => {
    for (const p of list.map(normalise).filter(Boolean)) if (!kinds.has(p)) kinds.set(p, kind);
  };
  for (const p of packs) add(p.words.greetings, 'greeting');
  for (const p of packs) add([...p.words.thanks, ...p.words.goodbyes, ...p.words.thatsAll], 'ending');
  // `?? []`: a contact center's pack of a new language may lack a list (the pack test reports it), never a crash.
  for (const p of packs) add(p.words.fillers ?? [], 'approval');
  for (const p of packs) add(p.words.polite, 'polite');
  const list = [...kinds].map(([p, kind]) => ({ phrase: new RegExp(CJK.test(p) ? escape(p) : `(?<![\\p{L}\\p{N}])${escape(p)}(?![\\p{L}\\p{N}])`, 'gu'), kind }));
  // Greetings and endings only: a typo in approval or politeness ("bon", "bien") would meet too many words.
  const spelled = [...kinds]
    .filter(([p, kind]) => p.includes(' ') && !CJK.test(p) && (kind === 'ending' || kind === 'greeting'))
    .map(([p, kind]) => ({ words: p.split(' '), kind }));
  phrases = { packs, list, spelled };
  return list;
}

/**
 * The words the phrases left of a clause, with the phrases of several words found again where
 * customers misspell one of their words ("bonne journé", "au revoire", "see you latr") or glue
 * them ("aurevoir"): each word the same or one typo away (smallTalkWords.ts), at least one the
 * same unless glued. A word a shorter phrase took counts as the same ("see you" in "see you
 * latr"). Phrases with a negation are left out: "non résolu" misspelled is no ending.
 */
function spelledPhrases(tokens: Array<{ word: string; covered: boolean }>, found: Set<Kind>, negation: (w: string) => boolean): string[] {
  allPhrases();
  for (const { words, kind } of phrases!.spelled) {
    if (words.some(negation)) continue;
    const glued = words.join('');
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (!t.covered && glued.length >= TYPO_GLUED && (t.word === glued || typoFor(t.word, glued))) {
        found.add(kind);
        t.covered = true;
        continue;
      }
      const window = tokens.slice(i, i + words.length);
      if (window.length < words.length) break;
      const same = window.filter((w, j) => w.word === words[j]).length;
      const misspelled = window.filter((w, j) => !w.covered && w.word !== words[j]).length;
      if (same > 0 && misspelled > 0 && window.every((w, j) => w.word === words[j] || (!w.covered && typoFor(w.word, words[j])))) {
        found.add(kind);
        for (const w of window) w.covered = true;
      }
    }
  }
  return tokens.filter((t) => !t.covered).map((t) => t.word);
}

/**
 * 'ending' when the message is only thanks, a goodbye or "that's all" (a greeting may come
 * with them), 'greeting' when it is only a greeting, undefined when it says anything else.
 *
 * @param text - the customer's message
 * @param lang - the conversation's language: its stop words may be left around the phrases, its stems and phrases' words read
 */
export function smallTalkOf(text: string, lang?: string): SmallTalk | undefined {
  // Clause by clause: a negation is an answer only where a clause starts ("merci, non c'est tout"), not after a verb ("ça marche pas").
  // "tschüß" is the lists' "tschuss": ß written out, as the packs spell it.
  const clauses = text.slice(0, 200).replace(/ß/g, 'ss').split(/[,.;:!?¿¡،、，。！？\n]+/u).map(normalise).filter(Boolean);
  if (clauses.length === 0) return undefined;
  const words = smallTalkWordsOf(lang);
  const found = new Set<Kind>();
  const approvals: string[] = [];
  const residue: string[] = [];
  for (const clause of clauses) {
    // Every phrase is read in the whole clause, overlaps allowed: "mil gracias" and "gracias por la ayuda" cover "mil gracias por la ayuda".
    const covered = new Array<boolean>(clause.length).fill(false);
    const lone: Array<{ start: number; end: number }> = [];
    for (const { phrase, kind } of allPhrases()) {
      for (const m of clause.matchAll(phrase)) {
        // A one-word greeting is a time of day too ("seit heute morgen", "since this morning"): it greets only where the clause starts.
        if (kind === 'greeting' && !m[0].includes(' ') && !CJK.test(m[0])) lone.push({ start: m.index, end: m.index + m[0].length });
        else {
          found.add(kind);
          if (kind === 'approval') approvals.push(m[0]);
          covered.fill(true, m.index, m.index + m[0].length);
        }
      }
    }
    for (const g of lone.sort((a, b) => a.start - b.start)) {
      if (!covered.slice(0, g.start).every((c, i) => c || clause[i] === ' ')) continue;
      found.add('greeting');
      covered.fill(true, g.start, g.end);
    }
    const rest = clause.split('').map((c, i) => (covered[i] ? ' ' : c)).join('');
    // What the phrases left of Chinese, Japanese, Korean is read word by word too ("了", a particle); other scripts' with typos in phrases.
    const tokens: Array<{ word: string; covered: boolean }> = [];
    let at = 0;
    for (const word of clause.split(' ')) {
      if (word) tokens.push({ word, covered: covered[at] });
      at += word.length + 1;
    }
    const left = CJK.test(clause) ? normalise(spacedWords(rest, lang)).split(' ').filter(Boolean) : spelledPhrases(tokens, found, words.negation);
    // A negation is an answer when it is the clause ("no, thanks") or starts it without negating a verb ("non c'est bon", not "no funciona").
    if (left.some((w) => words.negation(w) && clause !== w && (words.verbal(w) || !clause.startsWith(`${w} `)))) return undefined;
    // The same for a greeting read word by word: "morgen" after "seit heute" is a time, and says something.
    if (left.some((w, i) => words.kindOf(w) === 'greeting' && !(i === 0 && clause.startsWith(w)))) return undefined;
    residue.push(...left);
  }
  // "no" alone is an answer ("no, that's all"); a negation with a word beside it is a problem ("no va", "geht nicht").
  if (residue.some((w) => words.negation(w)) && residue.some((w) => !words.negation(w) && (w.length >= 2 || CJK.test(w)))) return undefined;
  for (const w of residue) {
    const kind = words.kindOf(w);
    if (kind === 'approval') approvals.push(w);
    if (kind) found.add(kind);
    else if (!isStopWord(w, lang) && !words.negation(w)) return undefined;
  }
  if (found.has('ending')) return 'ending';
  if (found.has('greeting')) return 'greeting';
  // Approval alone ends ("perfect!", "nickel", "super"); a short one is an answer, not a goodbye ("ok", "yes", "cool").
  return approvals.some((a) => a.length >= STRONG_APPROVAL) ? 'ending' : undefined;
}
