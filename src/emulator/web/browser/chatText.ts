/**
 * The web chat's own words, in the languages a customer can pick (U2). The bot's words come
 * from the bot (in the language each message carries); these are only the page's labels and
 * notices. They are the `page` part of each language pack (src/languages, I1), which the server
 * puts in the page as a JSON data block with the offered tags (chatPageHtml.ts). Elements carry `data-text="key"` (text) or
 * `data-placeholder="key"` or `data-label="key"` (an aria-label), so a language change relabels
 * the page in place.
 */

/** A language tag the page offers ("pt-BR"). */
export type ChatLanguage = string;

export type TextKey = keyof (typeof import('../../../languages/packs/en-US.json'))['page'];
type Catalogue = Record<TextKey, string>;

function dataBlock<T>(id: string, empty: T): T {
  const block = document.getElementById(id);
  try {
    return JSON.parse(block?.textContent ?? 'null') ?? empty;
  } catch {
    return empty;
  }
}

const TEXTS = dataBlock<Partial<Record<ChatLanguage, Catalogue>>>('chat-texts', {});
const LANGUAGES = dataBlock<{ tags: string[]; primaries: Record<string, string> }>('chat-languages', { tags: ['en-US'], primaries: {} });
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

/** `fr-CA`, `pt-PT` → that pack; `fr`, `es-MX`, `de-AT` → their language's pack; anything else → English. */
export function chatLanguageOf(tag: string | null | undefined): ChatLanguage {
  const exact = LANGUAGES.tags.find((l) => l.toLowerCase() === tag?.toLowerCase());
  return exact ?? LANGUAGES.primaries[tag?.toLowerCase().split('-')[0] ?? ''] ?? 'en-US';
}

export function t(key: TextKey, params: Record<string, string> = {}): string {
  const text = TEXTS[current]?.[key] ?? TEXTS['en-US']?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
