/**
 * Reads a usage plan given on the command line, in the admin API or in code: one of the
 * three named plans of section 8 (any letter case), or a custom plan object as rateLookup.ts
 * defines it. A plan is checked once here by asking the table for a rate, so a malformed
 * custom plan is refused when it is set, not at the first call that needs it.
 */
import { PlatformError } from '../../errors/platformError.js';
import { PLANS } from '../../rates/rateTable.js';
import { rateFor, type RatePlan } from '../../rates/rateLookup.js';

export function parsePlan(input: unknown, acceptLanguage?: string): RatePlan {
  let value = input;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      value = JSON.parse(value);
    } catch {
      throw PlatformError.of('400-100', { reason: 'plan is not valid JSON' }, { acceptLanguage });
    }
  }
  if (typeof value === 'string') {
    const named = PLANS.find((p) => p.toLowerCase() === value.toString().trim().toLowerCase());
    if (!named) throw PlatformError.of('400-196', { name: 'plan', allowed: `${PLANS.join(', ')} or a custom plan object` }, { acceptLanguage });
    return named;
  }
  if (typeof value !== 'object' || value === null || (value as { name?: unknown }).name !== 'custom') {
    throw PlatformError.of('400-196', { name: 'plan', allowed: `${PLANS.join(', ')} or {"name":"custom", ...}` }, { acceptLanguage });
  }
  const plan = value as RatePlan;
  try {
    rateFor({ service: 'conversationmgr', version: 'v3', plan, method: 'GET', path: '/accounts' });
    rateFor({ service: 'conversationmgr', version: 'v3', plan, method: 'POST', path: '/conversations/messages' });
  } catch (err) {
    throw PlatformError.of('400-101', { reason: `invalid custom plan: ${(err as Error).message}` }, { acceptLanguage });
  }
  return plan;
}

/** A plan as a short label for start-up lines and the info route. */
export function planLabel(plan: RatePlan): string {
  return typeof plan === 'string' ? plan : `custom ${JSON.stringify(plan)}`;
}
