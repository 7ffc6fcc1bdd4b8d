/**
 * Inbox items whose message payload was read by the hub message schema in this process and never
 * left it: a MemoryInbox marks the copy it gives a claim when the item was appended as
 * `validated`, and the turn then reads the payload without the schema pass (the same bytes,
 * through JSON and back, read again). Items from Redis are never marked: they crossed a process
 * boundary, perhaps from another version of the bot, and are read tolerantly. A WeakSet, so a
 * mark goes with its item.
 */
import type { InboxItem } from './inbox.js';

const marked = new WeakSet<InboxItem>();

/** Marks an item read back from this process's memory, appended as validated. */
export function markValidatedInProcess(item: InboxItem): InboxItem {
  marked.add(item);
  return item;
}

/** Whether the item's payload was validated in this process before it was recorded. */
export function isValidatedInProcess(item: InboxItem): boolean {
  return marked.has(item);
}
