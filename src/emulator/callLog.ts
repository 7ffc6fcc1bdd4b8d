/**
 * What happened in the emulator, in order, for the inspector and for tests: every HTTP call
 * it answered (with its request and response bodies), every message it routed, every callback
 * it made. Entries never hold secrets (no Authorization header, no token, no query string of a
 * signed URL, no authentication payload: bodies go through callBodies.ts's redaction first).
 *
 * Two logs, each bounded on its own (F7): the conversation's (platform calls, hub messages,
 * callbacks, the customer's side) and the emulator's own control calls (its admin API, its
 * pages, the inspector's settings), so a page polling or a script driving the emulator never
 * pushes the conversation's entries out. One sequence numbers both, so they merge in order.
 */
export const CALL_LOGS = ['conversation', 'control', 'all'] as const;
export type CallLogName = Exclude<(typeof CALL_LOGS)[number], 'all'>;

export interface CallLogEntry extends Record<string, unknown> {
  seq: number;
  at: string;
  kind: string;
  log: CallLogName;
}

/** Paths of the emulator's own control API and pages; the customer's side is the conversation's. */
const CONTROL_PATH = /^\/(emulator|chat|inspector)(\/|$)/;
/**
 * Under /emulator but the conversation's: the customer's side, and the signed URLs the platform
 * hands out (an asset's blob, an attachment's upload), which a bot or a customer calls with
 * the bytes of a file: the platform's calls, though the emulator serves them under its prefix.
 */
const CONVERSATION_PATH = /^\/emulator\/(conversations(?!\/[^/]+\/agent$)|accounts$|blobs\/|portal\/uploads\/)/;

/** The log a call to `path` belongs in. */
export function logOfPath(path: string): CallLogName {
  return CONTROL_PATH.test(path) && !CONVERSATION_PATH.test(path) ? 'control' : 'conversation';
}

export class CallLog {
  private readonly logs: Record<CallLogName, CallLogEntry[]> = { conversation: [], control: [] };
  private nextSeq = 1;
  private readonly listeners = new Set<(e: CallLogEntry) => void>();

  constructor(
    private readonly now: () => number,
    private readonly capacity = 10_000,
  ) {}

  /** Records an entry in its log (`entry.log`, else the conversation's). */
  record(entry: Record<string, unknown>): CallLogEntry {
    const log: CallLogName = entry.log === 'control' ? 'control' : 'conversation';
    const e: CallLogEntry = { kind: 'note', ...entry, log, seq: this.nextSeq++, at: new Date(this.now()).toISOString() };
    const entries = this.logs[log];
    entries.push(e);
    if (entries.length > this.capacity) entries.splice(0, entries.length - this.capacity);
    for (const l of this.listeners) l(e);
    return e;
  }

  /** Entries after `since` (a seq), optionally of one kind, of one log or both merged in order. */
  list(opts: { since?: number; kind?: string; log?: CallLogName | 'all' } = {}): CallLogEntry[] {
    const which = opts.log ?? 'all';
    const pick = (entries: CallLogEntry[]) => entries.filter((e) => e.seq > (opts.since ?? 0) && (opts.kind === undefined || e.kind === opts.kind));
    if (which !== 'all') return pick(this.logs[which]);
    return [...pick(this.logs.conversation), ...pick(this.logs.control)].sort((a, b) => a.seq - b.seq);
  }

  subscribe(listener: (e: CallLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
