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
  if (!req.complete) {
    headers.connection = 'close';
    lingerBeforeClosing(req);
  }
  res.writeHead(perr.status, headers);
  res.end(body);
  // Tell restify the response is complete, so its own error path does not send a second one.
  (res as ServerResponse & { _sent?: boolean })._sent = true;
}

/** How much of a refused body is still read, and for how long, so the client gets to read the answer (T6). */
export const LINGER_BYTES = 8 * 1024 * 1024;
export const LINGER_MS = 2000;

/**
 * Lingering close (RFC 9112 9.6): a server that closes while the client is still sending makes
 * the client's TCP stack see a reset, and the answer it had not read yet (the 413) is lost. So
 * after the answer the connection is half-closed, and the rest of the body is read and thrown
 * away until the client stops sending, bounded in bytes and time; only then is it closed.
 */
function lingerBeforeClosing(req: IncomingMessage): void {
  const socket = req.socket as (IncomingMessage['socket'] & { destroySoon?: () => void; lingering?: boolean }) | null;
  if (!socket || socket.lingering || socket.destroyed) return;
  socket.lingering = true;
  socket.destroySoon = () => {
    let seen = 0;
    const done = () => socket.destroy();
    const timer = setTimeout(done, LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', done);
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > LINGER_BYTES) done();
    });
    socket.end();
    socket.resume();
  };
  req.resume();
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
