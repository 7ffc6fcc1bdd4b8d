/**
 * The words of each topic's casebase, in one language, from what its content author wrote
 * (U5): its name and description, every question and answer the portal lists, its cases'
 * titles and their articles' names (the texts), and the author's keywords. They let a
 * customer's first words find a topic no name mentions ("bourrage papier" → the printers,
 * B6). Learned by starting a search on the casebase once, under a conversation id of its own
 * (so no customer's portal session is touched), and kept in memory for an hour; a casebase the
 * portal will not open simply has no vocabulary.
 */
import type { GuidedHelpPortal } from '../dialogs/guidedHelp/guidedHelpPortal.js';
import { digestSearch } from '../dialogs/guidedHelp/searchDigest.js';
import type { GuidedHelpSearchResponse } from '../src/schemas/guidedHelp.js';
import type { GuidedHelpTopic } from './guidedHelpTopics.js';

const FRESH_MS = 60 * 60_000;
/** After a failure, try again sooner. */
const RETRY_MS = 60_000;
/** The conversation the portal calls are made for (its own token subject, A2). */
export const VOCABULARY_CONVERSATION = 'guided-help-topic-vocabulary';

/** A casebase's words: the author's keywords (strong evidence), its other texts (weaker), its questions' and solutions' titles (weakest). */
export interface CasebaseVocabulary {
  keywords: string[];
  texts: string[];
  /** Question titles, case titles and article names: questions and instructions ("Change the Wi-Fi channel") whose verbs say little. */
  solutions?: string[];
}

const NONE: CasebaseVocabulary = { keywords: [], texts: [] };

const strings = (xs: unknown): string[] => (Array.isArray(xs) ? xs.filter((x): x is string => typeof x === 'string' && x !== '') : []);

/**
 * What a search response says about its casebase's topic: `description` and `keywords` of the
 * casebase are read when the portal gives them (the contract lists neither; our emulator does).
 */
export function vocabularyOfResponse(response: GuidedHelpSearchResponse, casebaseId: string): CasebaseVocabulary {
  const d = digestSearch(response, casebaseId);
  const cb = (response.casebase ?? {}) as { name?: unknown; description?: unknown; keywords?: unknown };
  const texts = [...strings([cb.name, cb.description]), ...d.questions.flatMap((q) => q.options.map((o) => o.text))];
  const solutions = [...d.questions.map((q) => q.title), ...strings((response.caseSearch ?? []).map((c) => c.title)), ...strings((response.actionSearch ?? []).map((a) => a.name))];
  return { keywords: strings(cb.keywords), texts: [...new Set(texts)], solutions: [...new Set(solutions)] };
}

export class TopicVocabulary {
  private readonly known = new Map<string, { words: CasebaseVocabulary; until: number }>();

  constructor(
    private readonly portal: GuidedHelpPortal,
    private readonly now: () => number = Date.now,
  ) {}

  /** Each topic's words in `acceptLanguage`, learning those not known yet; a lookup by casebase id. */
  async of(topics: GuidedHelpTopic[], acceptLanguage: string): Promise<(casebaseId: string) => CasebaseVocabulary> {
    const at = this.now();
    await Promise.all(
      [...new Set(topics.map((t) => t.casebaseId))]
        .filter((id) => (this.known.get(`${acceptLanguage}|${id}`)?.until ?? 0) <= at)
        .map(async (id) => {
          const words = await this.learn(id, acceptLanguage, topics.find((t) => t.casebaseId === id)?.useLiveRelease ?? true);
          this.known.set(`${acceptLanguage}|${id}`, { words: words ?? NONE, until: at + (words ? FRESH_MS : RETRY_MS) });
        }),
    );
    return (id) => this.known.get(`${acceptLanguage}|${id}`)?.words ?? NONE;
  }

  private async learn(casebaseId: string, acceptLanguage: string, useLiveRelease: boolean): Promise<CasebaseVocabulary | undefined> {
    try {
      const response = await this.portal.start({ casebaseId, useLiveRelease }, { acceptLanguage, conversationId: VOCABULARY_CONVERSATION });
      return vocabularyOfResponse(response, casebaseId);
    } catch {
      return undefined;
    }
  }
}
