/**
 * Picks the text of a data item in the language of a request. The sample data is written in
 * KbLanguage codes (en-US, fr-FR); a request may name another region of the same language
 * (fr-CA, en-GB) or a `$lang` spelling of its own (ja-JA), so the match falls back from the
 * exact code to the same language, then to the item's default, then to en-US, which the data
 * schema requires on every text.
 */
import type { LocalizedText } from './knowledgeSchema.js';

export function pickText(text: LocalizedText, lang: string | undefined, fallback = 'en-US'): string {
  const entries = Object.entries(text) as [string, string][];
  if (lang) {
    const exact = entries.find(([code]) => code.toLowerCase() === lang.toLowerCase());
    if (exact) return exact[1];
    const primary = lang.split(/[-_]/)[0]!.toLowerCase();
    const same = entries.find(([code]) => code.split('-')[0]!.toLowerCase() === primary);
    if (same) return same[1];
  }
  return (text as Record<string, string>)[fallback] ?? (text as Record<string, string>)['en-US']!;
}

/** Metadata as the portal shows it: its texts in `lang` (a plain string is every language's). */
export function metadataView(
  m: { title: string | LocalizedText; additionalInformation?: string | LocalizedText; action?: string },
  lang: string | undefined,
  fallback?: string,
): { title: string; additionalInformation?: string; action?: string } {
  const t = (x: string | LocalizedText) => (typeof x === 'string' ? x : pickText(x, lang, fallback));
  return { title: t(m.title), ...(m.additionalInformation !== undefined ? { additionalInformation: t(m.additionalInformation) } : {}), ...(m.action !== undefined ? { action: m.action } : {}) };
}
