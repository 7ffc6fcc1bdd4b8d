/**
 * Greetings, thanks, goodbyes and "that's all" (U7), in every language the bot offers: a
 * message made only of them (and politeness, and words that say nothing about a topic: "thanks
 * for your help") is small talk, not a topic the bot failed to understand. An ending (thanks,
 * goodbye, that's all) is answered with a goodbye; a greeting with the topics. The phrases are
 * each pack's `greetings`, `thanks`, `goodbyes` and `thatsAll` (src/languages/packs), read
 * whatever the conversation's language: "merci, bye" mixes two.
 */
import { allLanguagePacks, languagePack, packTagOf } from '../../../src/languages/languagePacks.js';
import { foldMarks, normalise } from './normalise.js';
import { isStopWord } from './textTokens.js';

export type SmallTalk = 'greeting' | 'ending';

interface Phrases {
  packs: readonly object[];
  /** Every phrase with what it is, longest first (so "hej hej", a goodbye, goes before "hej"). */
  list: Array<{ phrase: RegExp; kind: SmallTalk | 'polite' }>;
}

let phrases: Phrases | undefined;

/** Chinese, Japanese, Korean phrases are found anywhere; others as whole words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function allPhrases(): Phrases['list'] {
  const packs = allLanguagePacks();
  if (phrases && phrases.packs.length === packs.length && phrases.packs.every((p, i) => p === packs[i])) return phrases.list;
  const kinds = new Map<string, SmallTalk | 'polite'>();
  // A greeting in one language may be a goodbye in another ("ciao", Dutch "dag"): as a first word, a greeting is the safer reading.
  const add = (list: string[], kind: SmallTalk | 'polite') => {
    for (const p of list.map(normalise).filter(Boolean)) if (!kinds.has(p)) kinds.set(p, kind);
  };
  for (const p of packs) add(p.words.greetings, 'greeting');
  for (const p of packs) add([...p.words.thanks, ...p.words.goodbyes, ...p.words.thatsAll], 'ending');
  for (const p of packs) add([...p.words.polite, ...(p.words.fillers ?? [])], 'polite');
  const list = [...kinds]
    .sort(([a], [b]) => b.length - a.length)
    .map(([p, kind]) => ({ phrase: new RegExp(CJK.test(p) ? escape(p) : `(?<![\\p{L}\\p{N}])${escape(p)}(?![\\p{L}\\p{N}])`, 'gu'), kind }));
  phrases = { packs, list };
  return list;
}

/**
 * Whether a negation of the language is left around the phrases ("não resolveu", "det virker
 * nu ikke", "还是不行，谢谢"): a fault still there, not an ending. A "no" opening the message on
 * its own, before a comma or thanks, is an answer ("нет, спасибо", "nej tak", "no thanks").
 */
function negated(left: string[], text: string, lang: string | undefined): boolean {
  const tag = packTagOf(lang);
  if (!tag) return false;
  const { negations, no, thanks } = languagePack(tag).words;
  const negs = negations.map(normalise).filter((n) => n !== '' && !n.includes(' '));
  const isNegation = (w: string) => (CJK.test(w) ? negs.some((n) => w.includes(n)) : negs.includes(w));
  const first = left[0];
  const said = normalise(text);
  const answer = (w: string) =>
    no.map(normalise).includes(w) && (new RegExp(`^\\s*${escape(w)}\\s*[,.!;:，、。]`, 'iu').test(foldMarks(text)) || thanks.some((t) => said.startsWith(`${w} ${normalise(t)}`)));
  return left.some((w, i) => isNegation(w) && !(i === 0 && w === first && answer(w)));
}

/**
 * 'ending' when the message is only thanks, a goodbye or "that's all" (a greeting may come
 * with them), 'greeting' when it is only a greeting, undefined when it says anything else.
 *
 * @param text - the customer's message
 * @param lang - the conversation's language: its stop words may be left around the phrases
 */
export function smallTalkOf(text: string, lang?: string): SmallTalk | undefined {
  let rest = normalise(text.slice(0, 200));
  if (rest === '') return undefined;
  const found = new Set<SmallTalk | 'polite'>();
  for (const { phrase, kind } of allPhrases()) {
    const next = rest.replace(phrase, ' ');
    if (next !== rest) found.add(kind);
    rest = next;
  }
  const left = rest.split(/\s+/).filter(Boolean);
  if (left.some((w) => !isStopWord(w, lang))) return undefined;
  if (negated(left, text, lang)) return undefined;
  return found.has('ending') ? 'ending' : found.has('greeting') ? 'greeting' : undefined;
}
