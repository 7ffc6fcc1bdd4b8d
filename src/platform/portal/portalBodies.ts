/**
 * Request and answer bodies of the portal manager clients: a request body is checked against
 * its schema before any network call (a PlatformError 400-112 or 400-196), an answer is read
 * leniently (a PlatformError 502-101 when it does not fit even that), and an empty answer (the
 * 204 of an empty list, the assumed shapes of docs/platform-contract.md) reads as the caller's `empty` value.
 */
import type { z } from 'zod';
import { parseResponseBody, type ReadNotes } from '../http/parseResponseBody.js';
import { refusalFromIssues } from './portalParameterChecks.js';

/** A body checked against its schema before any network call (400-112 / 400-196). */
export function checkedBody<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw refusalFromIssues(parsed.error.issues, body, what);
}

/** No body (204, or an empty 200). */
export function isEmptyAnswer(data: unknown): boolean {
  return data === undefined || data === null || data === '';
}

/** The answer read with `schema`, or `empty` when there is no body. */
export function readAnswer<S extends z.ZodType, E>(schema: S, data: unknown, operation: string, empty: E, notes?: ReadNotes): z.output<S> | E {
  return isEmptyAnswer(data) ? empty : parseResponseBody(schema, data, operation, notes);
}
