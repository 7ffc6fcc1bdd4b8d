/**
 * What the bot tells the customer about a handover that did not reach an agent yet (H2, U6), and
 * the two choices it offers. The texts live in the language packs' `handover` part (I1), in every
 * language the bot offers; the pack test fails on a missing one. The choices are quick replies
 * whose values the handover middleware reads back; typed words count too.
 */
import { allLanguagePacks, languagePack, packTagOf } from '../languages/languagePacks.js';

export type HandoverTextKey = 'noAgentYet' | 'transferFailed' | 'keepWaiting' | 'backToBot' | 'stillWaiting' | 'waitingAck';

/** Quick reply values of the two choices. */
export const WAIT_CHOICE = 'handover.wait';
export const BACK_CHOICE = 'handover.back';

/** Typed words that mean "keep waiting" (case, accents and punctuation ignored), in each language. */
const WAIT_WORDS = new Set([
  ...['wait', 'keep waiting', 'i will wait', 'try again', 'retry'],
  ...['attendre', 'continuer a attendre', 'j attends', 'je vais attendre', 'patienter', 'reessayer'],
  ...['esperar', 'seguir esperando', 'espero', 'intentar de nuevo', 'intentarlo de nuevo', 'reintentar'],
  ...['warten', 'weiter warten', 'ich warte', 'noch einmal versuchen', 'erneut versuchen'],
]);

/**
 * A handover text in the customer's language (en-US's for a language the bot does not offer).
 *
 * @param locale - the conversation's locale, e.g. `es-ES`
 * @param key - which text
 */
export function handoverText(locale: string | undefined, key: HandoverTextKey): string {
  return languagePack(packTagOf(locale) ?? 'en-US').handover[key];
}

function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}.]+/gu, ' ').trim();
}

/**
 * Whether the customer's answer to the choice means "keep waiting" (the quick reply's value, its
 * label in any language, or typed words such as "esperar").
 *
 * @param text - what the customer sent
 */
export function choosesToWait(text: string | undefined): boolean {
  const said = folded(text ?? '');
  // "1": the first button, as a bare number picks by position wherever choices are shown (U9).
  return said === WAIT_CHOICE || said === '1' || WAIT_WORDS.has(said) || allLanguagePacks().some((p) => folded(p.handover.keepWaiting) === said);
}

/**
 * Whether the customer's answer to the choice is "back to the assistant" itself (the quick
 * reply's value, its label in any language, or "2"): no question for the bot, which starts afresh.
 *
 * @param text - what the customer sent
 */
export function choosesToGoBack(text: string | undefined): boolean {
  const said = folded(text ?? '');
  return said === BACK_CHOICE || said === '2' || allLanguagePacks().some((p) => folded(p.handover.backToBot) === said);
}

/**
 * A bare number that is no position of the two choices ("3"): asked again, never read as words
 * for the bot (U3, U9).
 *
 * @param text - what the customer sent
 */
export function isOtherPosition(text: string | undefined): boolean {
  const said = folded(text ?? '');
  return /^\d+$/.test(said) && said !== '1' && said !== '2';
}
