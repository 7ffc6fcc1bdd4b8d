/**
 * Verifies the bearer token on the hub's calls to the bot's callback (rule C9). A token is
 * accepted only when it is signed by a trusted issuer (trustedIssuer.ts) with that issuer's
 * algorithm, names the expected issuer and audience, is inside its validity window (with a
 * small clock tolerance), belongs to the configured tenant, and has not been revoked.
 *
 * Every refusal is a 401 with the error body of spec 2.3, because a 401 is what makes the hub
 * fetch a new token and retry (spec 5.4): 401-105 for an expired token, 401-104 for anything
 * else. Which check failed is not told to the caller; it is logged (without the token) for the
 * operator. When the check cannot be made at all (JWKS or revocation store unreachable) the
 * answer is 503, since a new token would not help.
 *
 * Replay: the hub reuses its token until it gets a 401, so a valid token sent again is normal.
 * A "replayed" token that is refused is one re-sent after it expired or was revoked by jti.
 * A token seen lately is not verified again in full (verifiedTokens.ts): its signature and
 * fixed claims stand for up to a minute; expiry and revocation are checked on every call.
 */
import type { IncomingMessage } from 'node:http';
import { decodeJwt, errors, jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';
import { PlatformError } from '../errors/platformError.js';
import { header } from '../httpServer/errorResponse.js';
import { readBearerToken } from './bearerToken.js';
import type { PendingRevocationCheck, RevocationStore } from './revocationStore.js';
import { KeysUnavailableError, verifierFor, type IssuerVerifier, type TrustedIssuer } from './trustedIssuer.js';
import { VerifiedTokenCache, type VerifiedTokenCacheOptions } from './verifiedTokens.js';

/** Who called the callback, as read from a token that passed every check. */
export interface VerifiedCaller {
  /** The token's issuer (`iss`). */
  issuer: string;
  /** The token's subject (`sub`), when it has one. */
  subject?: string;
  /** The tenant the token belongs to, from its issuer's tenant claim. */
  tenant?: string;
  /** The token's id (`jti`), by which it can be revoked. */
  jti?: string;
  /** When the token expires. */
  expiresAt: Date;
  /** Every claim of the token, for checks of your own (scopes, roles); read-only (shared by the calls with this token). */
  claims: Readonly<JWTPayload>;
  /**
   * The revocation check still to make, with `deferRevocationCheck` (the callback handler has
   * it made with the append, or makes it itself); absent when it was made, or there is nothing
   * to check (no jti, no store).
   */
  revocation?: PendingRevocationCheck;
}

/**
 * Which tokens a `CallbackAuthenticator` accepts: issuers, audience, tenant, clock tolerance,
 * revocations.
 */
export interface CallbackAuthenticatorOptions {
  /** Issuers whose tokens are accepted; at least one. */
  issuers: TrustedIssuer[];
  /** Expected `aud`, unless an issuer names its own. */
  audience: string | string[];
  /** When set, tokens must carry this tenant in their issuer's tenant claim. */
  tenant?: string;
  /** Clock skew allowed on exp/nbf/iat, seconds; default 30, at most 300. */
  clockToleranceSeconds?: number;
  /** Revoked jtis; tokens listed there are refused. */
  revocations?: RevocationStore;
  /** Clock in ms; Date.now by default. */
  now?: () => number;
  /** Told why a token was refused (never the token itself). */
  onRefused?: (reason: string, issuer: string | undefined) => void;
  /** How long and how many verified tokens are remembered (verifiedTokens.ts); `{ reverifyAfterMs: 0 }` verifies every call in full. */
  verifiedTokens?: VerifiedTokenCacheOptions;
  /**
   * Leave the revocation check to the caller (`VerifiedCaller.revocation`): the callback
   * handler then has a Redis inbox check the token's id with its append, one round trip for
   * both, or makes the check itself. Only for a caller that does one or the other; default
   * false: checked here.
   */
  deferRevocationCheck?: boolean;
}

/**
 * Checks the bearer token of one request; resolves with the verified caller, rejects with a 401
 * PlatformError.
 */
export type CallbackAuthenticator = (req: IncomingMessage) => Promise<VerifiedCaller>;

const MAX_TOLERANCE_SECONDS = 300;

/** Logs why a token was refused and makes the 401 (401-105 for an expired token). */
type Refuse = (reason: string, issuer?: string, code?: '401-104' | '401-105') => PlatformError;

/**
 * Makes the check of the hub's bearer token on callbacks (C9): signed by a trusted issuer with its
 * own algorithm, the expected issuer and audience, inside its validity window, the configured
 * tenant, not revoked. Every refusal is a 401 PlatformError, which makes the hub fetch a new token
 * and retry.
 *
 * @param opts - the trusted issuers, audience, tenant, clock tolerance and revocations
 * @returns the check, for `createHubCallbackHandler`'s `authenticate`
 * @throws RangeError when no issuer is given or the tolerance is out of range
 */
export function createCallbackAuthenticator(opts: CallbackAuthenticatorOptions): CallbackAuthenticator {
  if (opts.issuers.length === 0) throw new RangeError('at least one trusted issuer is needed');
  const tolerance = opts.clockToleranceSeconds ?? 30;
  if (!(tolerance >= 0 && tolerance <= MAX_TOLERANCE_SECONDS)) throw new RangeError(`clockToleranceSeconds must be 0-${MAX_TOLERANCE_SECONDS}`);
  const now = opts.now ?? (() => Date.now());
  const byIssuer = new Map<string, IssuerVerifier>(opts.issuers.map((i) => [i.issuer, verifierFor(i)]));

  const verified = new VerifiedTokenCache<VerifiedCaller>(opts.verifiedTokens);

  return async (req) => {
    const lang = header(req, 'accept-language');
    const refuse = (reason: string, issuer?: string, code: '401-104' | '401-105' = '401-104'): PlatformError => {
      opts.onRefused?.(reason, issuer);
      return PlatformError.of(code, {}, { acceptLanguage: lang });
    };

    const token = readBearerToken(req);
    const nowMs = now();
    const seen = verified.get(token, nowMs);
    let caller: VerifiedCaller;
    if (seen) {
      // jose's own rule for exp, with the same tolerance: expired once exp <= now - tolerance.
      if (seen.expiresAtMs / 1000 <= Math.floor(nowMs / 1000) - tolerance) {
        verified.delete(token);
        throw refuse('expired', seen.value.issuer, '401-105');
      }
      caller = seen.value;
    } else {
      caller = await verifyInFull(token, nowMs, refuse, lang);
    }

    const store = opts.revocations;
    if (caller.jti === undefined || !store) {
      if (!seen) verified.set(token, { value: caller, expiresAtMs: caller.expiresAt.getTime() }, nowMs);
      return caller;
    }
    const jti = caller.jti;
    if (opts.deferRevocationCheck) {
      // A revocation known here is refused from the headers, before any body is read (S1); one
      // not yet known here is found by the append's own check.
      if (store.knownRevoked?.(jti)) throw revokedRefusal(token, caller.issuer, refuse);
      // Remembered as good before the deferred check: a refusal forgets it (pending.refusal).
      if (!seen) verified.set(token, { value: caller, expiresAtMs: caller.expiresAt.getTime() }, nowMs);
      const pending: PendingRevocationCheck = {
        jti,
        ...(store.keyOf ? { key: store.keyOf(jti) } : {}),
        check: () => checkRevocation(store, jti, token, caller.issuer, refuse, lang),
        refusal: () => revokedRefusal(token, caller.issuer, refuse),
      };
      return { ...caller, revocation: pending };
    }
    // Checked at once: no pending check (an object and its closures) is built for it.
    await checkRevocation(store, jti, token, caller.issuer, refuse, lang);
    if (!seen) verified.set(token, { value: caller, expiresAtMs: caller.expiresAt.getTime() }, nowMs);
    return caller;
  };

  /** The refusal of a revoked token; the token is forgotten as verified. */
  function revokedRefusal(token: string, issuer: string, refuse: Refuse): PlatformError {
    verified.delete(token);
    return refuse('revoked', issuer);
  }

  /** Asks the store whether the token's id is revoked: 401 when it is, 503 when the store does not answer. */
  async function checkRevocation(store: RevocationStore, jti: string, token: string, issuer: string, refuse: Refuse, lang: string | undefined): Promise<void> {
    let revoked: boolean;
    try {
      revoked = await store.isRevoked(jti);
    } catch {
      opts.onRefused?.('revocation store unavailable', issuer);
      throw PlatformError.of('503-100', { reason: 'the revocation list is unavailable' }, { acceptLanguage: lang, retryAfterSeconds: 5 });
    }
    if (revoked) throw revokedRefusal(token, issuer, refuse);
  }

  /** Signature, issuer, audience, validity window and tenant: what a token string fixes once and for all. */
  async function verifyInFull(token: string, nowMs: number, refuse: Refuse, lang: string | undefined): Promise<VerifiedCaller> {
    let iss: string | undefined;
    try {
      iss = decodeJwt(token).iss;
    } catch {
      throw refuse('malformed token');
    }
    const verifier = iss === undefined ? undefined : byIssuer.get(iss);
    if (!verifier || iss === undefined) throw refuse('untrusted issuer', iss);

    let payload: JWTPayload;
    try {
      const checks: JWTVerifyOptions = {
        issuer: iss,
        audience: verifier.issuer.audience ?? opts.audience,
        algorithms: verifier.algorithms,
        clockTolerance: tolerance,
        currentDate: new Date(nowMs),
        // A token without exp would never expire.
        requiredClaims: ['exp'],
      };
      const maxLifetime = verifier.issuer.maxLifetimeSeconds;
      if (maxLifetime !== undefined) {
        // S14: revocable (jti), dated (iat, not in the future: jose checks it against maxTokenAge).
        checks.requiredClaims = ['exp', 'iat', 'jti'];
        checks.maxTokenAge = maxLifetime;
      }
      const { key } = verifier;
      ({ payload } = typeof key === 'function' ? await jwtVerify(token, key, checks) : await jwtVerify(token, key, checks));
    } catch (err) {
      if (err instanceof KeysUnavailableError) {
        opts.onRefused?.('keys unavailable', iss);
        throw PlatformError.of('503-100', { reason: 'token verification keys are unavailable' }, { acceptLanguage: lang, retryAfterSeconds: 5 });
      }
      if (err instanceof errors.JWTExpired) throw refuse('expired', iss, '401-105');
      if (err instanceof errors.JOSEError) throw refuse(err.code, iss);
      throw err;
    }

    const maxLifetime = verifier.issuer.maxLifetimeSeconds;
    if (maxLifetime !== undefined && (payload.exp! - payload.iat! > maxLifetime + tolerance || typeof payload.jti !== 'string' || payload.jti === '')) throw refuse('lifetime too long or no jti', iss);

    const tenantClaim = verifier.issuer.tenantClaim === undefined ? 'tenant' : verifier.issuer.tenantClaim;
    const tenant = tenantClaim === null ? undefined : payload[tenantClaim];
    if (opts.tenant !== undefined && tenantClaim !== null && tenant !== opts.tenant) throw refuse('wrong tenant', iss);

    return {
      issuer: iss,
      subject: payload.sub,
      tenant: typeof tenant === 'string' ? tenant : undefined,
      jti: payload.jti,
      expiresAt: new Date(payload.exp! * 1000),
      claims: Object.freeze(payload),
    };
  }
}
