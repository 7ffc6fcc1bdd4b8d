/**
 * Yes or no in the many forms customers use, in every language pack's own words (I5): "yes", "yep it did",
 * "sure", "of course", "that's right", "oui c'est bon", "tout à fait", "ça a marché";
 * "no", "nope", "not really", "still broken", "toujours pas", "pas du tout", "ça ne marche
 * toujours pas". Politeness around it is ignored ("yes thanks", "non merci").
 *
 * Precision first: a text that says both ("yes but it still does not work") or says more
 * than an answer (a long sentence) is neither, and the question is asked again.
 */
import { recognizeBoolean } from '@microsoft/recognizers-text-choice';
import { allLanguagePacks, languagePack, packTagOf, type PackWords } from '../../../src/languages/languagePacks.js';
import { normalise } from './normalise.js';

/**
 * Languages whose packs give a recognizer culture are also read with Microsoft's Boolean
 * recognizer (the one botbuilder-dialogs' ConfirmPrompt uses), after the packs' own lists
 * (U5, I5). Measured on 23 yes/no answers in English, Spanish and German: our lists 7 right,
 * no wrong; the recognizer 10 right but 3 wrong (it reads "yes but it still does not work" as
 * yes); our lists first, then the recognizer for a short answer with no "but" in any of these
 * languages: 14 right, none wrong (docs/guided-help.md).
 */
function recognized(text: string, locale: string | undefined, w: YesNoWords): 'yes' | 'no' | undefined {
  const tag = packTagOf(locale);
  const culture = tag ? languagePack(tag).words.recognizerCulture : undefined;
  const said = normalise(text.slice(0, 200));
  if (!culture || said === '' || said.split(' ').length > 6 || w.but.test(said)) return undefined;
  const found = recognizeBoolean(text.slice(0, 200), culture);
  const values = new Set(found.map((r) => (r.resolution as { value?: unknown } | undefined)?.value));
  if (values.size !== 1) return undefined;
  const [value] = values;
  return value === true ? 'yes' : value === false ? 'no' : undefined;
}

interface YesNoWords {
  yes: Set<string>;
  no: Set<string>;
  polite: RegExp;
  but: RegExp;
  negation: RegExp;
}

let words: { packs: readonly object[]; words: YesNoWords } | undefined;

/** The yes and no words of every offered pack, and what is said around them (see above). */
function yesNoWords(): YesNoWords {
  const packs = allLanguagePacks();
  if (words && words.packs.length === packs.length && words.packs.every((p, i) => p === packs[i])) return words.words;
  const all = (pick: (w: PackWords) => string[]) => [...new Set(packs.flatMap((p) => pick(p.words).map(normalise)))];
  const alternation = (list: string[]) => new RegExp(`(?:^| )(?:${list.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?= |$)`, 'g');
  const yes = new Set(all((x) => x.yes));
  const no = new Set(all((x) => x.no));
  const w: YesNoWords = {
    yes,
    no,
    // Longest first, so "merci beaucoup" goes as one; never a yes or a no of another language (Spanish "ya" is "now").
    polite: alternation(all((x) => x.polite).filter((p) => !yes.has(p) && !no.has(p)).sort((a, b) => b.length - a.length)),
    but: new RegExp(`\\b(?:${all((x) => x.but).join('|')})\\b`),
    negation: new RegExp(`\\b(?:${all((x) => x.negations).join('|')})\\b`),
  };
  words = { packs, words: w };
  return w;
}

/**
 * 'yes', 'no', or undefined when the text is neither or both: our own word lists first, then
 * Microsoft's recognizer for the conversation's language.
 *
 * @param text - the customer's message
 * @param locale - the conversation's locale; lets other languages be recognized
 */
export function understandYesNo(text: string, locale?: string): 'yes' | 'no' | undefined {
  const w = yesNoWords();
  return ownYesNo(text, w) ?? recognized(text, locale, w);
}

function ownYesNo(text: string, w: YesNoWords): 'yes' | 'no' | undefined {
  const { yes: YES, no: NO, but: BUT } = w;
  const said = normalise(text.slice(0, 200)).replace(w.polite, ' ').replace(/\s+/g, ' ').trim();
  if (said === '') return undefined;
  if (YES.has(said)) return 'yes';
  if (NO.has(said)) return 'no';
  // "yes it did", "no, still the same": a yes or no word first, then a short rest that agrees.
  const words = said.split(' ');
  if (words.length > 8) return undefined;
  for (let cut = Math.min(words.length - 1, 4); cut >= 1; cut--) {
    const head = words.slice(0, cut).join(' ');
    const tail = words.slice(cut).join(' ');
    const h = YES.has(head) ? 'yes' : NO.has(head) ? 'no' : undefined;
    if (!h) continue;
    const t = YES.has(tail) ? 'yes' : NO.has(tail) || w.negation.test(tail) ? 'no' : 'neutral';
    if (t === 'neutral') return BUT.test(tail) ? undefined : h;
    return t === h ? h : undefined;
  }
  return undefined;
}
