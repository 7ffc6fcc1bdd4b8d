/**
 * Every text the guided-help dialog and bot show a customer, the `bot` part of each language's
 * pack (src/languages/packs/<tag>.json, I1), so a translator or a contact center edits JSON,
 * not code. English (en-US) is the reference: a test fails when another pack lacks one of its
 * keys or placeholders, or has one more. Placeholders are `{name}`. A language without a pack
 * is still sent to the portal as it is; only our own lines fall back to English.
 */
import { languagePack, packTagOf } from '../../src/languages/languagePacks.js';
import en from '../../src/languages/packs/en-US.json' with { type: 'json' };
import { bestAcceptLanguage } from '../../src/schemas/languages.js';
import type { SayKey } from './guidedHelpTypes.js';

/** The languages the dialog's texts exist in; others fall back to English. */
export type TextLanguage = 'en' | 'fr' | 'es' | 'de';
type Params = Record<string, string | number>;

/**
 * The key of one of the dialog's texts: the keys of the en-US pack's `bot` (the dialog's own lines, SayKey, and the rest), written out so the package's
 * declarations need no JSON import (a consumer's NodeNext compile would refuse one). The two
 * checks below fail to compile when the list and the English catalogue part.
 */
export type MessageKey =
  | SayKey
  | 'saved'
  | 'offerOne'
  | 'offer'
  | 'offerChanged'
  | 'offerQuestion'
  | 'articles'
  | 'askMore'
  | 'yes'
  | 'no'
  | 'agent'
  | 'solved'
  | 'endedInactivity'
  | 'escalateCustomer'
  | 'escalateNoSolution'
  | 'escalatePortal'
  | 'escalateRejectedClosed'
  | 'summaryAnswers'
  | 'summaryTried'
  | 'summaryAccepted'
  | 'summaryRejected'
  | 'summaryOffered'
  | 'summaryLanguage'
  | 'summaryTranscript'
  | 'summaryMore'
  | 'hintNoMatch'
  | 'hintAmbiguous'
  | 'hintNotAPosition'
  | 'hintOneOnly'
  | 'hintNotANumber'
  | 'hintOutOfRange'
  | 'hintEmpty'
  | 'hintTooLong'
  | 'hintYesNo'
  | 'rangeBetween'
  | 'rangeBoth'
  | 'rangeAtLeast'
  | 'rangeGreaterThan'
  | 'rangeAtMost'
  | 'rangeUpTo'
  | 'rangeLessThan'
  | 'numberRange'
  | 'pickSeveral'
  | 'understood'
  | 'whichOne'
  | 'proposal'
  | 'whichTopic'
  | 'topicNotUnderstood'
  | 'greeting'
  | 'topicsAgain'
  | 'pickTopic'
  | 'noTopics'
  | 'help'
  | 'restarted'
  | 'versionChanged'
  | 'turnError'
  | 'farewell'
  | 'welcomeBack'
  | 'offTopic'
  | 'languageFallback';
const everyKeyListed: Record<keyof typeof en.bot, true> = {} as Record<MessageKey, true>;
const everyListedKeyInEnglish: Record<MessageKey, string> = en.bot;
void everyKeyListed;
void everyListedKeyInEnglish;

/** The first four languages' catalogues, as before packs (the samples' TextLanguage); every pack's are in languagePack(tag).bot. */
export const MESSAGE_CATALOGUES: Readonly<Record<TextLanguage, Readonly<Record<string, string>>>> = {
  en: languagePack('en-US').bot,
  fr: languagePack('fr-FR').bot,
  es: languagePack('es-ES').bot,
  de: languagePack('de-DE').bot,
};

export const TEXT_LANGUAGES: readonly TextLanguage[] = ['en', 'fr', 'es', 'de'];

/**
 * The first four languages' short name for a locale (fr-CA → fr, it-IT → en), kept for
 * renderers written against them (samples/customRenderer); the bot's own texts use the packs.
 *
 * @param locale - a conversation locale or portal language, e.g. `fr-CA`
 */
export function textLanguageOf(locale: string | undefined): TextLanguage {
  const primary = locale?.toLowerCase().slice(0, 2);
  return TEXT_LANGUAGES.find((l) => l === primary) ?? 'en';
}

/**
 * The portal's Accept-Language for a conversation locale (P2): en-US when none fits.
 *
 * @param locale - the conversation's locale
 */
export function portalLanguageOf(locale: string | undefined): string {
  return bestAcceptLanguage(locale);
}

/**
 * The text of `key` in the language of `locale`.
 *
 * @param locale - the conversation's locale
 * @param key - which text
 * @param params - values for the text's `{placeholders}`
 */
export function message(locale: string | undefined, key: MessageKey, params: Params = {}): string {
  const text = languagePack(packTagOf(locale) ?? 'en-US').bot[key] ?? en.bot[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
