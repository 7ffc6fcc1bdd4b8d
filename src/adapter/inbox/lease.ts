// A running turn's lease: kept alive while the turn runs, and the signal its handler sees when lost.
import type { Inbox, InboxClaim } from './inbox.js';

/**
 * A turn's "lease lost" signal, its AbortController made only when the handler asks for the
 * signal: most turns never do, and a controller costs more than the rest of the turn's
 * bookkeeping (it is an EventTarget). An abort before that is remembered and shown then.
 */
export class LeaseSignal {
  private controller?: AbortController;
  private reason?: unknown;
  aborted = false;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }
}

/**
 * Renews the claim's lease every `everyMs` while its turn runs (one renewal at a time); a renewal
 * that finds the lease lost aborts `lease`. Returns what stops the renewals.
 */
export function keepLeaseAlive(inbox: Inbox, claim: InboxClaim, opts: { leaseMs: number; everyMs: number; lease: LeaseSignal; onError: (err: unknown) => void }): () => void {
  let renewing = false;
  const renewal = setInterval(() => {
    if (renewing) return;
    renewing = true;
    inbox
      .renew(claim, opts.leaseMs)
      .then((held) => {
        if (!held) opts.lease.abort(new Error('the lease was lost'));
      })
      .catch(opts.onError)
      .finally(() => (renewing = false));
  }, opts.everyMs);
  return () => clearInterval(renewal);
}
