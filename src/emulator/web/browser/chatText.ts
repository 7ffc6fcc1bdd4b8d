/**
 * The web chat's own words, in the languages a customer can pick (U2). The bot's words come
 * from the bot (in the language each message carries); these are only the page's labels and
 * notices. They are one catalogue per language (../texts/*.json), which the server puts in the
 * page as a JSON data block (chatPageHtml.ts). Elements carry `data-text="key"` (text) or
 * `data-placeholder="key"` or `data-label="key"` (an aria-label), so a language change relabels
 * the page in place.
 */

export type ChatLanguage = 'en-US' | 'fr-FR' | 'es-ES' | 'de-DE';
export const CHAT_LANGUAGES: readonly ChatLanguage[] = ['en-US', 'fr-FR', 'es-ES', 'de-DE'];

export type TextKey = keyof typeof import('../texts/en-US.json');
type Catalogue = Record<TextKey, string>;

function catalogues(): Partial<Record<ChatLanguage, Catalogue>> {
  const block = document.getElementById('chat-texts');
  try {
    return JSON.parse(block?.textContent ?? '{}') as Partial<Record<ChatLanguage, Catalogue>>;
  } catch {
    return {};
  }
}

const TEXTS = catalogues();
let current: ChatLanguage = 'en-US';

export function setLanguage(language: ChatLanguage): void {
  current = language;
  document.documentElement.lang = language.slice(0, 2);
  for (const node of document.querySelectorAll<HTMLElement>('[data-text]')) node.textContent = t(node.dataset.text as TextKey);
  for (const node of document.querySelectorAll<HTMLInputElement>('[data-placeholder]')) node.placeholder = t(node.dataset.placeholder as TextKey);
  // Names a screen reader speaks, and tooltips, are words of the page too.
  for (const node of document.querySelectorAll<HTMLElement>('[data-label]')) {
    node.setAttribute('aria-label', t(node.dataset.label as TextKey));
    if (node.title) node.title = t(node.dataset.label as TextKey);
  }
  document.title = `${t('title')} · hubbot`;
}

export function language(): ChatLanguage {
  return current;
}

/** `fr`, `fr-CA`, `es-MX`, `de-AT` → that language; anything else → English. */
export function chatLanguageOf(tag: string | null | undefined): ChatLanguage {
  const primary = tag?.toLowerCase().slice(0, 2);
  return CHAT_LANGUAGES.find((l) => l.startsWith(`${primary}-`)) ?? 'en-US';
}

export function t(key: TextKey, params: Record<string, string> = {}): string {
  const text = TEXTS[current]?.[key] ?? TEXTS['en-US']?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
