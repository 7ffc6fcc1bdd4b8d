import { expect } from 'chai';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { KNOWN_EVENT_KINDS } from '../../src/schemas/events.js';
import { articleIdOf, type KnowledgeEvent, type UnknownKnowledgeEvent } from '../../src/webhook/knowledgeEvent.js';
import { CallCounter, newId, put, startHarness, type Harness, type StoreKind } from './webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

for (const kind of ['memory', 'redis', 'redis-cluster'] as StoreKind[]) {
  describe(`webhook receiver on the ${kind} store`, () => {
    let h: Harness;
    afterEach(() => h?.close());

    it('[W1] answers 204 No Content once the event is recorded, before any handler runs', async () => {
      h = await startHarness(kind); // consumer not started: nothing can have handled it
      const r = await put(h.url, { notificationId: newId(), eventType: 'article_created', articleId: 'KB-1001' });
      expect(r.status).to.equal(204);
      expect(r.body).to.equal(undefined);
      expect(await h.store.pendingCount()).to.equal(1);
      const seen: KnowledgeEvent[] = [];
      h.receiver.events.handle(h.receiver.events.all$, (e) => void seen.push(e));
      await h.receiver.start();
      await waitFor(() => seen.length === 1, 'the recorded event to be handled');
      await waitFor(async () => (await h.store.pendingCount()) === 0, 'the event to be acknowledged');
    });

    it('[W2] answers while a handler is still running (handlers run after the ack)', async () => {
      h = await startHarness(kind);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let started = false;
      let finished = false;
      h.receiver.events.on('article_published', async () => {
        started = true;
        await gate;
        finished = true;
      });
      await h.receiver.start();
      const r1 = await put(h.url, { notificationId: newId(), eventType: 'article_published', articleId: 'KB-1002' });
      expect(r1.status).to.equal(204);
      await waitFor(() => started, 'the handler to start');
      // The handler is blocked: another delivery is still answered at once.
      const r2 = await put(h.url, { notificationId: newId(), eventType: 'article_published', articleId: 'KB-1003' });
      expect(r2.status).to.equal(204);
      expect(finished).to.equal(false);
      release();
      await waitFor(() => finished, 'the handler to finish');
    });

    it('[W3] acknowledges a repeated notificationId with 204 and hands it to handlers once', async () => {
      h = await startHarness(kind);
      const calls = new CallCounter();
      h.receiver.events.on('article_deleted', calls.handler);
      await h.receiver.start();
      const id = newId();
      const body = { notificationId: id, eventType: 'article_deleted', articleId: 'KB-2001' };
      const answers = await Promise.all([put(h.url, body), put(h.url, body), put(h.url, body)]);
      answers.push(await put(h.url, body));
      expect(answers.map((a) => a.status)).to.deep.equal([204, 204, 204, 204]);
      // A later event, handled after the duplicates would have been: then count.
      const sentinel = newId();
      await put(h.url, { notificationId: sentinel, eventType: 'article_deleted', articleId: 'KB-2002' });
      await waitFor(() => calls.counts.has(sentinel), 'the sentinel event');
      expect(calls.counts.get(id)).to.equal(1);
      expect(await h.store.pendingCount()).to.be.lessThanOrEqual(1);
    });

    it('[W4] acknowledges unknown kinds; typed handlers ignore them, the catch-all stream shows them', async () => {
      h = await startHarness(kind);
      const typed = new CallCounter();
      h.receiver.events.on([...KNOWN_EVENT_KINDS], typed.handler);
      const unknown: UnknownKnowledgeEvent[] = [];
      h.receiver.events.onUnknown((e) => void unknown.push(e));
      await h.receiver.start();
      const ids = [newId(), newId()];
      expect((await put(h.url, { notificationId: ids[0], eventType: 'article_archived', articleId: 'KB-3001' })).status).to.equal(204);
      expect((await put(h.url, { notificationId: ids[1] })).status).to.equal(204);
      await waitFor(() => unknown.length === 2, 'two catch-all events');
      const byId = new Map(unknown.map((e) => [e.notificationId, e]));
      expect(byId.get(ids[0])).to.include({ kind: 'article_archived', reason: 'unknown-kind', known: false });
      expect(byId.get(ids[1])).to.include({ kind: undefined, reason: 'no-kind' });
      expect(typed.total()).to.equal(0);
      await waitFor(async () => (await h.store.pendingCount()) === 0, 'all acknowledged');
      expect(await h.store.deadLetterCount()).to.equal(0);
    });

    it('[R6] an event of a known kind with an oddly typed field stays known: typed handlers get the fields they know and the raw payload', async () => {
      h = await startHarness(kind);
      const typed: KnowledgeEvent[] = [];
      const unknown: UnknownKnowledgeEvent[] = [];
      h.receiver.events.on(['article_created'], (e) => void typed.push(e));
      h.receiver.events.onUnknown((e) => void unknown.push(e));
      await h.receiver.start();
      const id = newId();
      expect((await put(h.url, { notificationId: id, eventType: 'article_created', articleId: 42, title: ['not', 'text'] })).status).to.equal(204);
      await waitFor(() => typed.length === 1, 'the typed event');
      const e = typed[0]!;
      expect(e.known).to.equal(true);
      if (!e.known) return;
      expect(e.raw).to.include({ articleId: 42 });
      expect(e.payload).to.not.have.property('articleId');
      expect(articleIdOf(e)).to.equal('42');
      expect(unknown).to.deep.equal([]);
    });

    it('[W5] accepts and keeps unknown fields, top level and nested', async () => {
      h = await startHarness(kind);
      const seen: KnowledgeEvent[] = [];
      h.receiver.events.handle(h.receiver.events.all$, (e) => void seen.push(e));
      await h.receiver.start();
      const body = { notificationId: 12345, eventType: 'article_moved', articleId: 'KB-4001', folderId: 'F-2', brandNew: { deep: [1, 2] }, tenantId: 't-1' };
      expect((await put(h.url, body)).status).to.equal(204);
      await waitFor(() => seen.length === 1, 'the event');
      const e = seen[0]!;
      expect(e.notificationId).to.equal('12345');
      expect(e.envelope).to.deep.include({ brandNew: { deep: [1, 2] }, tenantId: 't-1' });
      expect(e.known && e.kind === 'article_moved' && e.payload).to.deep.include({ articleId: 'KB-4001', folderId: 'F-2', brandNew: { deep: [1, 2] } });
    });

    it('[W8] types the eleven known kinds; the payload is the `payload` object when there is one', async () => {
      h = await startHarness(kind);
      const seen: KnowledgeEvent[] = [];
      h.receiver.events.handle(h.receiver.events.known$, (e) => void seen.push(e));
      const dates: string[] = [];
      h.receiver.events.on(['article_availability_date_reached', 'article_expiration_date_reached'], (e) => {
        // One payload shape for both (the type checker agrees: these fields exist on both).
        dates.push(`${e.kind}:${e.payload.availabilityDate ?? ''}:${e.payload.expirationDate ?? ''}`);
      });
      await h.receiver.start();
      for (const k of KNOWN_EVENT_KINDS) {
        const r = await put(h.url, { notificationId: newId(), eventType: k, payload: { articleId: 'KB-5001', articleTypeId: '7', installationName: 'main', availabilityDate: '2030-01-01', expirationDate: '2031-01-01' } });
        expect(r.status).to.equal(204);
      }
      await waitFor(() => seen.length === KNOWN_EVENT_KINDS.length, 'one event of each kind');
      expect(seen.map((e) => e.kind).sort()).to.deep.equal([...KNOWN_EVENT_KINDS].sort());
      for (const e of seen) expect(e.payload).to.include({ articleId: 'KB-5001' });
      await waitFor(() => dates.length === 2, 'the two date events');
      expect(dates.sort()).to.deep.equal(['article_availability_date_reached:2030-01-01:2031-01-01', 'article_expiration_date_reached:2030-01-01:2031-01-01']);
    });

    it('[E1] refuses a malformed body with 400 and an error body, a large one with 413', async () => {
      h = await startHarness(kind, { bodyLimitBytes: 512 });
      for (const bad of ['{not json', '[1,2]', '"text"', JSON.stringify({ eventType: 'article_created' }), JSON.stringify({ notificationId: '' }), '']) {
        const r = await put(h.url, bad);
        expect(r.status, bad).to.equal(400);
        expect(isErrorBodyFor(400, r.body), bad).to.equal(true);
      }
      const missing = await put(h.url, { eventType: 'article_created' });
      expect((missing.body as { code: string }).code).to.equal('400-112');
      const large = await put(h.url, { notificationId: newId(), filler: 'x'.repeat(600) });
      expect(large.status).to.equal(413);
      expect(isErrorBodyFor(413, large.body)).to.equal(true);
      expect(await h.store.pendingCount()).to.equal(0);
    });
  });
}
