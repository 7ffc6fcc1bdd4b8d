/**
 * `ghCustomAdditionalAttributes` (spec 4.5): the question custom attributes to fetch, each of
 * the form `question.custom.<internal_name>`. Several are taken comma-separated (the parameter
 * is one string); anything else is refused with 400-196.
 */
import { PlatformError } from '../../../errors/platformError.js';
import { GH_CUSTOM_ATTRIBUTE_PATTERN as FORM } from '../../../schemas/patterns.js';

/** The internal names asked for, or undefined when the parameter is absent. */
export function customAttributeNames(query: URLSearchParams): Set<string> | undefined {
  const values = query.getAll('ghCustomAdditionalAttributes');
  if (values.length === 0) return undefined;
  const names = new Set<string>();
  for (const part of values.flatMap((v) => v.split(','))) {
    const m = FORM.exec(part.trim());
    if (!m) throw PlatformError.of('400-196', { name: 'ghCustomAdditionalAttributes', allowed: 'question.custom.<internal_name>' });
    names.add(m[1]!);
  }
  return names;
}
