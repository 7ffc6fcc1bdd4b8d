/**
 * What the inbox implementations share besides the Inbox interface: default limits and the
 * check of what is appended (a programming error, so a TypeError, not an HTTP refusal).
 */
import type { InboxItem } from './inbox.js';

/** Long enough to cover the hub's redeliveries of one callback. */
export const DEFAULT_DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_DEAD_LETTERS = 1000;

export function checkAppend(conversationId: string, item: InboxItem): void {
  if (typeof conversationId !== 'string' || conversationId === '') throw new TypeError('inbox: the conversation id must be a non-empty string');
  if (!item || typeof item.id !== 'string' || item.id === '') throw new TypeError('inbox: the item id must be a non-empty string');
  if (typeof item.receivedAt !== 'number' || !Number.isFinite(item.receivedAt)) throw new TypeError('inbox: receivedAt must be a number of ms');
}
