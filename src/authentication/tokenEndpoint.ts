/**
 * The bot's built-in OAuth2 client-credentials token endpoint. The hub's stored authentication
 * resource (spec 2.1) points its tokenRequestUrl here; the hub posts the stored payload (a
 * JSON body with client_id and client_secret), and reads the token at `$.access_token`.
 * Form bodies and HTTP Basic work too, for any other OAuth2 client.
 *
 * The secret is checked first, in constant time, and the right client id and secret always get
 * a token: no number of others' failures, not even from the same address, refuses it (S2 of
 * docs/platform-contract.md; a limiter consulted first once let ten wrong guesses a minute lock
 * the real hub out, and a customer message was lost). Failures are counted per caller address
 * and per client id; past the limit a wrong secret is answered 429-001 instead of 401. Neither
 * the presented secret nor the issued token is ever logged or echoed in an error body.
 */
import { createRefusalLog, type RefusalLog } from '../observability/refusalLog.js';
import { createHash } from 'node:crypto';
import { PlatformError, tooManyRequests } from '../errors/platformError.js';
import { createClientAddress, type ClientAddress } from '../httpServer/clientAddress.js';
import { header } from '../httpServer/errorResponse.js';
import { readRawBody } from '../httpServer/jsonBody.js';
import { sendJson, type JsonServer } from '../httpServer/jsonServer.js';
import type { UnauthenticatedCap } from '../httpServer/unauthenticatedCap.js';
import { readClientCredentials } from './clientCredentials.js';
import { createFailureLimiter, type FailureLimiter } from './failureLimiter.js';
import { secretsEqual } from './secretCompare.js';
import type { TokenIssuer } from './tokenIssuer.js';

export const DEFAULT_TOKEN_PATH = '/oauth2/token';

/**
 * A client allowed to get tokens from the bot's token endpoint: the hub's stored authentication
 * resource.
 */
export interface TokenClient {
  /** The client id (`BOT_CLIENT_ID`). */
  clientId: string;
  /** The client secret (`BOT_CLIENT_SECRET`), compared in constant time. */
  clientSecret: string;
}

/** The part of a logger this endpoint uses (pino's Logger fits). */
export interface TokenEndpointLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * What the token endpoint serves and how it guards itself: its clients, the issuer of its tokens,
 * the failure limiter and caps.
 */
export interface TokenEndpointOptions {
  /** Route path; default /oauth2/token. */
  path?: string;
  /** Clients allowed to get tokens (BOT_CLIENT_ID / BOT_CLIENT_SECRET). */
  clients: TokenClient[];
  /** Signs the tokens it hands out (and the callback authenticator verifies). */
  issuer: TokenIssuer;
  /**
   * Failure counting per address and per client id; default in memory, 10 failures a minute,
   * then 5 minutes of 429 for wrong secrets. Give a RedisFailureLimiter when replicas share Redis.
   */
  limiter?: FailureLimiter;
  /** The caller's address; default the TCP peer (createClientAddress with TRUSTED_PROXIES behind a proxy). */
  clientAddress?: ClientAddress;
  /** Cap on token requests in flight per address, counted until the secret is checked (S1); default none. */
  unauthenticated?: UnauthenticatedCap;
  /** Where token grants and refusals are logged (never a secret). */
  logger?: TokenEndpointLogger;
  /** Body size limit; default 16 KiB (a token request is small). */
  bodyLimitBytes?: number;
  /** Where refusals are logged, truncated and rate-limited (S5); default: on `logger`. */
  refusalLog?: RefusalLog;
}

/** A client id in the limiter's keys: a fixed-length digest, whatever an attacker sends. */
function clientKey(clientId: string): string {
  return `client:${createHash('sha256').update(clientId, 'utf8').digest('base64url').slice(0, 22)}`;
}

/**
 * Mounts the bot's OAuth2 client-credentials token endpoint (default `/oauth2/token`), which the
 * hub's stored authentication resource calls: JSON, form or HTTP Basic credentials; the secret
 * checked first, in constant time; failures limited per address and client (S2).
 *
 * @param app - the server to mount it on
 * @param opts - the clients, the issuer, and optional path, limiter, caps and logger
 * @throws RangeError when no client is given
 */
export function registerTokenEndpoint(app: JsonServer, opts: TokenEndpointOptions): void {
  if (opts.clients.length === 0) throw new RangeError('the token endpoint needs at least one client');
  const clients = new Map(opts.clients.map((c) => [c.clientId, c.clientSecret]));
  const limiter = opts.limiter ?? createFailureLimiter();
  const clientAddress = opts.clientAddress ?? createClientAddress();
  const limit = opts.bodyLimitBytes ?? 16 * 1024;
  const refusals = opts.refusalLog ?? createRefusalLog(opts.logger);
  // Compared against when the client id is unknown, so an unknown id costs the same work as a wrong secret.
  const decoy = 'decoy-secret-that-matches-nothing';

  app.route(
    'post',
    opts.path ?? DEFAULT_TOKEN_PATH,
    async ({ req, res }) => {
      const lang = header(req, 'accept-language');
      // Counted from the headers until the secret is checked: a caller trickling bodies holds few (S1).
      const release = opts.unauthenticated?.admit(req, res);
      const creds = readClientCredentials(req, await readRawBody(req, limit));
      const address = clientAddress(req);
      const expected = clients.get(creds.clientId);
      const matches = secretsEqual(creds.clientSecret, expected ?? decoy) && expected !== undefined;
      release?.();

      if (!matches) {
        // Counted under the address and the presented id alike, whether the id exists or not, so
        // the answer (401, then 429 with the longest block's Retry-After) cannot tell ids apart.
        let wait: number | undefined;
        try {
          wait = await limiter.recordFailure([`addr:${address}`, clientKey(creds.clientId)]);
        } catch (err) {
          // Counting is lost (Redis down), the answer is not: the credentials are still wrong.
          opts.logger?.warn({ err: { name: (err as Error)?.name, message: (err as Error)?.message } }, 'token failure could not be counted');
        }
        if (wait !== undefined) {
          refusals('token', { clientId: creds.clientId, address }, 'token request refused: too many failed attempts');
          throw tooManyRequests(wait);
        }
        refusals('token', { clientId: creds.clientId, address, via: creds.via }, 'token request refused: invalid client credentials');
        if (creds.via === 'basic') res.setHeader('www-authenticate', 'Basic realm="hubbot", charset="UTF-8"');
        throw PlatformError.of('401-106', {}, { acceptLanguage: lang });
      }

      const issued = await opts.issuer.issue(creds.clientId);
      opts.logger?.info({ clientId: creds.clientId, expiresIn: issued.expires_in }, 'access token issued');
      // RFC 6749 5.1: token responses must not be cached.
      res.setHeader('cache-control', 'no-store');
      res.setHeader('pragma', 'no-cache');
      sendJson(res, 200, issued);
    },
    { parseJson: false },
  );
}
