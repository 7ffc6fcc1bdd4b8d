/**
 * Yes or no in the many forms customers use, English and French: "yes", "yep it did",
 * "sure", "of course", "that's right", "oui c'est bon", "tout à fait", "ça a marché";
 * "no", "nope", "not really", "still broken", "toujours pas", "pas du tout", "ça ne marche
 * toujours pas". Politeness around it is ignored ("yes thanks", "non merci").
 *
 * Precision first: a text that says both ("yes but it still does not work") or says more
 * than an answer (a long sentence) is neither, and the question is asked again.
 */
import { recognizeBoolean } from '@microsoft/recognizers-text-choice';
import { normalise } from './normalise.js';

/**
 * Languages our own lists do not cover are read with Microsoft's Boolean recognizer (the one
 * botbuilder-dialogs' ConfirmPrompt uses), after our own lists (U5). Measured on 23 yes/no
 * answers in English, Spanish and German: our lists 7 right, no wrong; the recognizer 10
 * right but 3 wrong (it reads "yes but it still does not work" as yes); our lists first, then
 * the recognizer for a short answer with no "but" in any of these languages: 14 right, none
 * wrong (docs/guided-help.md).
 */
const RECOGNIZER_CULTURES: Record<string, string> = { es: 'es-es', de: 'de-de', pt: 'pt-br', nl: 'nl-nl', it: 'it-it', fr: 'fr-fr', en: 'en-us' };
const BUT = /\b(?:but|mais|pero|aber|sino|ma|maar|however|cependant|sin embargo|trotzdem)\b/;

function recognized(text: string, locale: string | undefined): 'yes' | 'no' | undefined {
  const culture = RECOGNIZER_CULTURES[locale?.toLowerCase().slice(0, 2) ?? ''];
  const said = normalise(text.slice(0, 200));
  if (!culture || said === '' || said.split(' ').length > 6 || BUT.test(said)) return undefined;
  const found = recognizeBoolean(text.slice(0, 200), culture);
  const values = new Set(found.map((r) => (r.resolution as { value?: unknown } | undefined)?.value));
  if (values.size !== 1) return undefined;
  const [value] = values;
  return value === true ? 'yes' : value === false ? 'no' : undefined;
}

const YES_PHRASES = [
  'yes', 'y', 'yep', 'yup', 'yeah', 'yea', 'ya', 'ok', 'okay', 'sure', 'of course', 'absolutely', 'definitely', 'indeed', 'correct',
  'right', 'that s right', 'exactly', 'affirmative', 'it did', 'it worked', 'it works', 'that worked', 'that did it', 'solved',
  'that solved it', 'fixed', 'it is fixed', 'all good', 'perfect', 'great', 'accept', 'yes it did', 'yes it worked', 'that s it',
  'oui', 'o', 'ouais', 'ouai', 'bien sur', 'd accord', 'dacc', 'exact', 'exactement', 'tout a fait', 'absolument', 'c est ca',
  'c est bon', 'ca marche', 'ca a marche', 'ca fonctionne', 'ca a fonctionne', 'resolu', 'c est resolu', 'parfait', 'accepter',
  'effectivement', 'oui oui', 'si', 'voila',
];
const NO_PHRASES = [
  'no', 'n', 'nope', 'nah', 'no way', 'not really', 'not at all', 'negative', 'it did not', 'it didn t', 'did not', 'didn t', 'it did not work',
  'it didn t work', 'that did not work', 'that didn t work', 'it does not work', 'it doesn t work', 'still broken', 'still not working',
  'not solved', 'not fixed', 'not yet', 'pas encore', 'non pas encore', 'wrong', 'incorrect', 'reject', 'not that', 'non', 'nan', 'pas du tout', 'pas vraiment', 'toujours pas',
  'ca ne marche pas', 'ca ne marche toujours pas', 'ca n a pas marche', 'ca n a pas fonctionne', 'non resolu', 'pas resolu',
  'c est pas ca', 'ce n est pas ca', 'rejeter', 'absolument pas', 'surtout pas', 'negatif',
];
/** Said around an answer without changing it. */
const POLITE = /\b(?:please|pls|thanks|thank you|thx|cheers|merci|merci beaucoup|svp|s il vous plait|stp|beaucoup|a lot|so much)\b/g;

const YES = new Set(YES_PHRASES);
const NO = new Set(NO_PHRASES);

/**
 * 'yes', 'no', or undefined when the text is neither or both: our own word lists first, then
 * Microsoft's recognizer for the conversation's language.
 *
 * @param text - the customer's message
 * @param locale - the conversation's locale; lets other languages be recognized
 */
export function understandYesNo(text: string, locale?: string): 'yes' | 'no' | undefined {
  return ownYesNo(text) ?? recognized(text, locale);
}

function ownYesNo(text: string): 'yes' | 'no' | undefined {
  const said = normalise(text.slice(0, 200)).replace(POLITE, ' ').replace(/\s+/g, ' ').trim();
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
    const t = YES.has(tail) ? 'yes' : NO.has(tail) || /\b(?:not|didn t|doesn t|pas|toujours|still|same|meme)\b/.test(tail) ? 'no' : 'neutral';
    if (t === 'neutral') return BUT.test(tail) ? undefined : h;
    return t === h ? h : undefined;
  }
  return undefined;
}
