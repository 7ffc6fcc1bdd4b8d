/**
 * The three language lists of the portal manager, kept apart because they differ:
 * - `$lang` (spec 4.5) has 41 values, some with non-standard region parts (da-DA, ja-JA,
 *   ko-KO, no-NB, el-EL, cs-CS, sr-SR, the pseudo-locale xx-XX);
 * - `Accept-Language` (spec 4.5) has 15 standard tags (da-DK, ja-JP, ko-KR, ...);
 * - `casebase.languages.KbLanguage[]` (spec 2.2) has 16 code/name pairs, the Accept-Language
 *   list plus en-GB.
 * A value valid in one list is often invalid in another (ja-JP vs ja-JA), so each list has its
 * own enum and a locale is mapped to each list separately.
 */
import { z } from 'zod';

/** Allowed values of the `$lang` query parameter (4.5), in the spec's order. */
export const QUERY_LANGUAGES = [
  'en-US', 'fr-FR', 'en-GB', 'es-ES', 'it-IT', 'nl-NL', 'da-DA', 'sv-SE', 'pt-PT', 'fi-FI',
  'no-NB', 'no-NN', 'ja-JA', 'de-DE', 'pt-BR', 'zh-CN', 'zh-TW', 'ko-KO', 'ru-RU', 'el-EL',
  'tr-TR', 'pl-PL', 'cs-CS', 'sk-SK', 'hu-HU', 'sr-SR', 'ar-SA', 'hr-HR', 'ro-RO', 'th-TH',
  'de-AT', 'vi-VN', 'id-ID', 'ms-MY', 'fil-PH', 'fr-CA', 'hi-IN', 'uk-UA', 'bg-BG', 'sl-SI',
  'xx-XX',
] as const;

/** Allowed values of the required `Accept-Language` header (4.5), in the spec's order. */
export const ACCEPT_LANGUAGES = [
  'en-US', 'es-ES', 'fr-FR', 'it-IT', 'de-DE', 'nl-NL', 'pt-BR', 'pt-PT', 'da-DK', 'ru-RU',
  'fr-CA', 'zh-CN', 'ja-JP', 'ko-KR', 'sv-SE',
] as const;

/** KbLanguage code and name pairs of 2.2; the two enums below are read from this one table. */
export const KB_LANGUAGES = [
  { code: 'en-US', name: 'English (United States)' },
  { code: 'en-GB', name: 'English (United Kingdom)' },
  { code: 'fr-FR', name: 'French (France)' },
  { code: 'es-ES', name: 'Spanish (Spain)' },
  { code: 'it-IT', name: 'Italian (Italy)' },
  { code: 'de-DE', name: 'German (Germany)' },
  { code: 'nl-NL', name: 'Dutch (Netherlands)' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)' },
  { code: 'pt-PT', name: 'Portuguese (Portugal)' },
  { code: 'da-DK', name: 'Danish (Denmark)' },
  { code: 'sv-SE', name: 'Swedish (Sweden)' },
  { code: 'ru-RU', name: 'Russian (Russia)' },
  { code: 'fr-CA', name: 'French (Canada)' },
  { code: 'zh-CN', name: 'Chinese (Simplified)' },
  { code: 'ja-JP', name: 'Japanese (Japan)' },
  { code: 'ko-KR', name: 'Korean (South Korea)' },
] as const;

export type QueryLanguage = (typeof QUERY_LANGUAGES)[number];
export type AcceptLanguage = (typeof ACCEPT_LANGUAGES)[number];
export type KbLanguageCode = (typeof KB_LANGUAGES)[number]['code'];
export type KbLanguageName = (typeof KB_LANGUAGES)[number]['name'];

export const KB_LANGUAGE_CODES: readonly KbLanguageCode[] = KB_LANGUAGES.map((l) => l.code);
export const KB_LANGUAGE_NAMES: readonly KbLanguageName[] = KB_LANGUAGES.map((l) => l.name);

export const queryLanguageSchema = z.enum(QUERY_LANGUAGES);
export const acceptLanguageSchema = z.enum(ACCEPT_LANGUAGES);
export const kbLanguageCodeSchema = z.enum(KB_LANGUAGE_CODES as [KbLanguageCode, ...KbLanguageCode[]]);
export const kbLanguageNameSchema = z.enum(KB_LANGUAGE_NAMES as [KbLanguageName, ...KbLanguageName[]]);

export const DEFAULT_ACCEPT_LANGUAGE: AcceptLanguage = 'en-US';

interface ParsedLocale {
  language: string;
  script?: string;
  region?: string;
}

/**
 * Reads `fr`, `fr-FR`, `fr_fr`, `zh-Hant-TW`, or the first entry of an Accept-Language header
 * (`fr-CH, fr;q=0.9`). Undefined for anything without a 2-3 letter language.
 */
function parseLocale(locale: string): ParsedLocale | undefined {
  const first = locale.split(',')[0]!.split(';')[0]!.trim();
  const parts = first.split(/[-_]/);
  const language = parts[0]!.toLowerCase();
  if (!/^[a-z]{2,3}$/.test(language)) return undefined;
  const out: ParsedLocale = { language };
  for (const p of parts.slice(1)) {
    if (/^[A-Za-z]{4}$/.test(p) && !out.script && !out.region) out.script = p[0]!.toUpperCase() + p.slice(1).toLowerCase();
    else if (/^([A-Za-z]{2}|[0-9]{3})$/.test(p) && !out.region) out.region = p.toUpperCase();
  }
  return out;
}

// The language part as the lists spell it: Norwegian is `no` in the $lang list whatever the
// written form (nb, nn), Filipino is `fil` (tl is its older code).
const LANGUAGE_ALIASES: Record<string, string> = { nb: 'no', nn: 'no', tl: 'fil' };

// English of these regions follows British usage (CLDR's en-001 family), so en-GB fits better.
const BRITISH_ENGLISH_REGIONS = new Set(['GB', 'UK', 'IE', 'AU', 'NZ', 'IN', 'ZA', 'SG', 'HK', 'MT', 'PK', 'NG', 'KE']);

/** The region to prefer when the locale's own region is not in a list (or it has none). */
function preferredRegion(p: ParsedLocale): string | undefined {
  switch (p.language) {
    case 'en':
      return p.region && BRITISH_ENGLISH_REGIONS.has(p.region) ? 'GB' : 'US';
    case 'fr':
      return p.region === 'CA' ? 'CA' : 'FR';
    case 'pt':
      // Bare `pt` is Brazilian Portuguese in CLDR's likely subtags; other regions write as Portugal.
      return !p.region || p.region === 'BR' ? 'BR' : 'PT';
    case 'zh':
      return p.script === 'Hant' || (!p.script && ['TW', 'HK', 'MO'].includes(p.region ?? '')) ? 'TW' : 'CN';
    case 'de':
      return p.region === 'AT' ? 'AT' : 'DE';
    case 'nb':
    case 'no':
      return 'NB';
    case 'nn':
      return 'NN';
    default:
      return undefined;
  }
}

function bestOf<T extends string>(list: readonly T[], locale: string): T | undefined {
  const p = parseLocale(locale);
  if (!p) return undefined;
  const lang = LANGUAGE_ALIASES[p.language] ?? p.language;
  const candidates = list.filter((v) => v.split('-')[0]!.toLowerCase() === lang);
  if (candidates.length === 0) return undefined;
  const regionOf = (v: T) => v.split('-')[1]!.toUpperCase();
  // The locale's own region first, then the usual one for its language (for Norwegian, whose
  // $lang "region" is the written form, nb-NO finds no `NO` entry and falls to NB).
  for (const r of [p.region, preferredRegion(p)]) {
    const hit = r && candidates.find((v) => regionOf(v) === r);
    if (hit) return hit;
  }
  // Otherwise the list's first entry for the language: its main form (da-DA, ja-JA, de-DE, ...).
  return candidates[0];
}

/**
 * The best `$lang` value for a conversation locale, or undefined when the list has nothing for
 * its language: `$lang` is optional, and leaving it out gives the portal's default language,
 * which is a better guess than forcing English.
 */
export function bestQueryLanguage(locale: string | undefined): QueryLanguage | undefined {
  return locale ? bestOf(QUERY_LANGUAGES, locale) : undefined;
}

/**
 * The best Accept-Language value for a conversation locale. The header is required, so a
 * locale with no match (or none) gets `fallback`. Traditional Chinese maps to zh-CN, the only
 * Chinese the list has: the same language is better than English.
 */
export function bestAcceptLanguage(locale: string | undefined, fallback: AcceptLanguage = DEFAULT_ACCEPT_LANGUAGE): AcceptLanguage {
  return (locale && bestOf(ACCEPT_LANGUAGES, locale)) || fallback;
}

/** Both values for one locale, for the resume-quickpick and guided-help calls. */
export function languagesForLocale(
  locale: string | undefined,
  fallback: AcceptLanguage = DEFAULT_ACCEPT_LANGUAGE,
): { acceptLanguage: AcceptLanguage; lang: QueryLanguage | undefined } {
  return { acceptLanguage: bestAcceptLanguage(locale, fallback), lang: bestQueryLanguage(locale) };
}
