/**
 * Reads OAuth2 client credentials from a token request, in the three forms a caller may use:
 * HTTP Basic (RFC 6749 2.3.1), an application/x-www-form-urlencoded body (RFC 6749 4.4), and a
 * JSON body, which is what the conversation hub sends: its stored authentication (spec 2.1)
 * carries the token request body as a JSON document in a string.
 *
 * Parsing is lenient where the stored request is user-written: a missing or wrong Content-Type
 * is sniffed from the body, camelCase names (clientId, clientSecret, grantType) are accepted
 * beside the RFC's snake_case ones, and a missing grant_type means client_credentials.
 */
import type { IncomingMessage } from 'node:http';
import { PlatformError } from '../errors/platformError.js';
import { header } from '../httpServer/errorResponse.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  grantType: string;
  /** Where the credentials came from; a Basic failure is answered with a Basic challenge. */
  via: 'basic' | 'json' | 'form';
}

type Fields = Record<string, unknown>;

function refuse(req: IncomingMessage, reason: string): PlatformError {
  return PlatformError.of('400-101', { reason }, { acceptLanguage: header(req, 'accept-language') });
}

/** RFC 6749 2.3.1: Basic user and password are form-urlencoded before base64. */
function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function readBasic(req: IncomingMessage): { id: string; secret: string } | undefined {
  const auth = header(req, 'authorization');
  if (!auth || !/^basic\s/i.test(auth)) return undefined;
  const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw refuse(req, 'the Basic credentials are malformed');
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

function parseBody(req: IncomingMessage, raw: Buffer): { fields: Fields; kind: 'json' | 'form' } | undefined {
  const text = raw.toString('utf8').trim();
  if (text === '') return undefined;
  const type = (header(req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const isJson = type === 'application/json' || type.endsWith('+json') || (type !== 'application/x-www-form-urlencoded' && text.startsWith('{'));
  if (isJson) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw PlatformError.of('400-100', { reason: 'not valid JSON' }, { acceptLanguage: header(req, 'accept-language') });
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse(req, 'the body must be a JSON object');
    return { fields: value as Fields, kind: 'json' };
  }
  if (type === 'application/x-www-form-urlencoded' || text.includes('=')) {
    return { fields: Object.fromEntries(new URLSearchParams(text)), kind: 'form' };
  }
  throw PlatformError.of('415-100', { value: type || 'none' }, { acceptLanguage: header(req, 'accept-language') });
}

function field(req: IncomingMessage, fields: Fields, ...names: string[]): string | undefined {
  for (const name of names) {
    const v = fields[name];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw refuse(req, `${names[0]} must be a string`);
    return v;
  }
  return undefined;
}

/** Credentials of a token request; throws 400 (malformed), 400-112 (missing) or 415. */
export function readClientCredentials(req: IncomingMessage, rawBody: Buffer): ClientCredentials {
  const lang = header(req, 'accept-language');
  const basic = readBasic(req);
  const body = parseBody(req, rawBody);
  const fields = body?.fields ?? {};
  const bodyId = field(req, fields, 'client_id', 'clientId');
  const bodySecret = field(req, fields, 'client_secret', 'clientSecret');
  const grantType = field(req, fields, 'grant_type', 'grantType') ?? 'client_credentials';

  // RFC 6749 2.3: a client uses one authentication method per request.
  if (basic && bodySecret !== undefined) throw refuse(req, 'use either Basic or body credentials, not both');
  if (basic && bodyId !== undefined && bodyId !== basic.id) throw refuse(req, 'client_id differs from the Basic user');

  const clientId = basic?.id ?? bodyId;
  const clientSecret = basic?.secret ?? bodySecret;
  if (!clientId) throw PlatformError.of('400-112', { name: 'client_id' }, { acceptLanguage: lang });
  if (clientSecret === undefined) throw PlatformError.of('400-112', { name: 'client_secret' }, { acceptLanguage: lang });
  if (grantType !== 'client_credentials') {
    throw PlatformError.of('400-196', { name: 'grant_type', allowed: 'client_credentials' }, { acceptLanguage: lang });
  }
  return { clientId, clientSecret, grantType, via: basic ? 'basic' : (body?.kind ?? 'json') };
}
