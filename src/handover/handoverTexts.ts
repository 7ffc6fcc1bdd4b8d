/**
 * What the bot tells the customer about a handover that did not reach an agent yet (H2, U6), in
 * each language the bot offers (en, fr, es, de; others get English), and the two choices it
 * offers. The choices are quick replies whose values the handover middleware reads back; typed
 * words count too. A missing text in a language is a type error, not a customer seeing English.
 */
export type HandoverTextKey = 'noAgentYet' | 'transferFailed' | 'keepWaiting' | 'backToBot' | 'stillWaiting' | 'waitingAck';

type Language = 'en' | 'fr' | 'es' | 'de';

const TEXTS: Record<Language, Record<HandoverTextKey, string>> = {
  en: {
    noAgentYet: 'No agent is free yet. Would you like to keep waiting, or go back to the assistant?',
    transferFailed: 'Sorry, no agent can take the conversation right now. Would you like to try again, or go back to the assistant?',
    keepWaiting: 'Keep waiting',
    backToBot: 'Back to the assistant',
    stillWaiting: 'All right, an agent will be with you as soon as one is free.',
    waitingAck: 'Thank you, your messages will be passed on: an agent will answer as soon as one is free.',
  },
  fr: {
    noAgentYet: "Aucun conseiller n'est encore disponible. Voulez-vous continuer à attendre, ou revenir à l'assistant ?",
    transferFailed: "Désolé, aucun conseiller ne peut prendre la conversation pour le moment. Voulez-vous réessayer, ou revenir à l'assistant ?",
    keepWaiting: 'Continuer à attendre',
    backToBot: "Revenir à l'assistant",
    stillWaiting: "Très bien, un conseiller vous répondra dès qu'il sera disponible.",
    waitingAck: "Merci, vos messages seront transmis : un conseiller vous répondra dès qu'il sera disponible.",
  },
  es: {
    noAgentYet: 'Todavía no hay ningún agente libre. ¿Quiere seguir esperando o volver al asistente?',
    transferFailed: 'Lo sentimos, ahora mismo ningún agente puede atender la conversación. ¿Quiere intentarlo de nuevo o volver al asistente?',
    keepWaiting: 'Seguir esperando',
    backToBot: 'Volver al asistente',
    stillWaiting: 'De acuerdo, un agente le atenderá en cuanto quede libre.',
    waitingAck: 'Gracias, sus mensajes se transmitirán: un agente le responderá en cuanto quede libre.',
  },
  de: {
    noAgentYet: 'Noch ist kein Mitarbeiter frei. Möchten Sie weiter warten oder zum Assistenten zurückkehren?',
    transferFailed: 'Leider kann gerade kein Mitarbeiter das Gespräch übernehmen. Möchten Sie es noch einmal versuchen oder zum Assistenten zurückkehren?',
    keepWaiting: 'Weiter warten',
    backToBot: 'Zurück zum Assistenten',
    stillWaiting: 'In Ordnung, ein Mitarbeiter meldet sich, sobald einer frei ist.',
    waitingAck: 'Danke, Ihre Nachrichten werden weitergegeben: Ein Mitarbeiter antwortet, sobald einer frei ist.',
  },
};

/** The languages with their own handover texts. */
export const HANDOVER_LANGUAGES = Object.keys(TEXTS) as Language[];

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

function languageOf(locale: string | undefined): Language {
  const lang = locale?.toLowerCase().slice(0, 2);
  return HANDOVER_LANGUAGES.find((l) => l === lang) ?? 'en';
}

/**
 * A handover text in the customer's language (English for a language without its own texts).
 *
 * @param locale - the conversation's locale, e.g. `es-ES`
 * @param key - which text
 */
export function handoverText(locale: string | undefined, key: HandoverTextKey): string {
  return TEXTS[languageOf(locale)][key];
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
  return said === WAIT_CHOICE || said === '1' || WAIT_WORDS.has(said) || HANDOVER_LANGUAGES.some((l) => folded(TEXTS[l].keepWaiting) === said);
}

/**
 * Whether the customer's answer to the choice is "back to the assistant" itself (the quick
 * reply's value, its label in any language, or "2"): no question for the bot, which starts afresh.
 *
 * @param text - what the customer sent
 */
export function choosesToGoBack(text: string | undefined): boolean {
  const said = folded(text ?? '');
  return said === BACK_CHOICE || said === '2' || HANDOVER_LANGUAGES.some((l) => folded(TEXTS[l].backToBot) === said);
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
