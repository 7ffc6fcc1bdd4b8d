/**
 * Refusals that node's HTTP layer makes before any route runs, turned into error bodies of
 * spec 2.3 like every other refusal of the project (found by the fuzz tests: node's defaults
 * answer with an empty body, or not at all):
 *
 * - a request that is not valid HTTP (bad request line, broken header, Content-Length fighting
 *   Transfer-Encoding): 400-101; a header block past node's limit: 431-100; a request that
 *   took too long to arrive: 408-100. There is no request object then, so the answer is
 *   written to the socket, which is closed after it.
 * - an `Expect` other than 100-continue: 417-100, closing the connection, since the body the
 *   client may still send would otherwise be read as the next request.
 * - a request target (path and query) longer than the server's limit: 414-100 before the router
 *   sees it, closing the connection. The router's own refusal of an unknown 8 KB path (decoding
 *   it, an error object quoting it) was the largest share of the CPU that slow readers cost
 *   (S16); no route of ours needs more than a few hundred bytes.
 * - `Upgrade` (websocket, h2c): restify listens for upgrades even when it does not handle them,
 *   so node hands it the socket and nobody answers; without that listener node serves the
 *   request as an ordinary one, which is what a server without upgrades should do.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PlatformError } from '../errors/platformError.js';
import { header, sendErrorBody } from './errorResponse.js';
import type { OnConnectionRefused } from './slowClientLimits.js';

function errorFor(code: string | undefined): PlatformError {
  if (code === 'HPE_HEADER_OVERFLOW') return PlatformError.of('431-100');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return PlatformError.of('408-100');
  return PlatformError.of('400-101', { reason: 'not a valid HTTP request' });
}

/** The answer, written to the socket; without its body for a HEAD request (when the request line can still be seen). */
function rawAnswer(perr: PlatformError, rawPacket: Buffer | undefined): string {
  const body = JSON.stringify(perr.toErrorBody());
  const head = rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  return [
    `HTTP/1.1 ${perr.status} ${STATUS_CODES[perr.status] ?? ''}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    head ? '' : body,
  ].join('\r\n');
}

export function refuseMalformedRequests(server: Server, onRefused?: OnConnectionRefused): void {
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    // As node's own handler: nothing to say on a reset connection, or once an answer has begun.
    const answering = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const perr = errorFor(err.code);
    onRefused?.({ status: perr.status, address: socket.remoteAddress });
    socket.write(rawAnswer(perr, err.rawPacket));
    socket.destroySoon();
  });

  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('connection', 'close');
    sendErrorBody(req, res, PlatformError.of('417-100', { value: header(req, 'expect') ?? '' }, { acceptLanguage: header(req, 'accept-language') }));
  });

  server.removeAllListeners('upgrade');
}

/** The longest request target (path and query, in bytes as sent) a server reads by default. */
export const DEFAULT_MAX_TARGET_BYTES = 2048;

/**
 * A handler for restify's first chain: refuses a request whose target is longer than `maxBytes`
 * with 414-100 and closes its connection (returns false: nothing else runs for it).
 *
 * @param maxBytes - the longest target read
 * @param onRefused - told of each refusal, to count it (S14)
 */
export function refuseLongTargets(maxBytes: number, onRefused?: OnConnectionRefused): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const target = req.url ?? '';
    if (target.length <= maxBytes) return true;
    onRefused?.({ status: 414, address: req.socket.remoteAddress });
    res.setHeader('connection', 'close');
    sendErrorBody(req, res, PlatformError.of('414-100', { limit: maxBytes }, { acceptLanguage: header(req, 'accept-language') }));
    return false;
  };
}
