/**
 * A whole transcript, page after page, and its plain-text form (what `hubbot transcript`
 * prints): one line per activity, time, who, and what was said or shown.
 */
import type { Activity, TranscriptStore } from 'botbuilder-core';

/**
 * Reads a conversation's whole transcript, following the store's continuation tokens.
 *
 * @param store - any botbuilder TranscriptStore
 * @param channelId - the channel, `conversation-hub` for the hub
 * @param conversationId - the conversation
 * @param limit - the most activities read; default 100,000
 * @returns the activities, oldest first
 */
export async function readTranscript(store: TranscriptStore, channelId: string, conversationId: string, limit = 100_000): Promise<Activity[]> {
  const all: Activity[] = [];
  let token: string | undefined;
  do {
    const page = await store.getTranscriptActivities(channelId, conversationId, token);
    all.push(...page.items);
    token = page.continuationToken || undefined;
  } while (token && all.length < limit);
  return all.slice(0, limit);
}

function whoSaid(a: Partial<Activity>): string {
  const role = a.from?.role ?? (a.from?.id ? 'bot' : '?');
  return role === 'user' ? 'customer' : role;
}

function whatOf(a: Partial<Activity>): string {
  const parts: string[] = [];
  if (a.text) parts.push(a.text.replace(/\s*\n\s*/g, ' / '));
  const actions = a.suggestedActions?.actions ?? [];
  if (actions.length) parts.push(`[${actions.map((x) => x.title ?? String(x.value)).join(' | ')}]`);
  if (a.attachments?.length) parts.push(`(${a.attachments.length} card${a.attachments.length > 1 ? 's' : ''})`);
  if (a.type === 'event' || a.type === 'handoff') parts.push(`${a.type} ${a.name ?? ''}`.trim());
  if (parts.length === 0) parts.push(`(${a.type ?? 'activity'})`);
  return parts.join(' ');
}

/**
 * One activity as a line of text (time, who, what), for a log or a support ticket.
 *
 * @param a - a transcript's activity
 */
export function transcriptLine(a: Partial<Activity>): string {
  const at = a.timestamp instanceof Date ? a.timestamp.toISOString() : String(a.timestamp ?? '');
  return `${at}  ${whoSaid(a).padEnd(8)}  ${whatOf(a)}`;
}
