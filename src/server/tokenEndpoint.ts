/**
 * The bot's built-in OAuth2 client-credentials token endpoint. The hub's stored authentication
 * resource (spec 2.1) points its tokenRequestUrl here; the hub posts the stored payload (a
 * JSON body with client_id and client_secret), and reads the token at `$.access_token`.
 * Form bodies and HTTP Basic work too, for any other OAuth2 client.
 *
 * Secrets are compared in constant time, and failures are counted per client id and per remote
 * address: past the limit every attempt, right or wrong, is 429-001 until the window ends, so
 * the answer cannot tell a guesser whether a secret was right. Neither the presented secret
 * nor the issued token is ever logged or echoed in an error body.
 */
import { createRefusalLog, type RefusalLog } from './refusalLog.js';
import type { IncomingMessage } from 'node:http';
import { PlatformError, tooManyRequests } from '../errors/platformError.js';
import { header } from '../http/errorResponse.js';
import { readRawBody } from '../http/jsonBody.js';
import { sendJson, type JsonServer } from '../http/jsonServer.js';
import { readClientCredentials } from './clientCredentials.js';
import { createFailureLimiter, type FailureLimiter } from './failureLimiter.js';
import { secretsEqual } from './secretCompare.js';
import type { TokenIssuer } from './tokenIssuer.js';

export const DEFAULT_TOKEN_PATH = '/oauth2/token';

export interface TokenClient {
  clientId: string;
  clientSecret: string;
}

/** The part of a logger this endpoint uses (pino's Logger fits). */
export interface TokenEndpointLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface TokenEndpointOptions {
  /** Route path; default /oauth2/token. */
  path?: string;
  /** Clients allowed to get tokens (BOT_CLIENT_ID / BOT_CLIENT_SECRET). */
  clients: TokenClient[];
  issuer: TokenIssuer;
  /** Failure counting; default 10 failures a minute per address, never per client id (S2). */
  limiter?: FailureLimiter;
  /**
   * The caller's address for rate limiting; default the socket's peer. Behind a proxy or load
   * balancer every caller shares its address: read your proxy's forwarding header here.
   */
  remoteAddress?: (req: IncomingMessage) => string;
  logger?: TokenEndpointLogger;
  /** Body size limit; default 16 KiB (a token request is small). */
  bodyLimitBytes?: number;
  /** Where refusals are logged, truncated and rate-limited (S5); default: on `logger`. */
  refusalLog?: RefusalLog;
}

export function registerTokenEndpoint(app: JsonServer, opts: TokenEndpointOptions): void {
  if (opts.clients.length === 0) throw new RangeError('the token endpoint needs at least one client');
  const clients = new Map(opts.clients.map((c) => [c.clientId, c.clientSecret]));
  const limiter = opts.limiter ?? createFailureLimiter();
  const remoteAddress = opts.remoteAddress ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown');
  const limit = opts.bodyLimitBytes ?? 16 * 1024;
  const refusals = opts.refusalLog ?? createRefusalLog(opts.logger);
  // Compared against when the client id is unknown, so an unknown id costs the same time as a wrong secret.
  const decoy = 'decoy-secret-that-matches-nothing';

  app.route(
    'post',
    opts.path ?? DEFAULT_TOKEN_PATH,
    async ({ req, res }) => {
      const lang = header(req, 'accept-language');
      const creds = readClientCredentials(req, await readRawBody(req, limit));
      const address = remoteAddress(req);
      const expected = clients.get(creds.clientId);
      // Failures are counted per address, never per client id (S2): a stranger's wrong guesses
      // block the stranger's address, not the hub calling from its own, and an unknown id and a
      // wrong secret for a real one are answered alike, so which ids exist cannot be told apart.
      // A blocked address compares nothing, so guessing from it learns nothing.
      const keys = [`addr:${address}`];
      const wait = limiter.blockedFor(keys);
      if (wait !== undefined) {
        refusals('token', { clientId: creds.clientId, address }, 'token request refused: too many failed attempts from this address');
        throw tooManyRequests(wait);
      }
      const matches = secretsEqual(creds.clientSecret, expected ?? decoy) && expected !== undefined;
      if (!matches) {
        limiter.recordFailure(keys);
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
