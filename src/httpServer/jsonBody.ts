/**
 * Reads a request body with a size limit, before any parsing (413 as soon as the limit is
 * passed, from Content-Length when it is declared), and parses JSON leniently: a body that
 * is not JSON is 400, and so is one nested deeper than MAX_JSON_DEPTH (JSON.parse copes with
 * any depth, but the code that later walks or serializes the value recurses: a 1 MiB body of
 * brackets made stored resources unreadable and handlers answer 500; found by fuzzing).
 * Used by every route of every server of the project.
 */
import type { IncomingMessage } from 'node:http';
import { PlatformError } from '../errors/platformError.js';
import { header } from './errorResponse.js';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Deepest nesting of arrays and objects accepted: far past any real payload, far below a stack overflow. */
export const MAX_JSON_DEPTH = 100;

/** True when JSON `text` nests arrays or objects deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export async function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const lang = header(req, 'accept-language');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    req.resume();
    throw PlatformError.of('413-100', { limit: limitBytes }, { acceptLanguage: lang });
  }
  // A declared length within the limit (every hub callback): the body cannot pass the limit
  // (Node's parser delivers no more than declared), so it is read with plain listeners; the
  // async iterator cost a promise and its bookkeeping per chunk, on every callback.
  if (Number.isFinite(declared) && !req.readableEnded && !req.destroyed) return readDeclared(req);
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

/** The whole body of a request that declared its length, as the async iterator would give it. */
function readDeclared(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    // Closed before its end (the client went away): what the iterator rejects with.
    const onClose = () => onError(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** The parsed JSON body, or undefined when the body is empty. */
export async function readJsonBody(req: IncomingMessage, limitBytes = DEFAULT_BODY_LIMIT_BYTES): Promise<unknown> {
  return parseJsonBytes(await readRawBody(req, limitBytes), header(req, 'accept-language'));
}

/** Bytes already read (by a route that checks them first, e.g. a signature), parsed as readJsonBody does. */
export function parseJsonBytes(raw: Buffer, acceptLanguage: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw PlatformError.of('400-100', { reason: 'not valid JSON' }, { acceptLanguage });
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw PlatformError.of('400-100', { reason: `nested deeper than ${MAX_JSON_DEPTH} levels` }, { acceptLanguage });
  }
  return value;
}
