/**
 * What the inbox implementations share besides the Inbox interface: default limits and the
 * check of what is appended (a programming error, so a TypeError, not an HTTP refusal).
 */
import { INBOX_ITEM_FORMAT, type InboxItem } from './inbox.js';

/** Long enough to cover the hub's redeliveries of one callback. */
export const DEFAULT_DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_DEAD_LETTERS = 1000;

export function checkAppend(conversationId: string, item: InboxItem): void {
  if (typeof conversationId !== 'string' || conversationId === '') throw new TypeError('inbox: the conversation id must be a non-empty string');
  if (!item || typeof item.id !== 'string' || item.id === '') throw new TypeError('inbox: the item id must be a non-empty string');
  if (typeof item.receivedAt !== 'number' || !Number.isFinite(item.receivedAt)) throw new TypeError('inbox: receivedAt must be a number of ms');
}

export function checkSchedule(conversationId: string, slot: string, item: InboxItem): void {
  checkAppend(conversationId, item);
  if (typeof slot !== 'string' || slot === '') throw new TypeError('inbox: the slot must be a non-empty string');
  if (typeof item.notBefore !== 'number' || !Number.isFinite(item.notBefore)) throw new TypeError('inbox: notBefore must be a number of ms');
}

/** An item as both inboxes store it (JSON, the same fields in the same order). */
export function itemJson(item: InboxItem): string {
  // The format last: a packed scheduled item's dictionary relies on the fields before it (scheduledItemCodec.ts).
  return JSON.stringify({ id: item.id, payload: item.payload, receivedAt: item.receivedAt, kind: item.kind, notBefore: item.notBefore, traceparent: item.traceparent, v: INBOX_ITEM_FORMAT });
}

/**
 * A dead letter's item put back: a new id (the old one is remembered as seen), also on the
 * message it carries, so the replayed turn's replies get ids of their own and are not taken for
 * repeats of the first try's; the rest as it was.
 */
export function replayOf(item: InboxItem, now: number): InboxItem {
  const id = `${item.id}~replay-${now.toString(36)}`;
  const payload = typeof item.payload === 'object' && item.payload !== null ? { ...(item.payload as Record<string, unknown>), id } : item.payload;
  return { ...item, id, payload };
}
