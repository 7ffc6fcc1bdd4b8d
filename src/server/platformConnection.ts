/**
 * Builds what talks to the platform from configuration: the token provider (client
 * credentials, A1), the rate buckets (memory, or Redis shared by every replica, L8), the one
 * HTTP core, and the clients over it. Used by the bot server and by the provisioning commands,
 * so both reach the platform the same way.
 */
import type { Config } from '../config/config.js';
import { ConfigError } from '../config/config.js';
import { ClientCredentialsTokenProvider } from '../platform/auth/clientCredentialsTokenProvider.js';
import { ConversationManagerClient } from '../platform/conversation/conversationManagerClient.js';
import { createPlatformHttpCore, type PlatformCallObserver, type PlatformHttpCore, type PlatformLogger } from '../platform/http/platformHttpCore.js';
import type { TokenProvider } from '../platform/http/types.js';
import { PortalManagerClient } from '../platform/portal/portalManagerClient.js';
import { MemoryBucketStore } from '../platform/throttle/memoryBucketStore.js';
import { RedisBucketStore } from '../platform/throttle/redisBucketStore.js';
import type { RedisScriptClient } from '../redis/luaScript.js';
import { bestAcceptLanguage } from '../schemas/languages.js';
import { OnBehalfOfTokenProviders } from '../platform/auth/onBehalfOfTokenProviders.js';

/**
 * The platform's clients as the configuration sets them up (from `connectPlatform`): the HTTP core
 * they share, its token provider, the conversation manager's client and, with a portal configured,
 * the portal manager's.
 */
export interface PlatformConnection {
  /**
   * The HTTP core every client calls through: tokens, rate buckets, retries (see the `/platform`
   * entry).
   */
  core: PlatformHttpCore;
  /** The platform's access tokens (client credentials unless given). */
  tokenProvider: TokenProvider;
  /**
   * The conversation manager's API: messages, conversations, participants, provisioning resources.
   */
  conversations: ConversationManagerClient;
  /** Present when PORTAL_ID is configured. */
  portal?: PortalManagerClient;
  /**
   * Token providers on behalf of each conversation's customer, for portal calls
   * (PORTAL_TOKEN_MODE=on-behalf-of-customer, the default); absent in client mode.
   */
  portalTokens?: OnBehalfOfTokenProviders;
}

/**
 * Builds the platform's clients from the configuration: a client-credentials token provider, an
 * HTTP core with the plan's rate buckets (on Redis when given one, so replicas share them), the
 * conversation manager's client and, with `PORTAL_ID`, the portal manager's.
 *
 * @param cfg - the configuration (`PLATFORM_BASE_URL` and its credentials are required)
 * @param opts - a Redis client for shared rate buckets, a logger, a token provider of your own, an
 * observer of calls
 * @returns the connected clients
 * @throws ConfigError when `PLATFORM_BASE_URL` is not set
 */
export function connectPlatform(
  cfg: Config,
  opts: { redis?: RedisScriptClient; logger?: PlatformLogger; tokenProvider?: TokenProvider; observer?: PlatformCallObserver } = {},
): PlatformConnection {
  if (!cfg.PLATFORM_BASE_URL) throw new ConfigError(['PLATFORM_BASE_URL: required to reach a platform (or run `hubbot start` without it to use the local emulator)']);
  const tokenProvider =
    opts.tokenProvider ??
    (() => {
      if (!cfg.PLATFORM_TOKEN_URL || !cfg.PLATFORM_CLIENT_ID || !cfg.PLATFORM_CLIENT_SECRET) {
        throw new ConfigError(['PLATFORM_TOKEN_URL, PLATFORM_CLIENT_ID and PLATFORM_CLIENT_SECRET: required to obtain platform tokens']);
      }
      return new ClientCredentialsTokenProvider({
        tokenUrl: cfg.PLATFORM_TOKEN_URL,
        clientId: cfg.PLATFORM_CLIENT_ID,
        clientSecret: cfg.PLATFORM_CLIENT_SECRET,
        scopes: cfg.PLATFORM_SCOPES,
      });
    })();
  const core = createPlatformHttpCore({
    baseUrl: cfg.PLATFORM_BASE_URL,
    portalBaseUrl: cfg.PORTAL_BASE_URL,
    tenant: cfg.PLATFORM_TENANT,
    plan: cfg.PLATFORM_PLAN,
    tokenProvider,
    bucketStore: opts.redis ? new RedisBucketStore(opts.redis) : new MemoryBucketStore(),
    acceptLanguage: cfg.DEFAULT_LANGUAGE,
    logger: opts.logger,
    observer: opts.observer,
  });
  const onBehalf =
    cfg.PORTAL_ID && cfg.PORTAL_TOKEN_MODE === 'on-behalf-of-customer' && cfg.PLATFORM_TOKEN_URL && cfg.PLATFORM_CLIENT_ID && cfg.PLATFORM_CLIENT_SECRET
      ? new OnBehalfOfTokenProviders({ tokenUrl: cfg.PLATFORM_TOKEN_URL, clientId: cfg.PLATFORM_CLIENT_ID, clientSecret: cfg.PLATFORM_CLIENT_SECRET, scopes: cfg.PLATFORM_SCOPES })
      : undefined;
  return {
    core,
    tokenProvider,
    ...(onBehalf ? { portalTokens: onBehalf } : {}),
    conversations: new ConversationManagerClient(core),
    ...(cfg.PORTAL_ID ? { portal: new PortalManagerClient(core, cfg.PORTAL_ID, { acceptLanguage: bestAcceptLanguage(cfg.DEFAULT_LANGUAGE) }) } : {}),
  };
}
