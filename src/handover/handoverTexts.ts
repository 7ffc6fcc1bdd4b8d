/**
 * What the bot tells the customer about a handover that did not reach an agent yet (H2, U6), and
 * the two choices it offers. The texts live in the language packs' `handover` part (I1), in every
 * language the bot offers; the pack test fails on a missing one. The choices are quick replies
 * whose values the handover middleware reads back; typed words count too (the packs'
 * `words.waitWords`).
 */
import { allLanguagePacks, languagePack, packTagOf } from '../languages/languagePacks.js';

export type HandoverTextKey = 'noAgentYet' | 'transferFailed' | 'keepWaiting' | 'backToBot' | 'stillWaiting' | 'waitingAck';

/** Quick reply values of the two choices. */
export const WAIT_CHOICE = 'handover.wait';
export const BACK_CHOICE = 'handover.back';

/**
 * A handover text in the customer's language (en-US's for a language the bot does not offer).
 *
 * @param locale - the conversation's locale, e.g. `es-ES`
 * @param key - which text
 */
export function handoverText(locale: string | undefined, key: HandoverTextKey): string {
  return languagePack(packTagOf(locale) ?? 'en-US').handover[key];
}

/** Case, accents and punctuation ignored; the dot kept, for the choices' values. Danish ø and æ as a keyboard without them writes them. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .trim();
}

/**
 * Whether the words mean "keep waiting" in some language: a pack's typed words (`words.waitWords`,
 * "esperar", "weiter warten", 等待) or its choice's label. Any language's, as a customer may
 * switch; the packs' test keeps them apart from the labels of going back.
 */
function isWaitWord(said: string): boolean {
  return allLanguagePacks().some((p) => folded(p.handover.keepWaiting) === said || p.words.waitWords.some((w) => folded(w) === said));
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
  return said === WAIT_CHOICE || said === '1' || isWaitWord(said);
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
