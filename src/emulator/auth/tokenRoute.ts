/**
 * The emulator's OAuth2 token endpoint (client credentials grant, RFC 6749 4.4). The spec
 * does not show the platform's token endpoint (5.5), so this is the common form: a POST with
 * `grant_type=client_credentials`, credentials in HTTP Basic or in the body (form-encoded or
 * JSON), an optional space-separated `scope`. Refusals are error bodies of 2.3 like every
 * other answer of the emulator, and never echo the secret.
 */
import { PlatformError } from '../../errors/platformError.js';
import { header } from '../../httpServer/errorResponse.js';
import { readRawBody } from '../../httpServer/jsonBody.js';
import { sendJson, type JsonServer, type RouteContext } from '../../httpServer/jsonServer.js';
import type { ClientRegistry, RegisteredClient } from './clientRegistry.js';
import type { Caller } from '../emulatorContext.js';
import type { TokenIssuer } from './tokenIssuer.js';

export const TOKEN_PATH = '/oauth2/token';

const TOKEN_BODY_LIMIT = 16 * 1024;

/** Reads the token request body, form-encoded or JSON, into plain string fields. */
async function readTokenForm(ctx: RouteContext): Promise<Record<string, string>> {
  const lang = header(ctx.req, 'accept-language');
  const raw = (await readRawBody(ctx.req, TOKEN_BODY_LIMIT)).toString('utf8');
  const type = header(ctx.req, 'content-type') ?? '';
  const fields: Record<string, string> = {};
  if (/json/i.test(type) || raw.trimStart().startsWith('{')) {
    let doc: unknown;
    try {
      doc = raw ? JSON.parse(raw) : {};
    } catch {
      throw PlatformError.of('400-100', { reason: 'not valid JSON' }, { acceptLanguage: lang });
    }
    if (typeof doc !== 'object' || doc === null) throw PlatformError.of('400-100', { reason: 'not a JSON object' }, { acceptLanguage: lang });
    for (const [k, v] of Object.entries(doc)) if (typeof v === 'string') fields[k] = v;
  } else {
    for (const [k, v] of new URLSearchParams(raw)) fields[k] = v;
  }
  return fields;
}

/** Client id and secret from `Authorization: Basic` (RFC 6749 2.3.1) or from the body. */
function credentialsOf(ctx: RouteContext, form: Record<string, string>): { id?: string; secret?: string } {
  const m = /^Basic\s+(\S+)$/i.exec(header(ctx.req, 'authorization') ?? '');
  if (m) {
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at <= 0) return {};
    try {
      return { id: decodeURIComponent(decoded.slice(0, at)), secret: decodeURIComponent(decoded.slice(at + 1)) };
    } catch {
      // A malformed %-escape: credentials that cannot match any client (401-106), not a 500.
      return {};
    }
  }
  return { id: form.client_id, secret: form.client_secret };
}

/**
 * Tokens on behalf of a customer or user (assumed; the spec does not show how on-behalf-of
 * tokens are obtained): `on_behalf_of=<id>` and optionally `on_behalf_of_kind=customer|user`
 * (default customer), for clients registered with `actOnBehalf`.
 */
function onBehalfOf(form: Record<string, string>, client: RegisteredClient, lang: string | undefined): Caller['subject'] | undefined {
  const id = form.on_behalf_of;
  if (id === undefined) return undefined;
  if (!client.actOnBehalf) throw PlatformError.of('403-198', { reason: 'this client may not act on behalf of others' }, { acceptLanguage: lang });
  const kind = form.on_behalf_of_kind ?? 'customer';
  if (kind !== 'customer' && kind !== 'user') throw PlatformError.of('400-196', { name: 'on_behalf_of_kind', allowed: 'customer, user' }, { acceptLanguage: lang });
  if (id.length === 0 || id.length > 200) throw PlatformError.of('400-196', { name: 'on_behalf_of', allowed: '1-200 characters' }, { acceptLanguage: lang });
  return { kind, id };
}

export function registerTokenRoute(
  app: JsonServer,
  deps: {
    clients: ClientRegistry;
    issuer: TokenIssuer;
    beforeHandling: (ctx: RouteContext) => Promise<void>;
    /** Told the request's fields once read (the inspector shows them, secrets masked: F7). */
    onForm?: (req: RouteContext['req'], form: Record<string, string>) => void;
  },
): void {
  app.route(
    'post',
    TOKEN_PATH,
    async (ctx) => {
      await deps.beforeHandling(ctx);
      const lang = header(ctx.req, 'accept-language');
      const form = await readTokenForm(ctx);
      deps.onForm?.(ctx.req, form);
      if (form.grant_type === undefined) throw PlatformError.of('400-112', { name: 'grant_type' }, { acceptLanguage: lang });
      if (form.grant_type !== 'client_credentials') {
        throw PlatformError.of('400-196', { name: 'grant_type', allowed: 'client_credentials' }, { acceptLanguage: lang });
      }
      const { id, secret } = credentialsOf(ctx, form);
      const client = id !== undefined && secret !== undefined ? deps.clients.verify(id, secret) : undefined;
      if (!client) throw PlatformError.of('401-106', {}, { acceptLanguage: lang });
      const requested = form.scope ? form.scope.split(/\s+/).filter(Boolean) : undefined;
      const token = deps.issuer.issue(client, requested, onBehalfOf(form, client, lang));
      ctx.res.setHeader('cache-control', 'no-store');
      sendJson(ctx.res, 200, {
        access_token: token.accessToken,
        token_type: 'Bearer',
        expires_in: token.expiresInSeconds,
        scope: token.scopes.join(' '),
      });
    },
    { parseJson: false },
  );
}
