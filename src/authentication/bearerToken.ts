/**
 * The bearer token of a request (RFC 6750 2.1: `Authorization: Bearer <token>`). A missing or
 * malformed header is 401-104, so the hub fetches a token and retries (rule C9).
 */
import type { IncomingMessage } from 'node:http';
import { PlatformError } from '../errors/platformError.js';
import { header } from '../httpServer/errorResponse.js';

// RFC 6750 b64token, which covers the three base64url parts of a JWT.
const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

export function readBearerToken(req: IncomingMessage): string {
  const value = header(req, 'authorization');
  const match = value === undefined ? null : BEARER.exec(value);
  if (!match) throw PlatformError.of('401-104', {}, { acceptLanguage: header(req, 'accept-language') });
  return match[1]!;
}
