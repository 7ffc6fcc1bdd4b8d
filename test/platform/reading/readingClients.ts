/**
 * The real clients over the real HTTP core, pointed at a recording server, with what a tolerant
 * read reports captured: the core's warnings (field paths, never values) and the R3 observer
 * calls (`operation:item` / `operation:field`), as the metrics see them.
 */
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { ConversationManagerClient } from '../../../src/platform/conversation/conversationManagerClient.js';
import { PORTAL } from '../portal/portalFixtures.js';

export interface ReadingClients {
  portal: PortalManagerClient;
  hub: ConversationManagerClient;
  /** Objects the core logged at warn level. */
  warnings: Record<string, unknown>[];
  /** `operation:item` or `operation:field`, per note of a tolerant read. */
  unreadable: string[];
}

export function readingClients(baseUrl: string): ReadingClients {
  const warnings: Record<string, unknown>[] = [];
  const unreadable: string[] = [];
  const core = createPlatformHttpCore({
    baseUrl,
    tenant: 't',
    customRates: { name: 'custom', defaultRate: 100_000 },
    tokenProvider: new StaticTokenProvider('token'),
    sleep: () => Promise.resolve(),
    retryDelaysMs: [],
    logger: { warn: (o: object) => warnings.push(o as Record<string, unknown>), debug: () => undefined },
    observer: { onUnreadable: (operation, skipped) => unreadable.push(`${operation}:${skipped}`) },
  });
  return { portal: new PortalManagerClient(core, PORTAL), hub: new ConversationManagerClient(core), warnings, unreadable };
}
