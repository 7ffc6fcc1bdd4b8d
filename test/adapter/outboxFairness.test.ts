/**
 * S15: a live conversation's replies do not wait behind a flood of other conversations'. A live
 * customer's conversation has one reply at a time, so its queue empties after each POST; the
 * outbox's ring remembers when it was last served, so its next reply goes before conversations
 * served since, instead of at the back of the ring.
 */
import { expect } from 'chai';
import { OutboxQueue, type OutboxEntry } from '../../src/adapter/outbox/outboxQueue.js';
import { ReplyClock } from '../../src/adapter/outbox/replyTiming.js';
import type { PipelineSpan } from '../../src/observability/traceContext.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';

const entry = (conversationId: string): OutboxEntry => ({
  conversationId,
  message: { type: { value: 'text' }, content: { text: conversationId } } as HubMessage,
  attempts: 0,
  settle: { resolve: () => undefined, reject: () => undefined },
  clock: new ReplyClock(),
  wait: {} as PipelineSpan,
});

/** One POST: takes a batch of 50, settles it (as the answer does). */
function post(queue: OutboxQueue): string[] {
  const ids = queue.takeBatch(50).map((e) => e.conversationId);
  queue.settle(ids);
  return ids;
}

describe('The outbox ring under a flood (S15)', () => {
  it('[S15] a live conversation whose queue emptied goes in the next batch of 50, ahead of 60 flooding conversations served since', () => {
    const queue = new OutboxQueue();
    const flood = Array.from({ length: 60 }, (_, i) => `dead-${i}`);
    queue.push(entry('live'));
    expect(post(queue)).to.deep.equal(['live']);
    for (let round = 0; round < 5; round++) {
      // Each flooding conversation's next reply is queued as soon as its last one left (one turn
      // after another); the live customer's comes later (they read the answer, then write).
      for (const id of flood) if (queue.depthOf(id) === 0) queue.push(entry(id));
      post(queue);
      for (const id of flood) if (queue.depthOf(id) === 0) queue.push(entry(id));
      queue.push(entry('live'));
      expect(post(queue), `round ${round}`).to.include('live');
    }
  });

  it('[S15] every flooding conversation still gets its turn: none waits more than two POSTs of 50 among 60', () => {
    const queue = new OutboxQueue();
    const flood = Array.from({ length: 60 }, (_, i) => `dead-${i}`);
    const lastServed = new Map<string, number>(flood.map((id) => [id, 0]));
    for (let n = 1; n <= 12; n++) {
      for (const id of flood) if (queue.depthOf(id) === 0) queue.push(entry(id));
      for (const id of post(queue)) lastServed.set(id, n);
      for (const [id, at] of lastServed) expect(n - at, id).to.be.at.most(2);
    }
  });

  it('[S15] new conversations enter behind the ones already queued, as before', () => {
    const queue = new OutboxQueue();
    for (const id of ['a', 'b']) queue.push(entry(id));
    queue.push(entry('c'));
    expect(queue.takeBatch(2).map((e) => e.conversationId)).to.deep.equal(['a', 'b']);
  });
});
