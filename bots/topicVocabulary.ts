/**
 * The words of each topic's casebase: its name, its first (startup) questions and their
 * answers, in one language. They let a customer's first words find a topic no name mentions
 * ("bourrage papier" → the printers, B6). Learned by starting a search on the casebase once,
 * under a conversation id of its own (so no customer's portal session is touched), and kept
 * in memory for an hour; a casebase the portal will not open simply has no vocabulary.
 */
import type { GuidedHelpPortal } from '../dialogs/guidedHelp/guidedHelpPortal.js';
import { digestSearch } from '../dialogs/guidedHelp/searchDigest.js';
import type { GuidedHelpTopic } from './guidedHelpTopics.js';

const FRESH_MS = 60 * 60_000;
/** After a failure, try again sooner. */
const RETRY_MS = 60_000;
/** The conversation the portal calls are made for (its own token subject, A2). */
export const VOCABULARY_CONVERSATION = 'guided-help-topic-vocabulary';

export class TopicVocabulary {
  private readonly known = new Map<string, { words: string[]; until: number }>();

  constructor(
    private readonly portal: GuidedHelpPortal,
    private readonly now: () => number = Date.now,
  ) {}

  /** Each topic's words in `acceptLanguage`, learning those not known yet; a lookup by casebase id. */
  async of(topics: GuidedHelpTopic[], acceptLanguage: string): Promise<(casebaseId: string) => string[]> {
    const at = this.now();
    await Promise.all(
      [...new Set(topics.map((t) => t.casebaseId))]
        .filter((id) => (this.known.get(`${acceptLanguage}|${id}`)?.until ?? 0) <= at)
        .map(async (id) => {
          const words = await this.learn(id, acceptLanguage, topics.find((t) => t.casebaseId === id)?.useLiveRelease ?? true);
          this.known.set(`${acceptLanguage}|${id}`, { words: words ?? [], until: at + (words ? FRESH_MS : RETRY_MS) });
        }),
    );
    return (id) => this.known.get(`${acceptLanguage}|${id}`)?.words ?? [];
  }

  private async learn(casebaseId: string, acceptLanguage: string, useLiveRelease: boolean): Promise<string[] | undefined> {
    try {
      const response = await this.portal.start({ casebaseId, useLiveRelease }, { acceptLanguage, conversationId: VOCABULARY_CONVERSATION });
      const d = digestSearch(response, casebaseId);
      const startup = d.questions.filter((q) => d.startupIds.includes(q.id));
      const name = (response as { casebase?: { name?: unknown } }).casebase?.name;
      return [...(typeof name === 'string' ? [name] : []), ...startup.flatMap((q) => [q.title, ...q.options.map((o) => o.text)])];
    } catch {
      return undefined;
    }
  }
}
