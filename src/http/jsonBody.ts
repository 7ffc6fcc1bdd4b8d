/**
 * Reads a request body with a size limit, before any parsing (413 as soon as the limit is
 * passed, from Content-Length when it is declared), and parses JSON leniently: a body that
 * is not JSON is 400. Used by every route of every server of the project.
 */
import type { IncomingMessage } from 'node:http';
import { PlatformError } from '../errors/platformError.js';
import { header } from './errorResponse.js';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export async function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const lang = header(req, 'accept-language');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    req.resume();
    throw PlatformError.of('413-100', { limit: limitBytes }, { acceptLanguage: lang });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      req.resume();
      throw PlatformError.of('413-100', { limit: limitBytes }, { acceptLanguage: lang });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The parsed JSON body, or undefined when the body is empty. */
export async function readJsonBody(req: IncomingMessage, limitBytes = DEFAULT_BODY_LIMIT_BYTES): Promise<unknown> {
  const raw = await readRawBody(req, limitBytes);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw PlatformError.of('400-100', { reason: 'not valid JSON' }, { acceptLanguage: header(req, 'accept-language') });
  }
}
