/**
 * The topics of the guided-help bot: the casebases a customer may pick, from configuration or
 * from the portal's live releases, offered as quick replies (a few) or a list picker (more),
 * and recognised in what the customer types (by number, name, or a configured keyword).
 */
import { CardFactory, MessageFactory, type Activity } from 'botbuilder-core';
import { parseExactAnswer } from '../dialogs/guidedHelp/answerParsing.js';
import { normalise } from '../dialogs/guidedHelp/understanding/normalise.js';
import type { AskedQuestion } from '../dialogs/guidedHelp/askedQuestion.js';
import { message, textLanguageOf, type TextLanguage } from '../dialogs/guidedHelp/guidedHelpMessages.js';
import { numbered } from '../dialogs/guidedHelp/guidedHelpRenderer.js';
import { isBareNumber } from '../dialogs/guidedHelp/understanding/numbersInText.js';

/**
 * A topic the guided-help bot offers: a casebase of the portal, its name for the customer and the
 * words that pick it.
 */
export interface GuidedHelpTopic {
  /** The portal's casebase the topic's dialog runs on. */
  casebaseId: string;
  /** Shown to the customer: one text, or one per language (`en`, `fr`, `es`, `de`). */
  name: string | ({ en: string } & Partial<Record<TextLanguage, string>>);
  /** Words that pick this topic when typed ("printer", "imprimante"). */
  keywords?: string[];
  /** false: the authoring release (tests of new content); default: the live one. */
  useLiveRelease?: boolean;
}

/**
 * A release version at the end of a name: "3.0", "2024.2", "v2", "V 4.1", "release 7", "(draft)".
 * A plain number alone is kept ("Windows 11" is a product's name, not a release).
 */
const RELEASE_SUFFIX = /(?:(?:\s*[-–:]\s*|\s+)(?:\(?(?:draft|beta|qa|author|live)\)?|(?:v|version|release|rel\.?)\s?\d+(?:\.\d+)*|\d+(?:\.\d+)+))+\s*$/iu;

/**
 * The customer-facing name of a topic whose name comes from the portal (U8): the portal lists
 * casebase releases, and a release's name carries its version ("Printers 3.0", "Home internet
 * 2024.2"), which the customer never needs to see. Configured topics (`casebases`) are shown as
 * they are written.
 *
 * @param releaseName - the release's name as the portal gives it
 * @returns the name without its trailing release version (the name itself when nothing else is left)
 */
export function customerTopicName(releaseName: string): string {
  const stripped = releaseName.replace(RELEASE_SUFFIX, '').trim();
  return stripped === '' ? releaseName.trim() : stripped;
}

/**
 * The topic as contact-center figures name it (O5, M7): its name as the customer sees it, in the
 * conversation's language and without the release's version (customerTopicName), so a report
 * reads in the customer's words and a new release counts under the same topic.
 *
 * @param topic - the topic
 * @param locale - the conversation's locale
 */
export function topicFigureName(topic: GuidedHelpTopic, locale: string): string {
  return customerTopicName(topicName(topic, locale));
}

/** Quick replies hold a few choices comfortably; more go in a list picker. */
const MAX_QUICK_REPLIES = 5;

/**
 * The topic's name in the customer's language (English when it has none in that language).
 *
 * @param topic - the topic
 * @param locale - the conversation's locale, e.g. `fr-FR`
 */
export function topicName(topic: GuidedHelpTopic, locale: string): string {
  if (typeof topic.name === 'string') return topic.name;
  return topic.name[textLanguageOf(locale)] ?? topic.name.en;
}

/**
 * The activity that offers the topics: quick replies for a few, a list picker for more.
 *
 * @param topics - the topics to offer
 * @param text - the question above them
 * @param locale - the conversation's locale
 */
export function topicPicker(topics: GuidedHelpTopic[], text: string, locale: string): Partial<Activity> {
  if (topics.length <= MAX_QUICK_REPLIES) {
    return MessageFactory.suggestedActions(
      topics.map((t) => ({ type: 'imBack', title: topicName(t, locale), value: topicName(t, locale) })),
      text,
    );
  }
  // A list shows positions; buttons are in order too: a bare "2" picks the second of either (U9).
  const cards = topics.map((t, i) => CardFactory.heroCard(numbered(topicName(t, locale), i), undefined, [{ type: 'imBack', title: topicName(t, locale), value: String(i + 1) }]));
  return MessageFactory.list(cards, text);
}

/**
 * The topics' activity with a person offered too (U7: a request outside the topics): one more
 * quick reply, "agent" as its value (a command in every language, guidedHelpCommands.ts).
 *
 * @param picker - what topicPicker made
 * @param locale - the conversation's locale
 */
export function withPersonOffered(picker: Partial<Activity>, locale: string): Partial<Activity> {
  const actions = picker.suggestedActions?.actions;
  if (!actions) return picker;
  return { ...picker, suggestedActions: { ...picker.suggestedActions!, actions: [...actions, { type: 'imBack', title: message(locale, 'agent'), value: 'agent' }] } };
}

/**
 * The topics as a question: a list picker or quick replies, both offering positions (U9).
 *
 * @param topics - the topics offered
 * @param locale - the conversation's locale
 */
export function topicQuestion(topics: GuidedHelpTopic[], locale: string): AskedQuestion {
  const format = topics.length > MAX_QUICK_REPLIES ? 'dropdown' : 'radioButton';
  return { id: 'topic', title: '', format, options: topics.map((t, i) => ({ id: `topic-${i}`, text: topicName(t, locale) })) };
}

/**
 * The topic the customer's text names (by number, name or keyword), if exactly one does.
 *
 * @param topics - the topics offered
 * @param text - the customer's message
 * @param locale - the conversation's locale
 */
export function matchTopic(topics: GuidedHelpTopic[], text: string, locale: string): GuidedHelpTopic | undefined {
  const said = normalise(text);
  const byKeyword = topics.filter((t) => (t.keywords ?? []).some((k) => ` ${said} `.includes(` ${normalise(k)} `)));
  if (byKeyword.length === 1) return byKeyword[0];
  const byCasebase = topics.filter((t) => t.casebaseId === text.trim());
  if (byCasebase.length === 1) return byCasebase[0];
  // The same matching as answers to a question: position in the list (its id too), or name.
  // Positions, not casebase ids: two topics may share a casebase (its live and draft releases).
  // Exact forms only: free text is understood by topicUnderstanding.ts, which says so (B6).
  // Positions wherever the topics are shown in order, buttons included (U9).
  const byName = topics.filter((t) => normalise(topicName(t, locale)) === said);
  if (byName.length === 1) return byName[0];
  // A name inside a sentence ("my home internet is slow") is the customer's own words, understood
  // (and said) by topicUnderstanding.ts; here only a position, or a list item's id, picks.
  if (!isBareNumber(text) && !/^topic-\d+$/.test(text.trim())) return undefined;
  const parsed = parseExactAnswer(topicQuestion(topics, locale), text);
  if (!parsed.ok) return undefined;
  return topics[Number(parsed.input.answers[0]?.id?.slice('topic-'.length))];
}
