/**
 * The ids hub messages are recorded under (S7, S14). The hub's own id when it gives one; else one
 * derived from the message, the same for every resend of it, however its time is spelled.
 */
import { createHash } from 'node:crypto';
import type { HubMessage } from '../schemas/hubMessages.js';

/**
 * The id of a message the hub sent without one: a hash of its conversation and of everything it
 * says (sender, type, content, creation time, language). A resend hashes the same. The price:
 * two messages alike in every field, creation time included, within the inbox's dedupe window
 * count as one; a hub that sends neither ids nor times cannot be told apart from a resend.
 */
export function stableMessageId(conversationId: string, message: HubMessage): string {
  const { sender, type, content, created, language } = message as HubMessage & { created?: unknown; language?: unknown };
  const canonical = JSON.stringify([conversationId, sender?.type, sender?.id, type?.value, sortedJson(content), canonicalInstant(created) ?? null, language ?? null]);
  return `derived-${createHash('sha256').update(canonical).digest('base64url').slice(0, 32)}`;
}

/**
 * The id a message is recorded under: its own when it has one, else a derived one. An empty or
 * blank id says nothing and is treated as absent (S7): recording it as it is would be refused by
 * the inbox on every try, and the hub would resend the batch for ever.
 */
export function messageIdOf(conversationId: string, message: HubMessage): string {
  return presentId(message.id) ?? stableMessageId(conversationId, message);
}

/** The id when it says something; undefined for a missing, empty or blank one. */
export function presentId(id: unknown): string | undefined {
  return typeof id === 'string' && id.trim() !== '' ? id : undefined;
}

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * One spelling of an instant (S14): `…Z`, `…+00:00` and `….000Z` name the same moment and must
 * give the same derived id, or a resend written differently is handled twice. Only a time with
 * an explicit offset is rewritten (one without would be read in the replica's own time zone);
 * anything else is kept as it came.
 */
export function canonicalInstant(created: unknown): unknown {
  if (typeof created !== 'string' || !WITH_OFFSET.test(created)) return created;
  const ms = Date.parse(created);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : created;
}

/** JSON with object keys sorted, so two encodings of one message hash alike. */
function sortedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sortedJson(v)]));
  return value;
}

