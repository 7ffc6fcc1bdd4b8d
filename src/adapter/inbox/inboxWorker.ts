// The inbox worker (documented on the class).
import { isDeadLetterNow } from '../turnErrors.js';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Inbox, InboxClaim } from './inbox.js';
import { startSpan, traceContextOf, withTraceContext } from '../../observability/tracing.js';
import { defaultRetryDelay, type InboxHandler, type InboxWorkerOptions, type InboxWorkerStage } from './inboxWorkerOptions.js';
import { keepLeaseAlive, LeaseSignal } from './lease.js';
import { StepWrites } from './withInboxStep.js';
import { DispatcherAlarm } from './dispatcherAlarm.js';
import { TurnSlice } from './turnSlice.js';

export type { InboxHandler, InboxTurn, InboxWorkerOptions, InboxWorkerStage } from './inboxWorkerOptions.js';

/**
 * Runs the turns of an inbox: claim a conversation, run the handler on its head item, complete
 * it, and go on with the conversation's next item while keeping the lease (up to
 * `maxTurnsPerClaim`, then it goes back in line so a chatty conversation cannot hold a slot
 * forever). Up to `concurrency` conversations run at once; each runs one turn at a time.
 *
 * - A long turn keeps its lease: it is renewed every `renewEveryMs`. If a renewal finds the
 *   lease lost (this process stalled past it and another worker took over), the handler's
 *   `signal` is aborted; the other worker runs the item again (at least once).
 * - A handler that throws is retried after a back-off, with the conversation held (its later
 *   items wait, to keep the order) and counted per item. After `maxAttempts` attempts the item
 *   is moved to the inbox's dead letters (`inbox.deadLetters()`), `onDeadLetter` is told, and
 *   the conversation moves on to its next item. Attempts are counted at claim time, so an item
 *   whose turn kills the process each time is given up on as well.
 * - An append made in this process may claim its conversation for a free slot of this worker
 *   in the same step (`inbox.offerAppendClaims`, RedisInbox): the turn needs no claim of its own.
 * - New items wake the worker at once (`inbox.onAppend`); it also polls every `pollIntervalMs`
 *   to find conversations whose lease ran out on a dead replica, and scheduled items (deadlines,
 *   T2) that fell due: a due item waits at most one poll.
 * - `stop()` claims nothing more and resolves once the turns under way have finished and been
 *   completed; a conversation's later items are left for the next worker.
 */
export class InboxWorker {
  /** The turns under way, with their claims and leases (handed back on a bounded stop). */
  private readonly current = new Set<{ claim: InboxClaim; lease: LeaseSignal }>();
  /** This worker's id, in the leases it holds. */
  readonly workerId: string;
  /** Lets the event loop serve I/O between turns now and then. */
  private readonly slice = new TurnSlice();
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: (attempt: number) => number;
  private readonly pollIntervalMs: number;
  private readonly maxTurnsPerClaim: number;
  private running = false;
  private loop?: Promise<void>;
  private readonly turns = new Set<Promise<void>>();
  /** Slots held for claims that appends in flight may bring. */
  private reserved = 0;
  private withdrawOffer?: () => void;
  /** The dispatcher's sleep between claims, and what wakes it. */
  private readonly alarm = new DispatcherAlarm(() => this.running);

  /**
   * @param inbox - the inbox to run turns from
   * @param handler - runs one item's turn
   * @param opts - concurrency, leases, retries, polling and hooks
   */
  constructor(
    private readonly inbox: Inbox,
    private readonly handler: InboxHandler,
    private readonly opts: InboxWorkerOptions = {},
  ) {
    this.workerId = opts.workerId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.concurrency = Math.max(1, opts.concurrency ?? 4);
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.renewEveryMs = opts.renewEveryMs ?? Math.max(1, Math.floor(this.leaseMs / 3));
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? 5);
    this.retryDelayMs = opts.retryDelayMs ?? defaultRetryDelay;
    this.pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.maxTurnsPerClaim = Math.max(1, opts.maxTurnsPerClaim ?? 10);
  }

  /** Whether the worker was started and not stopped. */
  get isRunning(): boolean {
    return this.running;
  }

  /** Conversations being handled right now. */
  get activeConversations(): number {
    return this.turns.size;
  }

  /** Starts claiming conversations and running their turns; a second call does nothing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    // An append of this process may claim its conversation for a free slot here (RedisInbox).
    this.withdrawOffer = this.inbox.offerAppendClaims?.({ workerId: this.workerId, leaseMs: this.leaseMs, reserve: () => this.reserve(), take: (claim) => this.takeAppendClaim(claim) });
    this.loop = this.dispatch();
  }

  /**
   * Claims nothing more and waits for the turns under way. With `graceMs` (T7), a turn still
   * running after it is given up: its lease is handed back at once (inbox.release), so another
   * replica runs the item now rather than when the lease runs out; nothing is lost, since the
   * item was never completed.
   */
  async stop(opts: { graceMs?: number } = {}): Promise<void> {
    this.running = false;
    this.withdrawOffer?.();
    this.withdrawOffer = undefined;
    this.alarm.signal();
    await this.loop;
    const turns = Promise.all([...this.turns]);
    if (opts.graceMs === undefined) return void (await turns);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([turns.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), opts.graceMs)))]);
    clearTimeout(timer);
    if (finished) return;
    await Promise.all(
      [...this.current].map(async (t) => {
        t.lease.abort(new Error('the replica is shutting down'));
        await this.inbox.release(t.claim).catch((err: unknown) => this.report(err, 'release', t.claim));
      }),
    );
  }

  private async dispatch(): Promise<void> {
    const unsubscribe = this.inbox.onAppend(() => this.alarm.signal());
    try {
      while (this.running) {
        if (this.full) {
          await this.alarm.sleep(undefined);
          continue;
        }
        let claim: InboxClaim | undefined;
        try {
          claim = await this.inbox.claim(this.workerId, this.leaseMs);
        } catch (err) {
          this.report(err, 'claim');
        }
        if (!claim) {
          await this.alarm.sleep(this.pollIntervalMs);
          continue;
        }
        if (!this.running) {
          await this.inbox.release(claim).catch((err: unknown) => this.report(err, 'release', claim));
          break;
        }
        this.startConversation(claim);
        // Back to the event loop now and then: a claim that answers at once (memory, or a
        // backlog) would otherwise start every free slot's turn in one go, and the hub's
        // callbacks waiting for their ack would queue behind all of those turns' CPU.
        await this.slice.yieldIfBusy();
        // Nothing else was ready when this claim was made: wait for a new item (or the poll).
        if (claim.more === false) await this.alarm.sleep(this.pollIntervalMs);
      }
    } finally {
      unsubscribe();
    }
  }

  /** Every slot is taken by a turn, or held for an append's claim. */
  private get full(): boolean {
    return this.turns.size + this.reserved >= this.concurrency;
  }

  private startConversation(claim: InboxClaim): void {
    const turn: Promise<void> = this.runConversation(claim).then((handedBack) => {
      const wasFull = this.full;
      this.turns.delete(turn);
      // A free slot matters only to a dispatcher that was waiting for one, and a conversation
      // handed back with items left is claimable now; otherwise a claim here would find
      // nothing that a new item's wake-up would not bring (one round trip per turn on Redis).
      if (wasFull || handedBack) this.alarm.signal();
    });
    this.turns.add(turn);
  }

  /** Holds a slot for a claim an append may bring (AppendClaimOffer.reserve). */
  private reserve(): boolean {
    if (!this.running || this.full) return false;
    this.reserved++;
    return true;
  }

  /** An append's claim for a held slot (or none: the slot is free again). */
  private takeAppendClaim(claim: InboxClaim | undefined): void {
    const wasFull = this.full;
    this.reserved--;
    if (!claim) {
      if (wasFull) this.alarm.signal();
      return;
    }
    // Stopped meanwhile: handed back at once, for another worker, rather than held until the lease runs out.
    if (!this.running) void this.inbox.release(claim).catch((err: unknown) => this.report(err, 'release', claim));
    else this.startConversation(claim);
  }

  /**
   * Runs the claimed conversation's items while the lease is kept. Resolves true when the
   * conversation may have been handed back with items left (lease not kept, a retry, an error),
   * false when its line was empty.
   */
  private async runConversation(first: InboxClaim): Promise<boolean> {
    let claim: InboxClaim | undefined = first;
    let handedBack = false;
    for (let n = 1; claim; n++) {
      // Between turns too: one batch of replies accepted by the hub ends many turns at once,
      // and each would start its conversation's next turn in the same go.
      if (n > 1) await this.slice.yieldIfBusy();
      const keepLease = () => this.running && n < this.maxTurnsPerClaim;
      const outcome = await this.runTurn(claim, keepLease);
      claim = outcome.next;
      handedBack = outcome.handedBack;
    }
    return handedBack;
  }

  /**
   * One turn; gives the next claim when the lease was kept for the conversation's next item, and
   * whether the conversation may have been handed back with items left.
   */
  private async runTurn(claim: InboxClaim, keepLease: () => boolean): Promise<{ next?: InboxClaim; handedBack: boolean }> {
    if (claim.attempt > this.maxAttempts) {
      await this.giveUp(claim, `gave up after ${this.maxAttempts} attempts that did not finish`);
      return { handedBack: true };
    }
    const lease = new LeaseSignal();
    const running = { claim, lease };
    this.current.add(running);
    const stopRenewing = keepLeaseAlive(this.inbox, claim, { leaseMs: this.leaseMs, everyMs: this.renewEveryMs, lease, onError: (err) => this.report(err, 'renew', claim) });
    let failure: { err: unknown } | undefined;
    const startedAt = Date.now();
    const dueAt = Math.max(claim.item.receivedAt, claim.item.notBefore ?? 0);
    // The turn joins the trace of the callback that recorded the item, on whichever replica (O4).
    const recorded = traceContextOf(claim.item.traceparent);
    const attributes = { 'hubbot.conversation.id': claim.conversationId, 'hubbot.inbox.item.kind': claim.item.kind ?? 'message', 'hubbot.inbox.attempt': claim.attempt };
    const span = startSpan('hubbot.turn', { kind: 'consumer', parent: recorded ?? null, attributes: { ...attributes, 'hubbot.worker.id': this.workerId } });
    startSpan('hubbot.inbox.wait', { parent: recorded ?? span.context, startTime: Math.min(dueAt, startedAt), attributes }).end(startedAt);
    const step = this.inbox.batchesSameTick ? new StepWrites((err) => this.report(err, 'handler', claim)) : undefined;
    try {
      await withTraceContext(span.context, () =>
        this.handler(claim.conversationId, claim.item, {
          attempt: claim.attempt,
          get signal() {
            return lease.signal;
          },
          ...(step ? { withStep: step.add } : {}),
        }),
      );
    } catch (err) {
      failure = { err };
    } finally {
      stopRenewing();
      this.current.delete(running);
    }
    // From here to the inbox call below (complete, release or dead letter) nothing waits: the
    // turn's held writes and that call go out in the same tick, one round trip on Redis.
    step?.flush();
    if (failure) span.fail(failure.err);
    else span.end();
    this.opts.onTurnTimed?.({ waitMs: Math.max(0, startedAt - dueAt), turnMs: Date.now() - startedAt, attempt: claim.attempt });
    try {
      if (!failure) {
        const kept = keepLease();
        const { next } = await this.inbox.complete(claim, { keepLease: kept, leaseMs: this.leaseMs });
        // Kept and nothing next: the line was empty (or pinned to another worker, which claims it).
        return { next, handedBack: !kept };
      }
      this.report(failure.err, 'handler', claim);
      if (lease.aborted) return { handedBack: true }; // the new holder retries it
      // A bot error would fail again: park it at once (T1); anything else is tried again.
      if (isDeadLetterNow(failure.err) || claim.attempt >= this.maxAttempts) await this.giveUp(claim, describe(failure.err));
      else await this.inbox.release(claim, { delayMs: this.retryDelayMs(claim.attempt) });
    } catch (err) {
      // The inbox could not be updated: the lease runs out and the item is run again.
      this.report(err, failure ? 'release' : 'complete', claim);
    }
    return { handedBack: true };
  }

  private async giveUp(claim: InboxClaim, reason: string): Promise<void> {
    try {
      if (await this.inbox.deadLetter(claim, reason)) {
        this.opts.onDeadLetter?.({ conversationId: claim.conversationId, item: claim.item, attempts: claim.attempt, reason, deadAt: Date.now() });
      }
    } catch (err) {
      this.report(err, 'deadLetter', claim);
    }
  }

  private report(err: unknown, stage: InboxWorkerStage, claim?: InboxClaim): void {
    this.opts.onError?.(err, { stage, conversationId: claim?.conversationId, itemId: claim?.item.id });
  }
}

/** The reason kept with a dead letter: the error's name and message, kept short. */
function describe(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
