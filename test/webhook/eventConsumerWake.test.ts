import { expect } from 'chai';
import { EventConsumer } from '../../src/webhook/eventConsumer.js';
import type { StoredEvent } from '../../src/webhook/eventStore.js';
import { KnowledgeEvents } from '../../src/webhook/knowledgeEvents.js';
import { MemoryEventStore } from '../../src/webhook/memoryEventStore.js';
import { newId } from './webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

/** A memory store that tells how many claims came back empty and with events. */
class CountingStore extends MemoryEventStore {
  readonly claims: number[] = [];
  override async claim(consumer: string, max: number): Promise<StoredEvent[]> {
    const batch = await super.claim(consumer, max);
    this.claims.push(batch.length);
    return batch;
  }
}

/** Lets every pending timer-free continuation run (no wall-clock wait). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

describe('event consumer wake-ups', () => {
  it('handles an event recorded while a batch runs, without a claim wasted on a stale wake-up', async () => {
    const store = new CountingStore();
    const events = new KnowledgeEvents();
    // A poll far longer than the test: every claim after the first comes from a wake-up.
    const consumer = new EventConsumer(store, events, { pollIntervalMs: 600_000 });
    const handled: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    events.on('article_created', async (e) => {
      handled.push(e.notificationId);
      if (handled.length === 1) await gate;
    });
    consumer.start();
    await settle();
    const record = async (id: string) => {
      await store.record(id, JSON.stringify({ notificationId: id, eventType: 'article_created' }), Date.now());
      consumer.wake(); // as the route does once the event is recorded
    };
    const [a, b] = [newId(), newId()];
    await record(a);
    await waitFor(() => handled.length === 1, 'the first event to reach its handler');
    await record(b); // recorded and woken for while the first batch is still running
    release();
    await waitFor(async () => handled.length === 2 && (await store.pendingCount()) === 0, 'the second event handled');
    await settle();
    expect(handled).to.deep.equal([a, b]);
    // start (empty), a, b, then one empty claim before idling; a stale wake-up made it two.
    expect(store.claims).to.deep.equal([0, 1, 1, 0]);
    await consumer.stop();
  });
});
