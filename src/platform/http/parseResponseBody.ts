/**
 * Reads a platform answer with a (lenient) schema. An answer that does not fit even the
 * lenient shape is a PlatformError 502-101 naming the operation and the fields at fault, so
 * callers handle one error type (E4). The reason lists field paths and zod's messages only,
 * never the received values, which may carry secrets (an authentication's payload).
 * Used by the conversation and the portal manager clients alike.
 */
import type { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';

export function describeIssues(issues: readonly z.core.$ZodIssue[], max = 3): string {
  const parts = issues.slice(0, max).map((i) => `${i.path.length ? i.path.map(String).join('.') : '(body)'}: ${i.message}`);
  if (issues.length > max) parts.push(`and ${issues.length - max} more`);
  return parts.join('; ');
}

export function parseResponseBody<S extends z.ZodType>(schema: S, body: unknown, operation: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw PlatformError.of('502-101', { operation, reason: describeIssues(parsed.error.issues) });
}
