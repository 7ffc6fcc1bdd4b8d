/**
 * What happened in the emulator, in order, for the inspector and for tests: every HTTP call
 * it answered (with its request and response bodies), every message it routed, every callback
 * it made. Entries never hold secrets (no Authorization header, no token, no query string of a
 * signed URL, no authentication payload: bodies go through callBodies.ts's redaction first).
 * Bounded, so a long session does not grow without end.
 */
export interface CallLogEntry extends Record<string, unknown> {
  seq: number;
  at: string;
  kind: string;
}

export class CallLog {
  private entries: CallLogEntry[] = [];
  private nextSeq = 1;
  private readonly listeners = new Set<(e: CallLogEntry) => void>();

  constructor(
    private readonly now: () => number,
    private readonly capacity = 10_000,
  ) {}

  record(entry: Record<string, unknown>): CallLogEntry {
    const e: CallLogEntry = { kind: 'note', ...entry, seq: this.nextSeq++, at: new Date(this.now()).toISOString() };
    this.entries.push(e);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    for (const l of this.listeners) l(e);
    return e;
  }

  /** Entries after `since` (a seq), optionally of one kind. */
  list(opts: { since?: number; kind?: string } = {}): CallLogEntry[] {
    return this.entries.filter((e) => e.seq > (opts.since ?? 0) && (opts.kind === undefined || e.kind === opts.kind));
  }

  subscribe(listener: (e: CallLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
