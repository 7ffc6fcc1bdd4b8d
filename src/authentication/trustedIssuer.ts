/**
 * The issuers whose tokens the bot's callback accepts, and how each one's signing key is found:
 * a shared secret (HS256; the bot's own token endpoint is one of these) or a JWKS URL
 * (RS256/ES256, keys fetched and cached by jose). Each issuer is pinned to its algorithms, so a
 * token cannot switch an RSA issuer to HMAC (algorithm confusion).
 */
import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';

interface IssuerBase {
  /** Expected `iss`; also how a token is routed to this issuer. */
  issuer: string;
  /** Expected `aud`; default: the authenticator's `audience`. */
  audience?: string | string[];
  /**
   * Claim holding the tenant, compared with the authenticator's `tenant`; default 'tenant'.
   * null for an issuer that serves a single tenant and carries no such claim.
   */
  tenantClaim?: string | null;
  /**
   * The longest lifetime a token of this issuer may claim, seconds (S14). When set, a token must
   * carry `jti` (so it can be revoked) and `iat`; one issued in the future, or whose `exp` lies
   * further than this after its `iat`, is refused: a token stolen with a 100-year `exp` would
   * otherwise be good for a century. The bot's own issuer sets it to its token lifetime.
   */
  maxLifetimeSeconds?: number;
}

/** An issuer that signs with a shared secret (HS256), such as the bot's own token endpoint. */
export interface SecretIssuer extends IssuerBase {
  /** HMAC key shared with the issuer (HS256), at least 32 characters. */
  secret: string;
  /**
   * Keys still accepted while they are rotated out (S3): a token names its key by `kid`
   * (kidOf), so the old and the new key both work until the old tokens have expired.
   */
  previousSecrets?: readonly string[];
  /**
   * Where keys this replica was not configured with are found by `kid` (S12): the keys the other
   * replicas announced, so a replica restarted with a new key is accepted before this one is.
   */
  sharedKeys?: { lookup(kid: string): Promise<string | undefined> };
}

/** The key id of a shared secret: a short hash of it, which tells keys apart and reveals nothing usable. */
export function kidOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url').slice(0, 16);
}

export type AsymmetricAlgorithm = 'RS256' | 'RS384' | 'RS512' | 'PS256' | 'ES256' | 'ES384' | 'EdDSA';

/**
 * An issuer that publishes its public keys at a JWKS URL (RS256, ES256 ...); keys are fetched and
 * cached.
 */
export interface JwksIssuer extends IssuerBase {
  /** Where the issuer publishes its public keys. */
  jwksUrl: string;
  /** Accepted algorithms; default RS256 and ES256. */
  algorithms?: AsymmetricAlgorithm[];
  /** How long fetched keys are used before a refetch, ms; default 10 minutes. */
  cacheMaxAgeMs?: number;
  /** Least time between refetches for an unknown key id, ms; default 30 s. */
  cooldownMs?: number;
  /** Time limit of one JWKS fetch, ms; default 5 s. */
  timeoutMs?: number;
}

/**
 * An issuer whose tokens the callback accepts, pinned to its algorithms so a token cannot switch an
 * RSA issuer to HMAC.
 */
export type TrustedIssuer = SecretIssuer | JwksIssuer;

/** Raised when an issuer's keys cannot be fetched: our fault or the issuer's, not the caller's. */
export class KeysUnavailableError extends Error {
  constructor(cause: unknown) {
    super('token verification keys are unavailable', { cause });
    this.name = 'KeysUnavailableError';
  }
}

export interface IssuerVerifier {
  issuer: TrustedIssuer;
  /** A KeyObject made once: a raw Uint8Array would be imported again on every verification. */
  key: KeyObject | JWTVerifyGetKey;
  algorithms: string[];
}

export function verifierFor(issuer: TrustedIssuer): IssuerVerifier {
  if ('secret' in issuer) {
    const secrets = [issuer.secret, ...(issuer.previousSecrets ?? [])];
    for (const s of secrets) if (s.length < 32) throw new RangeError(`issuer ${issuer.issuer}: secret must have at least 32 characters`);
    const current = createSecretKey(Buffer.from(issuer.secret, 'utf8'));
    const shared = issuer.sharedKeys;
    if (secrets.length === 1 && !shared) return { issuer, key: current, algorithms: ['HS256'] };
    const byKid = new Map(secrets.map((s) => [kidOf(s), createSecretKey(Buffer.from(s, 'utf8'))]));
    // A token without a kid predates rotation: it can only be the current key's.
    const key: JWTVerifyGetKey = async (header) => {
      if (header.kid === undefined) return current;
      const found = byKid.get(header.kid);
      if (found) return found;
      const announced = shared ? await shared.lookup(header.kid) : undefined;
      if (announced === undefined || announced.length < 32) throw new errors.JWKSNoMatchingKey();
      return createSecretKey(Buffer.from(announced, 'utf8'));
    };
    return { issuer, key, algorithms: ['HS256'] };
  }
  const remote = createRemoteJWKSet(new URL(issuer.jwksUrl), {
    cacheMaxAge: issuer.cacheMaxAgeMs,
    cooldownDuration: issuer.cooldownMs,
    timeoutDuration: issuer.timeoutMs,
  });
  const key: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (err) {
      // An unknown key id or a disallowed algorithm is the token's fault; anything else
      // (network, timeout, a broken JWKS document) means we could not check it at all.
      if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys || err instanceof errors.JOSEAlgNotAllowed) throw err;
      throw new KeysUnavailableError(err);
    }
  };
  return { issuer, key, algorithms: issuer.algorithms ?? ['RS256', 'ES256'] };
}
