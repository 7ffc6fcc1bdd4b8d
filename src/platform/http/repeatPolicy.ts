/**
 * Which platform calls may be repeated after a failure, in one table (R5 of
 * docs/platform-contract.md). The HTTP core consults it for every call it retries.
 *
 * - 'repeatable': doing it twice leaves the platform as doing it once. Reads, PUTs, DELETEs and
 *   message POSTs that carry their own ids (the hub recognises an id it holds) are repeated
 *   after 429, 502, 503, 504 and timeouts. A message POST where one message has no id is
 *   'once': the hub could not tell a repeat from a new message, so the customer would read it
 *   twice (REPEATABLE_ONLY_IF).
 * - 'once': the call creates, scores or changes something, and a first try that reached the
 *   platform may have acted. It is repeated only after answers that say the platform did not
 *   act (429, 503) or a connection refused before the request was written. After a timeout, a
 *   reset or a 502/504 it fails with 500-110 "outcome unknown", naming the operation, and is
 *   not retried: repeating an accept would add a second score.
 */
import type { HttpVerb } from '../../schemas/conversationOperations.js';

export type RepeatPolicy = 'repeatable' | 'once';

/** Operations named as in conversationOperations.ts and portalOperations.ts, plus signed transfers. */
export const REPEAT_POLICY: Readonly<Record<string, RepeatPolicy>> = Object.freeze({
  // Conversation manager: creates are 'once'; list, get, update (PUT), delete are repeatable.
  'authentications.create': 'once',
  'clientapplications.create': 'once',
  'participants.create': 'once',
  'channels.create': 'once',
  'orchestrations.create': 'once',
  'accounts.create': 'once',
  'assets.create': 'once',
  // The hub keeps one message per id (assumption, docs/platform-clients.md): repeatable when every message has one.
  'messages.send': 'repeatable',
  // Portal manager. Start and resume open a guided-help session: they record no score, no
  // suggestion and no quickpick, and a session left unused by a lost answer only expires.
  'gh.search.start': 'repeatable',
  'gh.quickpicks.resume': 'repeatable',
  'gh.cases.accept': 'once', // adds a positive score
  'gh.cases.reject': 'once', // adds a negative score
  'gh.quickpicks.create': 'once',
  'suggestions.create': 'once',
  'suggestions.comments.add': 'once',
  'suggestions.attachments.uploadUrl': 'once',
});

/** Rows that are 'repeatable' only when the call's body shows it: otherwise the call is 'once'. */
export const REPEATABLE_ONLY_IF: Readonly<Record<string, (body: unknown) => boolean>> = Object.freeze({
  'messages.send': everyMessageHasId,
});

/**
 * The policy of a call: the table's row for its operation (narrowed by REPEATABLE_ONLY_IF on
 * its body), else by method (POST and PATCH act once).
 */
export function repeatPolicyOf(operation: string | undefined, method: HttpVerb, body?: unknown): RepeatPolicy {
  const row = operation === undefined ? undefined : REPEAT_POLICY[operation];
  if (row === 'repeatable' && operation !== undefined && REPEATABLE_ONLY_IF[operation]?.(body) === false) return 'once';
  if (row) return row;
  return method === 'POST' || method === 'PATCH' ? 'once' : 'repeatable';
}

/** A message batch (`{messages: {message: [...]}}`) in which every message has a non-empty id. */
function everyMessageHasId(body: unknown): boolean {
  const list = (body as { messages?: { message?: unknown } } | undefined)?.messages?.message;
  return Array.isArray(list) && list.length > 0 && list.every((m) => typeof (m as { id?: unknown } | null)?.id === 'string' && (m as { id: string }).id !== '');
}

/** Failures after which a 'once' call is repeated: the platform said, or showed, it did not act. */
export function platformDidNotAct(status: number, refusedBeforeWrite: boolean): boolean {
  return status === 429 || status === 503 || refusedBeforeWrite;
}
