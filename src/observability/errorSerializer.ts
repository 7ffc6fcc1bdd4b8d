/**
 * Serializes an error for the log without its secrets. HTTP client errors are the usual leak:
 * an axios error carries its request config (the Authorization header, a form body holding
 * client_secret) and the response (a token response holding access_token). Only the method,
 * URL and status are kept of those; every other field goes through scrubDeep, and the message
 * and stack through scrubText.
 */
import { scrubDeep, scrubText } from './redaction.js';

// Live objects with sockets and buffers: useless in a log, and full of headers.
const DROPPED = new Set(['request', 'socket', 'agent', 'raw', '_sent']);
const MAX_CAUSES = 4;

function pick(value: unknown, keys: string[]): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = typeof v === 'string' ? scrubText(v) : v;
  }
  return out;
}

export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return scrubDeep(err);
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message: scrubText(err.message),
    stack: err.stack === undefined ? undefined : scrubText(err.stack),
  };
  for (const [key, value] of Object.entries(err)) {
    if (DROPPED.has(key) || key in out) continue;
    if (key === 'config') out.config = pick(value, ['method', 'baseURL', 'url']);
    else if (key === 'response') out.response = pick(value, ['status', 'statusText']);
    else out[key] = value instanceof Error ? serializeError(value, depth + 1) : scrubDeep(value);
  }
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(err.cause, depth + 1);
  if (err instanceof AggregateError && depth < MAX_CAUSES) out.errors = err.errors.map((e) => serializeError(e, depth + 1));
  return out;
}
