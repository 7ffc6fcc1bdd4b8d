/**
 * A bot callback route for the authenticator tests: POST /callback runs the authenticator
 * and answers 200 with what it verified, or the error body it refused with.
 */
import { createJsonServer, sendJson, type JsonServer } from '../../src/httpServer/jsonServer.js';
import type { CallbackAuthenticator } from '../../src/authentication/callbackAuthenticator.js';

export async function startCallbackServer(authenticate: CallbackAuthenticator): Promise<{ app: JsonServer; url: string }> {
  const app = createJsonServer({ name: 'callback-test' });
  app.route('post', '/callback', async ({ req, res }) => {
    const caller = await authenticate(req);
    sendJson(res, 200, { subject: caller.subject, tenant: caller.tenant, issuer: caller.issuer });
  });
  const base = await app.listen();
  return { app, url: `${base}/callback` };
}

export function callWith(url: string, authorization?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== undefined) headers.authorization = authorization;
  return fetch(url, { method: 'POST', headers, body: '{}' });
}
