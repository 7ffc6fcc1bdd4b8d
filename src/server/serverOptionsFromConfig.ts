/**
 * Options of the token endpoint and the callback authenticator read from the one
 * configuration (config.ts), so the bot's start-up mounts them in two lines. Each returns
 * undefined when the configuration does not enable that part.
 */
import type { Config } from '../config/config.js';
import type { CallbackAuthenticatorOptions } from '../authentication/callbackAuthenticator.js';
import type { FailureLimiterOptions } from '../authentication/failureLimiter.js';
import type { RevocationStore } from '../authentication/revocationStore.js';
import { createTokenIssuer, type TokenIssuer } from '../authentication/tokenIssuer.js';
import type { TokenEndpointOptions } from '../authentication/tokenEndpoint.js';
import type { SecretIssuer, TrustedIssuer } from '../authentication/trustedIssuer.js';

/** The bot's own token issuer, when BOT_TOKEN_SIGNING_KEY is set. */
export function tokenIssuerFromConfig(cfg: Config): TokenIssuer | undefined {
  if (!cfg.BOT_TOKEN_SIGNING_KEY) return undefined;
  return createTokenIssuer({
    signingKey: cfg.BOT_TOKEN_SIGNING_KEY,
    previousKeys: cfg.BOT_TOKEN_PREVIOUS_SIGNING_KEYS ?? [],
    issuer: cfg.BOT_TOKEN_ISSUER,
    audience: cfg.BOT_TOKEN_AUDIENCE,
    tenant: cfg.PLATFORM_TENANT,
    ttlSeconds: cfg.BOT_TOKEN_TTL_SECONDS,
  });
}

/** The token endpoint's failure limits (S2), for either limiter (memory or Redis). */
export function failureLimitsFromConfig(cfg: Config): Required<Omit<FailureLimiterOptions, 'now'>> {
  return { maxFailures: cfg.BOT_TOKEN_MAX_FAILURES, windowMs: cfg.BOT_TOKEN_FAILURE_WINDOW_SECONDS * 1000, blockMs: cfg.BOT_TOKEN_BLOCK_SECONDS * 1000 };
}

/** The built-in token endpoint, when BOT_CLIENT_ID, BOT_CLIENT_SECRET and BOT_TOKEN_SIGNING_KEY are set. */
export function tokenEndpointOptionsFromConfig(cfg: Config, extra: Partial<TokenEndpointOptions> = {}): TokenEndpointOptions | undefined {
  const issuer = tokenIssuerFromConfig(cfg);
  if (!issuer || !cfg.BOT_CLIENT_ID || !cfg.BOT_CLIENT_SECRET) return undefined;
  return { clients: [{ clientId: cfg.BOT_CLIENT_ID, clientSecret: cfg.BOT_CLIENT_SECRET }], issuer, ...extra };
}

/**
 * Callback authentication: the bot's own tokens (BOT_TOKEN_SIGNING_KEY) and/or one external
 * issuer (CALLBACK_ISSUER with CALLBACK_JWKS_URL or CALLBACK_SHARED_SECRET). Undefined when
 * neither is configured.
 */
export function callbackAuthenticatorOptionsFromConfig(cfg: Config, extra: { revocations?: RevocationStore; sharedKeys?: SecretIssuer['sharedKeys'] } = {}): CallbackAuthenticatorOptions | undefined {
  const issuers: TrustedIssuer[] = [];
  const own = tokenIssuerFromConfig(cfg);
  // With Redis, the keys the other replicas announced are accepted too (S12).
  if (own) issuers.push(extra.sharedKeys ? { ...own.trust, sharedKeys: extra.sharedKeys } : own.trust);
  if (cfg.CALLBACK_ISSUER) {
    // An external issuer is tenant-checked only when told which claim holds the tenant.
    const tenantClaim = cfg.CALLBACK_TENANT_CLAIM ?? null;
    if (cfg.CALLBACK_JWKS_URL) issuers.push({ issuer: cfg.CALLBACK_ISSUER, jwksUrl: cfg.CALLBACK_JWKS_URL, tenantClaim });
    else if (cfg.CALLBACK_SHARED_SECRET) issuers.push({ issuer: cfg.CALLBACK_ISSUER, secret: cfg.CALLBACK_SHARED_SECRET, tenantClaim });
  }
  if (issuers.length === 0) return undefined;
  return {
    issuers,
    audience: cfg.BOT_TOKEN_AUDIENCE,
    tenant: cfg.PLATFORM_TENANT,
    clockToleranceSeconds: cfg.CALLBACK_CLOCK_SKEW_SECONDS,
    revocations: extra.revocations,
  };
}

