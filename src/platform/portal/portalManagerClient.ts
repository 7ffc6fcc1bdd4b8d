// The portal manager's client (documented on the declaration).
import type { HttpCore } from '../http/types.js';
import { GuidedHelpClient } from './guidedHelpClient.js';
import { PortalCaller } from './portalCaller.js';
import type { PortalOperation, PortalRoute } from './portalOperations.js';
import { assertPortalId } from './portalParameterChecks.js';
import { QuickpicksClient } from './quickpicksClient.js';
import { StaticListCache } from './staticListCache.js';
import { SuggestionsClient } from './suggestionsClient.js';

/**
 * How a `PortalManagerClient` calls its portal: language, cache of static lists, and operation
 * overrides.
 */
export interface PortalManagerClientOptions {
  /** Accept-Language of calls that do not give one (it is required by the portal); default en-US. */
  acceptLanguage?: string;
  /**
   * The static-list cache (L7). Share one between the clients of several portals so one
   * invalidation hook reaches them all; by default each client has its own.
   */
  cache?: StaticListCache;
  /** Time to live of cached static lists when the client makes its own cache; default 5 minutes. */
  staticListTtlMs?: number;
  /** Another method or path for an operation, e.g. where the platform's signed-upload operation really lives. */
  operationOverrides?: Partial<Record<PortalOperation, PortalRoute>>;
}

/**
 * The typed client of the portal manager v4 for one portal (spec 4.3, P11): suggestions,
 * guided help and quickpicks. It only describes calls; the HTTP core (types.ts) adds the
 * bearer token (the client's, or the user's / customer's token provider given per call, A2),
 * throttles per method + path template, backs off on 429 and maps error bodies to
 * PlatformError. Every refusal this client makes before the network is a PlatformError too.
 *
 * The portalID is checked when the client is made (P1): a bad one never reaches the network.
 */
export class PortalManagerClient {
  /** The portal this client calls. */
  readonly portalID: string;
  /** The portal's suggestions API. */
  readonly suggestions: SuggestionsClient;
  /** The portal's guided-help API (casebases, profiles, searches, steps, solutions). */
  readonly guidedHelp: GuidedHelpClient;
  /** The portal's quickpicks API (saved guided-help sessions). */
  readonly quickpicks: QuickpicksClient;
  private readonly cache: StaticListCache;

  /**
   * @param core - the HTTP core (see `connectPlatform`)
   * @param portalID - the portal, e.g. `KP-10001`
   * @param options - language, cache and overrides
   * @throws PlatformError when the portal id is not one
   */
  constructor(core: HttpCore, portalID: string, options: PortalManagerClientOptions = {}) {
    assertPortalId(portalID);
    this.portalID = portalID;
    this.cache = options.cache ?? new StaticListCache(options.staticListTtlMs === undefined ? {} : { ttlMs: options.staticListTtlMs });
    const caller = new PortalCaller(core, portalID, options.acceptLanguage, options.operationOverrides);
    this.suggestions = new SuggestionsClient(caller);
    this.guidedHelp = new GuidedHelpClient(caller, this.cache);
    this.quickpicks = new QuickpicksClient(caller);
  }

  /**
   * Drops this portal's cached static lists (casebase releases, profiles, clusters), so the
   * next call goes to the platform. Knowledge-event handlers call it when content changes (L7).
   */
  invalidateStaticLists(): void {
    this.cache.invalidate(`${this.portalID}|`);
  }
}
