/**
 * The worker says how long each item waited in the inbox (from its recording, or its due time
 * for a scheduled one, to its turn's start) and how long its turn took: the first two stages of
 * a reply's latency (hubbot_inbox_wait_seconds, hubbot_turn_seconds). Only Date is faked, so
 * the worker's own timers run; the handler moves the clock to stand for the turn's work.
 */
import { expect } from 'chai';
import sinon from 'sinon';
import { MemoryInbox } from '../../../src/adapter/inbox/memoryInbox.js';
import { InboxWorker } from '../../../src/adapter/inbox/inboxWorker.js';
import { waitFor } from '../../support/waitFor.js';

describe('inbox worker: turn timings', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 100_000, toFake: ['Date'] })));
  afterEach(() => clock.restore());

  it('reports the wait from recording (or due time) to the turn, and the turn, once per turn', async () => {
    const inbox = new MemoryInbox();
    const timings: { waitMs: number; turnMs: number; attempt: number }[] = [];
    const worker = new InboxWorker(
      inbox,
      async (_id, item) => {
        clock.tick(item.id === 'm1' ? 250 : 40);
      },
      { onTurnTimed: (t) => timings.push(t) },
    );
    // Recorded 6 s ago, while no worker ran (a replica restarting).
    await inbox.append('c1', { id: 'm1', payload: {}, receivedAt: 94_000 });
    // A deadline recorded long ago, due 2 s ago: its wait counts from when it fell due.
    await inbox.schedule('c2', 'reminder', { id: 'd1', kind: 'deadline', payload: {}, receivedAt: 10_000, notBefore: 98_000 });
    worker.start();
    await waitFor(() => timings.length === 2, 'two turns');
    await worker.stop();
    const byTurn = timings.sort((a, b) => b.turnMs - a.turnMs);
    expect(byTurn[0]).to.deep.equal({ waitMs: 6000, turnMs: 250, attempt: 1 });
    expect(byTurn[1].turnMs).to.equal(40);
    expect(byTurn[1].waitMs).to.be.within(2000, 2250);
  });
});
