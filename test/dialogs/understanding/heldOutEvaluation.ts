/**
 * Runs a frozen held-out set (heldOut/*.ts) the way the guided-help bot reads a first message:
 * a request for a person first (personRequest.ts), then a topic named exactly (a name, a
 * keyword), then the free-text matcher on the topics' names together with their casebases'
 * own words in the conversation's language (casebaseVocabulary: what TopicVocabulary learns from
 * the portal). The topics are the emulator's sample casebases.
 *
 *   top-1 accuracy   share of the messages with a topic or a person asked for that get exactly that;
 *   wrong picks      share of all messages where a topic was picked automatically and wrongly
 *                    (a topic for a person's request, for "both", for "none", or the other topic).
 */
import { asksForPerson } from '../../../dialogs/guidedHelp/personRequest.js';
import type { MatchCandidate, MatchDecision } from '../../../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { matchFreeText } from '../../../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { matchTopic, type GuidedHelpTopic } from '../../../bots/guidedHelpTopics.js';
import { understandTopic } from '../../../bots/topicUnderstanding.js';
import { aboutOtherBusiness } from '../../../bots/topicHedges.js';
import { smallTalkOf } from '../../../dialogs/guidedHelp/understanding/smallTalk.js';
import { casebaseVocabulary, SAMPLE_CASEBASES } from './evaluation.js';
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';

export type HeldOutLanguage = keyof typeof LOCALES;
/** The sets' languages: the first four by their short name, the others by their tag. */
export const LOCALES = {
  en: 'en-US',
  fr: 'fr-FR',
  es: 'es-ES',
  de: 'de-DE',
  'en-GB': 'en-GB',
  'fr-CA': 'fr-CA',
  'it-IT': 'it-IT',
  'nl-NL': 'nl-NL',
  'pt-BR': 'pt-BR',
  'pt-PT': 'pt-PT',
  'da-DK': 'da-DK',
  'sv-SE': 'sv-SE',
  'ru-RU': 'ru-RU',
  'zh-CN': 'zh-CN',
  'ja-JP': 'ja-JP',
  'ko-KR': 'ko-KR',
} as const;
type Localized = Record<string, string | undefined>;
const pick = (t: Localized | undefined, locale: string) => t?.[locale] ?? t?.['en-US'] ?? '';

/** The sample topics as the bot offers them in a language: the live release's name. */
export function heldOutTopics(lang: HeldOutLanguage): GuidedHelpTopic[] {
  const l = LOCALES[lang];
  return SAMPLE_CASEBASES.map((cb) => ({ casebaseId: cb.casebaseId, name: pick(cb.releases.find((r) => r.status === 'live')!.name, l) }));
}

export type HeldOutMatcher = (candidates: MatchCandidate[], text: string) => MatchDecision;

export interface HeldOutOutcome {
  message: HeldOutMessage;
  /** What the bot made of it: a casebase id, 'person', 'ending', 'offTopic', or nothing. */
  got?: string;
  automatic: boolean;
}

export function heldOutOutcome(message: HeldOutMessage, lang: HeldOutLanguage): HeldOutOutcome {
  if (asksForPerson(message.text)) return { message, got: 'person', automatic: true };
  const topics = heldOutTopics(lang);
  const locale = LOCALES[lang];
  const exact = matchTopic(topics, message.text, locale);
  if (exact) return { message, got: exact.casebaseId, automatic: true };
  // As the bot reads it (guidedHelpBot.ts): small talk, then a request outside the topics (U7).
  // The sets' 'ending' is any small talk with no request, a greeting included (heldOutMessage.ts):
  // the bot answers a greeting with one and the topics, never with "I did not understand".
  if (smallTalkOf(message.text, locale) !== undefined) return { message, got: 'ending', automatic: false };
  if (aboutOtherBusiness(message.text, locale)) return { message, got: 'offTopic', automatic: false };
  const u = understandTopic(topics, message.text, locale, (id) => casebaseVocabulary(id, lang));
  if (u.kind === 'clear') return { message, got: u.topic.casebaseId, automatic: true };
  if (u.kind === 'close') return { message, got: u.topics[0].casebaseId, automatic: false };
  return { message, automatic: false };
}

export interface HeldOutFigures {
  messages: number;
  matchable: number;
  top1Accuracy: number;
  wrongPickRate: number;
  misses: HeldOutOutcome[];
}

export function evaluateHeldOut(set: readonly HeldOutMessage[], lang: HeldOutLanguage): HeldOutFigures {
  const outcomes = set.map((m) => heldOutOutcome(m, lang));
  const matchable = outcomes.filter((o) => o.message.expect !== 'none' && o.message.expect !== 'both');
  const right = matchable.filter((o) => o.got === o.message.expect);
  // A person asked for is never a wrong pick; any automatic topic other than the one expected is.
  const wrong = outcomes.filter((o) => o.automatic && o.got !== 'person' && o.got !== o.message.expect);
  // 'ending' and 'offTopic' are matchable: right when read as such.
  return {
    messages: outcomes.length,
    matchable: matchable.length,
    top1Accuracy: right.length / matchable.length,
    wrongPickRate: wrong.length / outcomes.length,
    misses: outcomes.filter((o) => (matchable.includes(o) && o.got !== o.message.expect) || wrong.includes(o)),
  };
}

export { matchFreeText };
