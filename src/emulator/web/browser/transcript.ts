/**
 * The transcript file the inspector exports: one conversation as the emulator holds it (every
 * hub message in order, what the customer received, its state) and the inspector's log
 * entries of that conversation, as one JSON document a bug report can carry. Nothing secret
 * is in either source (the call log never holds tokens or secrets).
 */
import type { CallLogEntry } from '../../callLog.js';
import { el, fetchJson } from './dom.js';

export const TRANSCRIPT_FORMAT = 'hubbot-emulator-transcript/1';

export interface Transcript {
  format: typeof TRANSCRIPT_FORMAT;
  exportedAt: string;
  conversation: Record<string, unknown>;
  messages: unknown[];
  received: unknown[];
  log: CallLogEntry[];
}

export async function buildTranscript(conversationId: string, log: CallLogEntry[]): Promise<Transcript> {
  const conv = await fetchJson<Record<string, unknown> & { messages?: { message?: unknown[] }; received?: unknown[] }>(`/emulator/conversations/${encodeURIComponent(conversationId)}`);
  const { messages, received, ...conversation } = conv;
  return { format: TRANSCRIPT_FORMAT, exportedAt: new Date().toISOString(), conversation, messages: messages?.message ?? [], received: received ?? [], log };
}

/** Offers the transcript as a file download (no server round trip: it is built here). */
export function download(transcript: Transcript): void {
  const blob = new Blob([JSON.stringify(transcript, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const id = String(transcript.conversation.id ?? 'conversation');
  const a = el('a', { attrs: { href: url, download: `transcript-${id}.json` } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
