/**
 * The web chat's own words, in the two languages a customer can pick. The bot's words come
 * from the bot (in the language each message carries); these are only the page's labels.
 * Elements carry `data-text="key"` (text) or `data-placeholder="key"`, so a language change
 * relabels the page in place.
 */

export type ChatLanguage = 'en-US' | 'fr-FR';

const EN = {
  title: 'Web chat',
  inspector: 'Inspector',
  language: 'Language',
  startTitle: 'Start a conversation',
  account: 'Account',
  onlyAccount: 'The only account',
  name: 'Your name (optional)',
  start: 'Start chat',
  messages: 'Messages',
  message: 'Message',
  placeholder: 'Type a message and press Enter',
  send: 'Send',
  newChat: 'New chat',
  you: 'You:',
  bot: 'Bot:',
  agent: 'Agent:',
  typing: 'The bot is typing…',
  quickReplies: 'Quick replies',
  sendChoice: 'Send choice',
  sendChoices: 'Send choices',
  pickOne: 'Pick one option first.',
  pickSome: 'Pick at least one option first.',
  escalated: 'An agent will join the conversation shortly.',
  ended: 'The conversation has ended.',
  notSent: 'Not delivered: {reason}',
  statusActive: 'Connected',
  statusEscalated: 'Waiting for an agent',
  statusCompleted: 'Ended',
  pagePush: 'The bot suggests a page:',
  opensNewTab: '(opens in a new tab)',
  startFailed: 'Could not start the conversation: {reason}',
  connectionLost: 'The connection to the emulator is lost. Start a new chat.',
  statusAgent: 'Talking to an agent',
  botBack: 'The assistant is back in the conversation.',
  handover: 'When the bot hands over',
  handoverQueue: 'the transfer waits in the queue',
  handoverAgent: 'an agent joins after 3 s',
  handoverNone: 'no agent comes',
  handoverRefused: 'the hub refuses the transfer',
};

type Key = keyof typeof EN;

const FR: Record<Key, string> = {
  title: 'Discussion en ligne',
  inspector: 'Inspecteur',
  language: 'Langue',
  startTitle: 'Commencer une conversation',
  account: 'Compte',
  onlyAccount: 'Le seul compte',
  name: 'Votre nom (facultatif)',
  start: 'Commencer',
  messages: 'Messages',
  message: 'Message',
  placeholder: 'Écrivez un message puis appuyez sur Entrée',
  send: 'Envoyer',
  newChat: 'Nouvelle conversation',
  you: 'Vous :',
  bot: 'Bot :',
  agent: 'Conseiller :',
  typing: 'Le bot écrit…',
  quickReplies: 'Réponses rapides',
  sendChoice: 'Envoyer le choix',
  sendChoices: 'Envoyer les choix',
  pickOne: 'Choisissez d’abord une option.',
  pickSome: 'Choisissez d’abord au moins une option.',
  escalated: 'Un conseiller va rejoindre la conversation.',
  ended: 'La conversation est terminée.',
  notSent: 'Non envoyé : {reason}',
  statusActive: 'Connecté',
  statusEscalated: 'En attente d’un conseiller',
  statusCompleted: 'Terminée',
  pagePush: 'Le bot propose une page :',
  opensNewTab: '(s’ouvre dans un nouvel onglet)',
  startFailed: 'La conversation n’a pas pu commencer : {reason}',
  connectionLost: 'La connexion à l’émulateur est perdue. Commencez une nouvelle conversation.',
  statusAgent: 'En conversation avec un conseiller',
  botBack: 'L’assistant est de retour dans la conversation.',
  handover: 'Quand le bot transfère',
  handoverQueue: 'le transfert attend dans la file',
  handoverAgent: 'un conseiller arrive après 3 s',
  handoverNone: 'aucun conseiller ne vient',
  handoverRefused: 'le hub refuse le transfert',
};

export type TextKey = Key;

let current: ChatLanguage = 'en-US';

export function setLanguage(language: ChatLanguage): void {
  current = language;
  document.documentElement.lang = language.slice(0, 2);
  for (const node of document.querySelectorAll<HTMLElement>('[data-text]')) node.textContent = t(node.dataset.text as Key);
  for (const node of document.querySelectorAll<HTMLInputElement>('[data-placeholder]')) node.placeholder = t(node.dataset.placeholder as Key);
}

export function language(): ChatLanguage {
  return current;
}

/** `fr`, `fr-CA`, `fr-FR` → French; anything else → English. */
export function chatLanguageOf(tag: string | null | undefined): ChatLanguage {
  return tag?.toLowerCase().startsWith('fr') ? 'fr-FR' : 'en-US';
}

export function t(key: Key, params: Record<string, string> = {}): string {
  const text = (current === 'fr-FR' ? FR : EN)[key] ?? EN[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
