/**
 * The topic a customer's first words are about ("my printer is broken, it says error 1500"),
 * when they do not name one exactly (guidedHelpTopics.ts: a number, a name, a keyword). Each
 * topic is matched by its name and keywords, and more weakly by its casebase's own texts (its
 * name, its first questions and their answers: topicVocabulary.ts), so "bourrage papier"
 * finds the printers even though no topic is called so.
 */
import { isBareNumber } from '../dialogs/guidedHelp/understanding/numbersInText.js';
import { matchFreeText, type MatchCandidate } from '../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { topicName, type GuidedHelpTopic } from './guidedHelpTopics.js';

export type TopicUnderstanding =
  | { kind: 'clear'; topic: GuidedHelpTopic }
  | { kind: 'close'; topics: GuidedHelpTopic[] }
  | { kind: 'none' };

export function topicCandidate(id: string, name: string, vocabulary: string[] = []): MatchCandidate {
  return { id, label: name, vocabulary };
}

/** The topics the text is about, with how sure we are; `vocabularyOf` gives a casebase's texts. */
export function understandTopic(topics: GuidedHelpTopic[], text: string, locale: string, vocabularyOf: (casebaseId: string) => string[] = () => []): TopicUnderstanding {
  // "3", "2024": a position or nothing, never the digits of a topic's name ("Printers 3.0", U3).
  if (isBareNumber(text)) return { kind: 'none' };
  const candidates = topics.map((t, i) =>
    topicCandidate(String(i), [topicName(t, locale), ...(t.keywords ?? [])].join(' '), vocabularyOf(t.casebaseId)),
  );
  const d = matchFreeText(candidates, text);
  if (d.kind === 'clear') return { kind: 'clear', topic: topics[Number(d.id)] };
  if (d.kind === 'close') return { kind: 'close', topics: d.ids.map((id) => topics[Number(id)]) };
  return { kind: 'none' };
}
