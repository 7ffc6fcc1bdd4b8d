/**
 * The small-talk words of one conversation's language, read word by word (smallTalk.ts reads
 * the phrases first): its pack's and English's greetings, thanks, goodbyes, "that's all",
 * politeness and approval, compared by stem in the language and with a typo in a long word.
 * A word of a single-word entry counts as what the entry is ("resolvido" as "resolveu", an
 * ending); a word of a longer phrase counts for nothing alone ("fine" of "I'm fine"). Negations ("not", "pas", "nicht", a bare "no") are never small
 * talk: they say a problem is still there unless a whole phrase took them ("no thanks").
 */
import { languagePack, packTagOf, type LanguagePack } from '../../../src/languages/languagePacks.js';
import { normalise } from './normalise.js';
import { stem, typoDistance } from './textTokens.js';

export type SmallTalk = 'greeting' | 'ending';
/** 'approval' ("perfect", "nickel") alone is an ending when strong enough (smallTalk.ts); 'polite' ("please", "now") never is. */
export type Kind = SmallTalk | 'approval' | 'polite';

export interface SmallTalkWords {
  /** What a word alone is in small talk, undefined when it is none (or a negation). */
  kindOf(word: string): Kind | undefined;
  /** Whether the word negates ("not", "pas", "nicht", "no"). */
  negation(word: string): boolean;
  /** Whether the word negates a verb in the conversation's language (Spanish "no funciona", not English "no, that's all"). */
  verbal(word: string): boolean;
}

/** The packs whose words are read beside the conversation's own: customers mix English in ("ok", "cheers"). */
const ALWAYS = ['en-US'];
/** The first four packs' negations are read in every language, as their stop words are (textTokens.ts). */
const NEGATING = ['en-US', 'fr-FR', 'es-ES', 'de-DE'];
/** A letter changed is read as a typo from this length (one missing or too many from two less): shorter words meet others too easily ("later", "laser"). */
const TYPO_FROM = 6;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * One typo: a letter too many or missing from a word of four letters or more ("mercii",
 * "thnks"), two letters swapped from five ("dnake"), a letter changed only from six: a changed
 * letter in a short word makes another word too often ("dank", "dark").
 */
export function typoFor(said: string, word: string): boolean {
  if (Math.abs(said.length - word.length) === 1) return Math.min(said.length, word.length) >= TYPO_FROM - 2 && typoDistance(said, word, 1) <= 1;
  if (said.length >= TYPO_FROM && word.length >= TYPO_FROM) return typoDistance(said, word, 1) <= 1;
  // Two letters swapped in a shorter word ("dnake"): the same letters, so rarely another word.
  return said.length === word.length && said.length >= TYPO_FROM - 1 && [...said].sort().join('') === [...word].sort().join('') && typoDistance(said, word, 1) <= 1;
}

const cache = new Map<string, { packs: LanguagePack[]; words: SmallTalkWords }>();

function build(packs: LanguagePack[], lang: string | undefined): SmallTalkWords {
  const negations = new Set<string>();
  for (const p of [...packs, ...NEGATING.map(languagePack)]) {
    for (const w of [...p.words.negations, ...p.words.no].map(normalise)) {
      if (w && !w.includes(' ')) negations.add(w);
      // English "n't" folds to a lone "t" ("didn t"): that letter negates whatever verb it follows ("can't get online").
      else if (/ t$/.test(w)) negations.add('t');
    }
  }
  const verbal = new Set(packs[0].words.negations.map(normalise).filter((w) => w && !w.includes(' ')));
  const singles = new Map<string, Kind>();
  const typos = new Map<string, Kind>();
  // Single-word entries only: a word of a longer phrase ("fine" of "i m fine", "matin") says nothing alone.
  const add = (list: string[], kind: Kind) => {
    for (const w of list.map(normalise).filter((e) => e && !e.includes(' ') && !negations.has(e))) {
      const s = stem(w, lang);
      if (!singles.has(s)) singles.set(s, kind);
      if (w.length >= TYPO_FROM - 2 && !CJK.test(w) && !typos.has(w)) typos.set(w, kind);
    }
  };
  for (const p of packs) {
    add(p.words.greetings, 'greeting');
    add([...p.words.thanks, ...p.words.goodbyes, ...p.words.thatsAll], 'ending');
    add(p.words.fillers ?? [], 'approval');
    add(p.words.polite, 'polite');
  }
  return {
    negation: (word) => negations.has(word),
    verbal: (word) => verbal.has(word),
    kindOf(said) {
      if (negations.has(said)) return undefined;
      // A letter held down ("byeee", "merciii", "tschüsss") is the word once, or twice where the word has it so.
      const spellings = /(.)\1\1/u.test(said) ? [said, said.replace(/(.)\1{2,}/gu, '$1'), said.replace(/(.)\1{2,}/gu, '$1$1')] : [said];
      for (const word of spellings) {
        const exact = singles.get(stem(word, lang));
        if (exact) return exact;
        if (word.length < TYPO_FROM - 1 || CJK.test(word)) continue;
        for (const [w, k] of typos) if (typoFor(word, w)) return k;
      }
      return undefined;
    },
  };
}

/** The small-talk words of a conversation's language (English's alone when the language is not offered). */
export function smallTalkWordsOf(lang: string | undefined): SmallTalkWords {
  const tag = packTagOf(lang);
  const packs = [...new Set([...(tag ? [tag] : []), ...ALWAYS])].map(languagePack);
  const key = `${tag ?? ''}|${lang ?? ''}`;
  const hit = cache.get(key);
  if (hit && hit.packs.every((p, i) => p === packs[i])) return hit.words;
  const words = build(packs, lang);
  cache.set(key, { packs, words });
  return words;
}
