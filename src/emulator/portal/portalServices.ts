/**
 * The state one emulated portal manager shares between its route files: the knowledge, the
 * guided-help sessions, the quickpicks, the suggestions and articles, the portal's own fault
 * knobs, and the event sink that turns portal changes into knowledge events (spec 6).
 */
import type { EmulatorContext } from '../emulatorContext.js';
import type { KnowledgeEvents } from '../events/knowledgeEvents.js';
import type { GuidedHelpEngine } from './guided/guidedHelpEngine.js';
import type { KnowledgeBase } from './knowledge/knowledgeBase.js';
import type { QuickpickStore } from './quickpicks/quickpickStore.js';
import type { SuggestionStore } from './suggestions/suggestionStore.js';
import type { ArticleStore } from './articles/articleStore.js';
import type { AttachmentUploads } from './suggestions/attachmentUploads.js';

/** Portal fault knobs (admin API): the next N resume-quickpick calls answer 500-100. */
export interface PortalFaults {
  failNextResumes: number;
}

export interface PortalServices {
  ctx: EmulatorContext;
  kb: KnowledgeBase;
  engine: GuidedHelpEngine;
  quickpicks: QuickpickStore;
  suggestions: SuggestionStore;
  uploads: AttachmentUploads;
  articles: ArticleStore;
  faults: PortalFaults;
  events: KnowledgeEvents;
  /** Portal manager base URL for links, once the server listens. */
  linkBase(): string;
}
