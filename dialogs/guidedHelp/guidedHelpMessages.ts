/**
 * Every text the guided-help dialog and bot show a customer, one catalogue per language kept
 * as data (texts/en.json, fr.json, es.json, de.json; U2), so a translator edits JSON, not
 * code. English is the reference: a test fails when another catalogue lacks one of its keys or
 * placeholders. Placeholders are `{name}`. A language without a catalogue is still sent to the
 * portal as it is; only our own lines fall back to English.
 */
import { bestAcceptLanguage } from '../../src/schemas/languages.js';
import type { SayKey } from './guidedHelpTypes.js';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };
import fr from './texts/fr.json' with { type: 'json' };

/** The languages the dialog's texts exist in; others fall back to English. */
export type TextLanguage = 'en' | 'fr' | 'es' | 'de';
type Params = Record<string, string | number>;

/**
 * The key of one of the dialog's texts: the keys of texts/en.json (the dialog's own lines, SayKey, and the rest), written out so the package's
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
  | 'turnError';
const everyKeyListed: Record<keyof typeof en, true> = {} as Record<MessageKey, true>;
const everyListedKeyInEnglish: Record<MessageKey, string> = en;
void everyKeyListed;
void everyListedKeyInEnglish;

/** The catalogues by language; read by the test that checks every key is in every language. */
export const MESSAGE_CATALOGUES: Readonly<Record<TextLanguage, Readonly<Record<string, string>>>> = { en, fr, es, de };

export const TEXT_LANGUAGES: readonly TextLanguage[] = ['en', 'fr', 'es', 'de'];

/**
 * Our texts' language for a conversation locale or portal language (fr-CA → fr, it-IT → en).
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
  const text = MESSAGE_CATALOGUES[textLanguageOf(locale)][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
