/**
 * Issues the bot's own access tokens: JWTs signed with HMAC-SHA256 (HS256), so any JWT
 * library can read them and the callback authenticator (callbackAuthenticator.ts) can verify
 * them with the same key. Each token names its issuer, audience, subject (the client id),
 * tenant, a unique `jti` (for revocation) and an `exp`.
 *
 * jose signs and verifies: one well-kept, dependency-free library for both HS256 and the
 * RS256/ES256 keys of external issuers, rather than hand-written JWT code.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { kidOf, type SecretIssuer } from './trustedIssuer.js';

export const TENANT_CLAIM = 'tenant';
/** A day: a lifetime longer than that is a token nobody can take back in time (S14). */
export const MAX_TTL_SECONDS = 86_400;

export interface TokenIssuerOptions {
  /** HMAC key, at least 32 characters (BOT_TOKEN_SIGNING_KEY). */
  signingKey: string;
  /** Keys being rotated out, still accepted on callbacks (BOT_TOKEN_PREVIOUS_SIGNING_KEYS, S3). */
  previousKeys?: readonly string[];
  /** `iss` of every token (BOT_TOKEN_ISSUER). */
  issuer: string;
  /** `aud` of every token (BOT_TOKEN_AUDIENCE); the callback authenticator expects it. */
  audience: string;
  /** Tenant the tokens are for (PLATFORM_TENANT). */
  tenant: string;
  /** Lifetime in seconds (BOT_TOKEN_TTL_SECONDS), at most a day; tokens claiming longer are refused on callbacks (S14). */
  ttlSeconds: number;
  /** Clock in ms; Date.now by default. */
  now?: () => number;
}

/** The token response of RFC 6749 5.1. */
export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface TokenIssuer {
  issue(subject: string): Promise<IssuedToken>;
  /** How a callback authenticator trusts the tokens of this issuer. */
  readonly trust: SecretIssuer;
}

export function createTokenIssuer(opts: TokenIssuerOptions): TokenIssuer {
  if (opts.signingKey.length < 32) throw new RangeError('signingKey must have at least 32 characters');
  if (!(opts.ttlSeconds > 0 && opts.ttlSeconds <= MAX_TTL_SECONDS)) throw new RangeError(`ttlSeconds must be 1-${MAX_TTL_SECONDS}`);
  const key = new TextEncoder().encode(opts.signingKey);
  const now = opts.now ?? (() => Date.now());
  const kid = kidOf(opts.signingKey);

  return {
    async issue(subject) {
      const iat = Math.floor(now() / 1000);
      const token = await new SignJWT({ [TENANT_CLAIM]: opts.tenant })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setSubject(subject)
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(iat + opts.ttlSeconds)
        .sign(key);
      return { access_token: token, token_type: 'Bearer', expires_in: opts.ttlSeconds };
    },
    trust: { issuer: opts.issuer, secret: opts.signingKey, previousSecrets: opts.previousKeys ?? [], audience: opts.audience, tenantClaim: TENANT_CLAIM, maxLifetimeSeconds: opts.ttlSeconds },
  };
}
