/**
 * What the bot tells the customer about a handover that did not reach an agent (H2), in
 * English and French, and the two choices it offers. The choices are quick replies whose
 * values the handover middleware reads back; typed words count too.
 */
export type HandoverTextKey = 'noAgentYet' | 'transferFailed' | 'keepWaiting' | 'backToBot' | 'stillWaiting';

const TEXTS: Record<'en' | 'fr', Record<HandoverTextKey, string>> = {
  en: {
    noAgentYet: 'No agent is free yet. Would you like to keep waiting, or go back to the assistant?',
    transferFailed: 'Sorry, no agent can take the conversation right now. Would you like to try again, or go back to the assistant?',
    keepWaiting: 'Keep waiting',
    backToBot: 'Back to the assistant',
    stillWaiting: 'All right, an agent will be with you as soon as one is free.',
  },
  fr: {
    noAgentYet: "Aucun conseiller n'est encore disponible. Voulez-vous continuer à attendre, ou revenir à l'assistant ?",
    transferFailed: "Désolé, aucun conseiller ne peut prendre la conversation pour le moment. Voulez-vous réessayer, ou revenir à l'assistant ?",
    keepWaiting: 'Continuer à attendre',
    backToBot: "Revenir à l'assistant",
    stillWaiting: "Très bien, un conseiller vous répondra dès qu'il sera disponible.",
  },
};

/** Quick reply values of the two choices. */
export const WAIT_CHOICE = 'handover.wait';
export const BACK_CHOICE = 'handover.back';

/** Typed words that mean "keep waiting" (case, accents and punctuation ignored). */
const WAIT_WORDS = new Set(['wait', 'keep waiting', 'i will wait', 'try again', 'retry', 'attendre', 'continuer a attendre', 'j attends', 'je vais attendre', 'patienter', 'reessayer']);

export function handoverText(locale: string | undefined, key: HandoverTextKey): string {
  return TEXTS[locale?.toLowerCase().startsWith('fr') ? 'fr' : 'en'][key];
}

function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}.]+/gu, ' ').trim();
}

export function choosesToWait(text: string | undefined): boolean {
  const said = folded(text ?? '');
  return said === WAIT_CHOICE || WAIT_WORDS.has(said);
}
