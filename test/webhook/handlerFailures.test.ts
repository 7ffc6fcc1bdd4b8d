import { expect } from 'chai';
import { registerOperationsRoutes } from '../../src/observability/operationsRoutes.js';
import { createMetrics } from '../../src/observability/metrics.js';
import { CallCounter, newId, put, startHarness, type Harness, type StoreKind } from './webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

async function metricsText(base: string): Promise<string> {
  return (await fetch(`${base}/metrics`)).text();
}

function metricValue(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

for (const kind of ['memory', 'redis'] as StoreKind[]) {
  describe(`webhook handlers that throw, on the ${kind} store`, () => {
    let h: Harness;
    afterEach(() => h?.close());

    it('retries a failing handler with backoff and acknowledges the event once it succeeds', async () => {
      h = await startHarness(kind);
      let calls = 0;
      h.receiver.events.on('article_created', () => {
        calls++;
        if (calls < 3) throw new Error('portal briefly unavailable');
      });
      await h.receiver.start();
      expect((await put(h.url, { notificationId: newId(), eventType: 'article_created', articleId: 'KB-7001' })).status).to.equal(204);
      await waitFor(async () => calls === 3 && (await h.store.pendingCount()) === 0, 'success on the third attempt');
      expect(await h.store.deadLetterCount()).to.equal(0);
    });

    it('parks an event whose handler keeps failing in the dead letters, visible on /metrics, and requeues it', async () => {
      const metrics = createMetrics({ defaultMetrics: false });
      h = await startHarness(kind, { metrics, register: (app) => registerOperationsRoutes(app, { metrics }) });
      let failing = true;
      const other = new CallCounter();
      const handled = new CallCounter();
      h.receiver.events.on('article_deleted', other.handler, { name: 'audit' });
      h.receiver.events.on(
        'article_deleted',
        (e) => {
          if (failing) throw new Error('search index down');
          handled.handler(e);
        },
        { name: 'reindex' },
      );
      await h.receiver.start();
      const id = newId();
      expect((await put(h.url, { notificationId: id, eventType: 'article_deleted', articleId: 'KB-7002' })).status).to.equal(204);
      await waitFor(async () => (await h.store.deadLetterCount()) === 1, 'the dead letter');
      expect(await h.store.pendingCount()).to.equal(0);
      const [letter] = await h.store.listDeadLetters();
      expect(letter!.notificationId).to.equal(id);
      expect(letter!.failures).to.deep.equal([{ handler: 'reindex', attempts: 3, error: 'Error: search index down' }]);
      expect(JSON.parse(letter!.body)).to.include({ articleId: 'KB-7002' });

      const text = await metricsText(h.base);
      expect(metricValue(text, 'hubbot_dead_letters', 'queue="webhook"')).to.equal(1);
      expect(metricValue(text, 'hubbot_webhook_events_total', 'outcome="accepted"')).to.equal(1);

      // A duplicate of a parked event is still a duplicate: it is not recorded again.
      expect((await put(h.url, { notificationId: id, eventType: 'article_deleted', articleId: 'KB-7002' })).status).to.equal(204);
      expect(metricValue(await metricsText(h.base), 'hubbot_webhook_events_total', 'outcome="duplicate"')).to.equal(1);

      failing = false;
      expect(await h.store.requeueDeadLetter(id)).to.equal(true);
      expect(await h.store.requeueDeadLetter(id)).to.equal(false);
      h.receiver.consumer.wake();
      await waitFor(() => handled.counts.get(id) === 1, 'the requeued event to be handled');
      await waitFor(async () => (await h.store.pendingCount()) === 0, 'the requeued event acknowledged');
      expect(metricValue(await metricsText(h.base), 'hubbot_dead_letters', 'queue="webhook"')).to.equal(0);
      // Handlers are at least once: the one that had succeeded ran again on the requeue.
      expect(other.counts.get(id)).to.equal(2);
    });
  });
}
