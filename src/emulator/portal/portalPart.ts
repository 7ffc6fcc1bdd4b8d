/**
 * The portal manager v4 as an emulator part (`startEmulator({ parts: [portalPart(...)] })`):
 * guided help over the sample casebases (data/), quickpicks, suggestions, and the admin API.
 * Portal changes raise knowledge events through `events` (the event manager part), when given.
 */
import { randomBytes } from 'node:crypto';
import type { EmulatorPart } from '../emulatorContext.js';
import { NO_EVENTS, type KnowledgeEvents } from '../events/knowledgeEvents.js';
import { ArticleStore } from './articles/articleStore.js';
import { registerCatalogRoutes } from './guided/catalogRoutes.js';
import { GuidedHelpEngine } from './guided/guidedHelpEngine.js';
import { registerSearchRoutes } from './guided/searchRoutes.js';
import { KnowledgeBase } from './knowledge/knowledgeBase.js';
import { registerPortalAdminRoutes } from './portalAdminRoutes.js';
import { PORTAL_BASE } from './portalRequest.js';
import type { PortalServices } from './portalServices.js';
import { QuickpickStore } from './quickpicks/quickpickStore.js';
import { registerQuickpickRoutes } from './quickpicks/quickpickRoutes.js';
import { registerResumeQuickpickRoute } from './quickpicks/resumeQuickpickRoute.js';
import { AttachmentUploads } from './suggestions/attachmentUploads.js';
import { registerSuggestionDetailRoutes } from './suggestions/suggestionDetailRoutes.js';
import { registerPreuploadRoutes } from './suggestions/preuploadRoutes.js';
import { registerSuggestionRoutes } from './suggestions/suggestionRoutes.js';
import { SuggestionStore } from './suggestions/suggestionStore.js';

export interface PortalPartOptions {
  /** A data directory laid out like src/emulator/portal/data (default: the shipped samples). */
  dataDir?: string;
  /** Or the knowledge itself. */
  knowledge?: KnowledgeBase;
  events?: KnowledgeEvents;
  /** How long a signed attachment URL stays valid (default 15 minutes). */
  uploadUrlTtlMs?: number;
  /** Called with the portal's state once registered (tests, the inspector). */
  onReady?: (services: PortalServices) => void;
}

export function portalPart(opts: PortalPartOptions = {}): EmulatorPart {
  // Loaded now, not when the server starts, so a data mistake fails before anything listens.
  const kb = opts.knowledge ?? KnowledgeBase.load(opts.dataDir);
  return (ctx) => {
    const events = opts.events ?? NO_EVENTS;
    const services: PortalServices = {
      ctx,
      kb,
      engine: new GuidedHelpEngine(kb, () => ctx.now()),
      quickpicks: new QuickpickStore(),
      suggestions: new SuggestionStore(),
      uploads: new AttachmentUploads(randomBytes(32), opts.uploadUrlTtlMs ?? 15 * 60_000),
      articles: new ArticleStore(() => events),
      faults: { failNextResumes: 0 },
      events,
      linkBase: () => `${ctx.baseUrl()}${PORTAL_BASE}`,
    };
    registerCatalogRoutes(services);
    registerSearchRoutes(services);
    registerQuickpickRoutes(services);
    registerResumeQuickpickRoute(services);
    registerSuggestionRoutes(services);
    registerSuggestionDetailRoutes(services);
    registerPreuploadRoutes(services);
    registerPortalAdminRoutes(services);
    opts.onReady?.(services);
  };
}
