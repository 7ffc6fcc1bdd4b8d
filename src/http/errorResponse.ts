/**
 * The one way a server of this project refuses a request: an error body of spec 2.3, with the
 * status its code names, userMessage only when asked for (E1), text in the request's language
 * (E3). Anything that is not a PlatformError becomes 500-101 without its message or stack, so
 * nothing internal (or secret) leaks to the caller.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformError, wantsUserMessage } from '../errors/platformError.js';

export function toPlatformError(err: unknown, acceptLanguage?: string): PlatformError {
  if (err instanceof PlatformError) return err.localized(acceptLanguage);
  return PlatformError.of('500-101', {}, { acceptLanguage });
}

export function sendErrorBody(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const perr = toPlatformError(err, header(req, 'accept-language'));
  const body = JSON.stringify(perr.toErrorBody({ includeUserMessage: wantsUserMessage(req.headers['x-platform-error-message']) }));
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  };
  if (perr.retryAfterSeconds !== undefined) headers['retry-after'] = Math.max(1, Math.ceil(perr.retryAfterSeconds));
  // Refused before its body was read (413, or a check made before reading): node stops reading
  // such a request, so its connection cannot carry another one; say so, or a keep-alive client
  // sends its next request into a socket that is being closed (found by fuzzing).
  if (!req.complete) headers.connection = 'close';
  res.writeHead(perr.status, headers);
  res.end(body);
  // Tell restify the response is complete, so its own error path does not send a second one.
  (res as ServerResponse & { _sent?: boolean })._sent = true;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
