/**
 * Yes or no in the many forms customers use, English and French: "yes", "yep it did",
 * "sure", "of course", "that's right", "oui c'est bon", "tout à fait", "ça a marché";
 * "no", "nope", "not really", "still broken", "toujours pas", "pas du tout", "ça ne marche
 * toujours pas". Politeness around it is ignored ("yes thanks", "non merci").
 *
 * Precision first: a text that says both ("yes but it still does not work") or says more
 * than an answer (a long sentence) is neither, and the question is asked again.
 */
import { normalise } from './normalise.js';

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
 * 'yes', 'no', or undefined when the text is neither or both.
 *
 * @param text - the customer's message
 */
export function understandYesNo(text: string): 'yes' | 'no' | undefined {
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
    if (t === 'neutral') return /\b(?:but|mais|however|cependant)\b/.test(tail) ? undefined : h;
    return t === h ? h : undefined;
  }
  return undefined;
}
