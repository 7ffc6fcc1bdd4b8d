/**
 * Turns a call that got no HTTP answer (refused connection, reset, DNS failure, timeout) into
 * a PlatformError (E4). An AxiosError carries the whole request config, Authorization header
 * and form body (client secret) included, so it must never escape: only its error code is
 * kept, and the PlatformError made here has no `cause`.
 *
 * A timeout becomes 504-100 and anything else 502-102; both are retryable statuses, so the
 * core backs off on them as it does on 502/503 answers.
 */
import axios from 'axios';
import { PlatformError } from '../../errors/platformError.js';

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

export function transportError(err: unknown): PlatformError {
  if (err instanceof PlatformError) return err;
  if (axios.isAxiosError(err)) {
    if (err.code && TIMEOUT_CODES.has(err.code)) return PlatformError.of('504-100');
    return PlatformError.of('502-102', { reason: safeReason(err.code) });
  }
  // Not from axios (a bug of ours, most likely): still no message, which could quote anything.
  return PlatformError.of('502-102', { reason: err instanceof Error ? err.name : 'unknown failure' });
}

/** Error codes are short upper-case words (ECONNREFUSED, ERR_BAD_REQUEST); anything else is dropped. */
function safeReason(code: string | undefined): string {
  return code && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'network error';
}

/** A connection refused: nothing of the request was written, so the platform cannot have acted (R5). */
export function refusedBeforeWrite(err: unknown): boolean {
  return axios.isAxiosError(err) && err.code === 'ECONNREFUSED';
}
