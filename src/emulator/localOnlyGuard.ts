/**
 * The emulator is a development tool on the developer's machine; a web page they visit must not
 * be able to drive it, nor read it (S8, S14 of docs/platform-contract.md). Any request, a read
 * included, is refused with 403-198 when its Host is not a loopback name nor one of
 * `allowedHosts`: with DNS rebinding a page's own host name resolves to us, and the browser then
 * lets it read the answers (customer messages under /emulator/conversations, /emulator/calls).
 * A request that changes state (any method but GET, HEAD and OPTIONS) is also refused when:
 *
 * - it carries an Origin other than the emulator's own (a cross-site form or fetch);
 * - it goes to the emulator's own API (`/emulator/...`, signed storage URLs aside) with a body
 *   that is not application/json (a cross-site `text/plain` post needs no preflight; JSON does).
 *
 * The platform's own routes keep the content types the platform takes (the OAuth2 token form,
 * signed uploads of any type).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { PlatformError } from '../errors/platformError.js';
import { header, sendErrorBody } from '../httpServer/errorResponse.js';
import { BLOB_PATH } from './assets/signedUrl.js';
import { UPLOAD_PATH } from './portal/suggestions/attachmentUploads.js';

const SIGNED_STORAGE_PATHS = [BLOB_PATH, UPLOAD_PATH];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Why the request is refused, or undefined when it may go on. */
export function localOnlyRefusal(req: IncomingMessage, allowedHosts: ReadonlySet<string>): string | undefined {
  const host = hostnameOf(header(req, 'host'));
  if (!host || !(LOOPBACK_HOSTS.has(host) || allowedHosts.has(host))) return `the emulator answers only on a loopback host name, not ${(host ?? 'no Host').slice(0, 64)}`;
  if (SAFE_METHODS.has((req.method ?? 'GET').toUpperCase())) return undefined;
  // A page of the emulator's own (the web chat) sends its own origin; anything else is another site.
  const origin = header(req, 'origin');
  if (origin !== undefined && origin.replace(/\/$/, '').toLowerCase() !== `http://${(header(req, 'host') ?? '').toLowerCase()}`) {
    return 'the emulator takes no changes from another site';
  }
  const path = (req.url ?? '/').split('?')[0];
  const type = (header(req, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  const hasBody = Number(header(req, 'content-length') ?? '0') > 0 || header(req, 'transfer-encoding') !== undefined;
  // Signed storage URLs (asset blobs, portal uploads) take the declared type of the file they store.
  const signedStorage = SIGNED_STORAGE_PATHS.some((p) => path.startsWith(`${p}/`));
  if (path.startsWith('/emulator/') && !signedStorage && hasBody && type !== 'application/json') return 'the emulator API takes changes as application/json only';
  return undefined;
}

/** Refuses, before any route runs, what localOnlyRefusal names. */
export function guardLocalOnly(server: Server, allowedHosts: readonly string[] = []): void {
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()));
  // Registered first, so it runs before restify's own request handling.
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const reason = localOnlyRefusal(req, allowed);
    if (reason === undefined) {
      for (const h of handlers) h.call(server, req, res);
      return;
    }
    res.setHeader('connection', 'close');
    sendErrorBody(req, res, PlatformError.of('403-198', { reason }, { acceptLanguage: header(req, 'accept-language') }));
    req.resume();
  });
}
