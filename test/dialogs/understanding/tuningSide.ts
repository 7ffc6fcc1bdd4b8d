/**
 * Every first message on the tuning side (the tuning sets and the retired held-out sets), and the
 * blind part of a held-out set: its messages that equal none of them (case ignored). Writers of
 * the blind sets, however blind, write usual phrases ("help", "I want to cancel my contract")
 * that the tuning side also has; a figure measured on those would be kinder than blind, so the
 * bench measures the blind part and says how many were left out (heldOut/PROVENANCE.md).
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';
import { EVALUATION_SET } from './evaluationSet.js';
import { RETIRED_HELD_OUT_SETS, RETIRED_NEW_LANGUAGE_SETS, RETIRED_SECOND_EDITION_SETS, RETIRED_SMALL_TALK_SETS } from './retiredHeldOut.js';
import { TUNING_FIRST_MESSAGES_DE } from './tuningFirstMessagesDe.js';
import { TUNING_FIRST_MESSAGES_DE_MORE } from './tuningFirstMessagesDeMore.js';
import { TUNING_FIRST_MESSAGES_DE_THIRD } from './tuningFirstMessagesDeThird.js';
import { TUNING_FIRST_MESSAGES_ES } from './tuningFirstMessagesEs.js';
import { TUNING_NEW_LANGUAGES } from './tuningNewLanguages.js';

const TUNING_TEXTS: ReadonlySet<string> = new Set(
  [
    EVALUATION_SET,
    TUNING_FIRST_MESSAGES_DE,
    TUNING_FIRST_MESSAGES_DE_MORE,
    TUNING_FIRST_MESSAGES_DE_THIRD,
    TUNING_FIRST_MESSAGES_ES,
    ...Object.values(RETIRED_HELD_OUT_SETS),
    ...Object.values(RETIRED_NEW_LANGUAGE_SETS),
    ...Object.values(RETIRED_SMALL_TALK_SETS),
    ...Object.values(RETIRED_SECOND_EDITION_SETS),
    ...Object.values(TUNING_NEW_LANGUAGES),
  ]
    .flat()
    .map((m) => m.text.toLowerCase()),
);

/** Whether a message is also on the tuning side (case ignored). */
export const onTuningSide = (text: string): boolean => TUNING_TEXTS.has(text.toLowerCase());

/** A held-out set without the messages the tuning side also has, and how many those were. */
export function blindPart(set: readonly HeldOutMessage[]): { messages: HeldOutMessage[]; leftOut: number } {
  const messages = set.filter((m) => !onTuningSide(m.text));
  return { messages, leftOut: set.length - messages.length };
}
