/**
 * Turns a request body that does not fit its schema into the refusal a client can act on:
 * 400-112 naming the first missing field (the platform's published code for a missing
 * attribute), else 400-101 listing the fields at fault. Reasons name paths and zod's
 * messages, never the values sent (an authentication's payload holds a client secret).
 */
import { z } from 'zod';
import { PlatformError } from '../errors/platformError.js';
import { describeIssues } from '../schemas/describeIssues.js';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined) throw PlatformError.of('400-100', { reason: 'a JSON body is required' });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw PlatformError.of('400-100', { reason: 'the body must be a JSON object' });
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const missing = parsed.error.issues.find((i) => i.code === 'invalid_type' && /received undefined/.test(i.message));
  if (missing) throw PlatformError.of('400-112', { name: missing.path.map(String).join('.') || 'body' });
  throw PlatformError.of('400-101', { reason: describeIssues(parsed.error.issues) });
}

const NO_SETTINGS = z.strictObject({});

/**
 * A control route that takes no settings (F8) takes no body, or an empty object: anything else
 * is refused, not ignored, so a `DELETE /emulator/faults` naming endpoints does not clear every
 * fault, and a misspelt setting is never taken for "all".
 */
export function refuseBody(body: unknown): void {
  if (body !== undefined) parseBody(NO_SETTINGS, body);
}

/** A query checked as strictly as a body (F8): an unknown key or a value out of range is 400-101. */
export function parseQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(query));
  if (parsed.success) return parsed.data;
  throw PlatformError.of('400-101', { reason: describeIssues(parsed.error.issues).replaceAll('(body)', '(query)') });
}
