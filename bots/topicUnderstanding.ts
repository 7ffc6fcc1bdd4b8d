/**
 * The topic a customer's first words are about ("my printer is broken, it says error 1500"),
 * when they do not name one exactly (guidedHelpTopics.ts: a number, a name, a keyword). Each
 * topic is matched by its name and the operator's keywords, by its casebase author's keywords
 * when the operator gave none (the operator's override them), and more weakly by its
 * casebase's own texts (name, description, questions, answers, cases: topicVocabulary.ts), so
 * "bourrage papier" finds the printers even though no topic is called so.
 */
import { isBareNumber } from '../dialogs/guidedHelp/understanding/numbersInText.js';
import { matchFreeText, type MatchCandidate } from '../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { topicName, type GuidedHelpTopic } from './guidedHelpTopics.js';
import { aboutOtherBusiness, pickedOnVocabularyAlone } from './topicHedges.js';
import type { CasebaseVocabulary } from './topicVocabulary.js';

export type TopicUnderstanding =
  | { kind: 'clear'; topic: GuidedHelpTopic }
  | { kind: 'close'; topics: GuidedHelpTopic[] }
  | { kind: 'none' };

export function topicCandidate(id: string, name: string, words: Partial<CasebaseVocabulary> = {}): MatchCandidate {
  return { id, label: name, keywords: words.keywords ?? [], vocabulary: words.texts ?? [], hints: words.solutions ?? [] };
}

/** A second topic scoring a keyword's weight (0.8) was named too: "Wi-Fi and the printer" asks which. */
export const TOPIC_RIVAL = 0.8;

const NO_VOCABULARY: CasebaseVocabulary = { keywords: [], texts: [] };

/** The topics the text is about, with how sure we are; `vocabularyOf` gives a casebase's words. */
export function understandTopic(
  topics: GuidedHelpTopic[],
  text: string,
  locale: string,
  vocabularyOf: (casebaseId: string) => CasebaseVocabulary = () => NO_VOCABULARY,
): TopicUnderstanding {
  // "3", "2024": a position or nothing, never the digits of a topic's name ("Printers 3.0", U3).
  if (isBareNumber(text)) return { kind: 'none' };
  const candidates = topics.map((t, i) => {
    const v = vocabularyOf(t.casebaseId);
    return topicCandidate(String(i), [topicName(t, locale), ...(t.keywords ?? [])].join(' '), { ...v, keywords: t.keywords ? [] : v.keywords });
  });
  const d = matchFreeText(candidates, text, { rival: TOPIC_RIVAL, lang: locale });
  if (d.kind === 'clear') {
    const topic = topics[Number(d.id)];
    // Billing or sales, or nothing but a device said: ask, the picked topic offered first (topicHedges.ts).
    if (pickedOnVocabularyAlone(candidates, d.id, text, locale) || aboutOtherBusiness(text, locale)) return { kind: 'close', topics: [topic, ...topics.filter((t) => t !== topic)] };
    return { kind: 'clear', topic };
  }
  if (d.kind === 'close') return { kind: 'close', topics: d.ids.map((id) => topics[Number(id)]) };
  return { kind: 'none' };
}
