/**
 * Which platform calls may be repeated after a failure, in one table (R5 of
 * docs/platform-contract.md). The HTTP core consults it for every call it retries.
 *
 * - 'repeatable': doing it twice leaves the platform as doing it once. Reads, PUTs, DELETEs and
 *   message POSTs that carry their own ids (the hub recognises an id it holds) are repeated
 *   after 429, 502, 503, 504 and timeouts.
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
  // Every message carries its id; the hub keeps one message per id (assumption, README).
  'messages.send': 'repeatable',
  // Portal manager.
  'gh.search.start': 'repeatable', // opens a session; a second, unused one counts nothing
  'gh.quickpicks.resume': 'repeatable', // reads a saved quickpick into a session, as start does
  'gh.cases.accept': 'once', // adds a positive score
  'gh.cases.reject': 'once', // adds a negative score
  'gh.quickpicks.create': 'once',
  'suggestions.create': 'once',
  'suggestions.comments.add': 'once',
  'suggestions.attachments.uploadUrl': 'once',
});

/** The policy of a call: the table's row for its operation, else by method (POST and PATCH act once). */
export function repeatPolicyOf(operation: string | undefined, method: HttpVerb): RepeatPolicy {
  const row = operation === undefined ? undefined : REPEAT_POLICY[operation];
  if (row) return row;
  return method === 'POST' || method === 'PATCH' ? 'once' : 'repeatable';
}

/** Failures after which a 'once' call is repeated: the platform said, or showed, it did not act. */
export function platformDidNotAct(status: number, refusedBeforeWrite: boolean): boolean {
  return status === 429 || status === 503 || refusedBeforeWrite;
}
