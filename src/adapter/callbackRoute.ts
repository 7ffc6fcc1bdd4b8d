/**
 * The hub's callback route on the bot's own restify server: the framework-agnostic handler of
 * callbackHandler.ts mounted with the body left unread, so the token is checked before the
 * body is read (S1) and the message is recorded before the ack.
 */
import type { JsonServer } from '../http/jsonServer.js';
import { createHubCallbackHandler, type HubCallbackHandlerOptions } from './callbackHandler.js';

export { defaultCallbackParser } from './callbackHandler.js';

export interface CallbackRouteOptions extends HubCallbackHandlerOptions {
  path: string;
}

export function registerHubCallback(app: JsonServer, opts: CallbackRouteOptions): void {
  const handle = createHubCallbackHandler(opts);
  app.route('post', opts.path, ({ req, res }) => handle(req, res), { parseJson: false });
}
