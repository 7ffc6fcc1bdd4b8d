/**
 * A schema's complaints in one short line (the first few paths and messages), for an error's
 * developerMessage or a log: shared by the platform clients' tolerant reader and the emulator's
 * request validation.
 */
import type { z } from 'zod';

/** The first `max` issues as `path: message`, joined by `; `, with how many more there were. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], max = 3): string {
  const parts = issues.slice(0, max).map((i) => `${i.path.length ? i.path.map(String).join('.') : '(body)'}: ${i.message}`);
  if (issues.length > max) parts.push(`and ${issues.length - max} more`);
  return parts.join('; ');
}
