/**
 * A turn's writes that may wait (its transcript) are held by the worker and made in the same
 * tick as the inbox step that ends the turn (InboxTurn.withStep): on Redis they share its round
 * trip. Never later than the step, and never lost: made when the turn failed after them, when
 * the step itself fails, and at once when given after the step.
 */
import { expect } from 'chai';
import type { CompleteOptions, CompleteResult, InboxClaim, ReleaseOptions } from '../../../src/adapter/inbox/inbox.js';
import { InboxWorker, type InboxTurn } from '../../../src/adapter/inbox/inboxWorker.js';
import { MemoryInbox } from '../../../src/adapter/inbox/memoryInbox.js';
import { waitFor } from '../../support/waitFor.js';

const item = (id: string) => ({ id, payload: { text: id }, receivedAt: Date.now() });

/** A memory inbox that says it sends the commands of one tick together, and notes its steps. */
class TickInbox extends MemoryInbox {
  readonly batchesSameTick = true;
  readonly steps: string[] = [];
  /** Set by a held write: whether a later tick has begun since (setImmediate ran). */
  private writtenAt?: { laterTick: boolean };
  failComplete = false;

  written(): void {
    const at = { laterTick: false };
    setImmediate(() => (at.laterTick = true));
    this.writtenAt = at;
    this.steps.push('write');
  }

  private step(name: string): void {
    this.steps.push(this.writtenAt && !this.writtenAt.laterTick ? `${name} (same tick)` : name);
  }

  override complete(claim: InboxClaim, opts?: CompleteOptions): Promise<CompleteResult> {
    this.step('complete');
    if (this.failComplete) return Promise.reject(new Error('redis went away'));
    return super.complete(claim, opts);
  }

  override release(claim: InboxClaim, opts?: ReleaseOptions): Promise<boolean> {
    this.step('release');
    return super.release(claim, opts);
  }
}

describe('inbox worker: writes held for the inbox step (InboxTurn.withStep)', function () {
  this.timeout(5000);
  let worker: InboxWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  function run(inbox: TickInbox, handler: (turn: InboxTurn) => Promise<void>): void {
    worker = new InboxWorker(inbox, (_c, _i, turn) => handler(turn), { pollIntervalMs: 20, retryDelayMs: () => 10_000, onError: () => undefined });
    worker.start();
  }

  it('[H4] a write given during the turn is made after it, in the same tick as the complete', async () => {
    const inbox = new TickInbox();
    run(inbox, async (turn) => {
      turn.withStep!(() => inbox.written());
      await new Promise((r) => setTimeout(r, 20));
      inbox.steps.push('turn ends');
    });
    await inbox.append('conv-1', item('m1'));
    await waitFor(() => inbox.steps.length >= 3, 'the complete');
    expect(inbox.steps).to.deep.equal(['turn ends', 'write', 'complete (same tick)']);
    expect(await inbox.depth()).to.equal(0);
  });

  it('[H4] a turn that fails after its write still makes it, with the release; a failed complete does not lose it', async () => {
    const failing = new TickInbox();
    run(failing, async (turn) => {
      turn.withStep!(() => failing.written());
      throw new Error('the reply could not be delivered');
    });
    await failing.append('conv-2', item('m2'));
    await waitFor(() => failing.steps.length >= 2, 'the release');
    expect(failing.steps).to.deep.equal(['write', 'release (same tick)']);
    await worker!.stop();

    const lost = new TickInbox();
    lost.failComplete = true;
    run(lost, async (turn) => turn.withStep!(() => lost.written()));
    await lost.append('conv-3', item('m3'));
    await waitFor(() => lost.steps.length >= 2, 'the complete');
    expect(lost.steps).to.deep.equal(['write', 'complete (same tick)']);
  });

  it('a write given after the step is made at once; an inbox that does not batch gives no withStep', async () => {
    const inbox = new TickInbox();
    let late: ((write: () => void) => void) | undefined;
    run(inbox, async (turn) => {
      late = turn.withStep;
    });
    await inbox.append('conv-4', item('m4'));
    await waitFor(() => inbox.steps.includes('complete'), 'the complete');
    let made = false;
    late!(() => (made = true));
    expect(made).to.equal(true);
    await worker!.stop();

    const plain = new MemoryInbox();
    let given: InboxTurn | undefined;
    worker = new InboxWorker(plain, async (_c, _i, turn) => void (given = turn), { pollIntervalMs: 20 });
    worker.start();
    await plain.append('conv-5', item('m5'));
    await waitFor(() => given !== undefined, 'the turn');
    expect(given!.withStep).to.equal(undefined);
  });
});
