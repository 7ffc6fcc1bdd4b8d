import { expect } from 'chai';
import { delay } from 'rxjs';
import { eventEnvelopeSchema } from '../../src/schemas/events.js';
import { payloadSourceOf, toKnowledgeEvent, type KnowledgeEvent } from '../../src/webhook/knowledgeEvent.js';
import { KnowledgeEvents } from '../../src/webhook/knowledgeEvents.js';

const envelope = (body: Record<string, unknown>) => eventEnvelopeSchema.parse(body) as KnowledgeEvent['envelope'];
const at = new Date('2025-01-01T00:00:00Z');

describe('knowledge events: shapes and dispatch', () => {
  it('[W8] reads the payload from `payload`, else `data`, else the envelope itself; the kind may sit in the payload', () => {
    expect(payloadSourceOf({ notificationId: '1', payload: { a: 1 }, data: { b: 2 } })).to.deep.equal({ a: 1 });
    expect(payloadSourceOf({ notificationId: '1', data: { b: 2 } })).to.deep.equal({ b: 2 });
    expect(payloadSourceOf({ notificationId: '1', payload: 'text', c: 3 })).to.deep.include({ c: 3 });
    const nested = toKnowledgeEvent(envelope({ notificationId: 'n', data: { eventType: 'article_moved', articleId: 'KB-1', eventTime: '2025-02-02T00:00:00Z' } }), at);
    expect(nested).to.include({ known: true, kind: 'article_moved' });
    expect(nested.time?.toISOString()).to.equal('2025-02-02T00:00:00.000Z');
    const custom = toKnowledgeEvent(envelope({ notificationId: 'n', kind: 'article_deleted' }), at, { kindFields: ['kind'] });
    expect(custom.kind).to.equal('article_deleted');
  });

  it('dispatch waits for tracked handlers and reports the ones that kept failing', async () => {
    const events = new KnowledgeEvents({ retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    const order: string[] = [];
    events.on('article_created', async () => {
      await new Promise((r) => setTimeout(r, 5));
      order.push('slow done');
    });
    events.on(['article_created', 'article_deleted'], function alwaysFails() {
      throw new Error('nope');
    });
    const failures = await events.dispatch(toKnowledgeEvent(envelope({ notificationId: 'n1', eventType: 'article_created' }), at));
    expect(order).to.deep.equal(['slow done']);
    expect(failures).to.deep.equal([{ handler: 'alwaysFails', attempts: 2, error: 'Error: nope' }]);
  });

  it('a handler reached later (after an async operator) still runs, untracked; unsubscribing stops a handler', async () => {
    const events = new KnowledgeEvents();
    const seen: string[] = [];
    events.handle(events.all$.pipe(delay(1)), (e) => void seen.push(`late:${e.notificationId}`));
    const sub = events.on('article_moved', (e) => void seen.push(`on:${e.notificationId}`));
    expect(await events.dispatch(toKnowledgeEvent(envelope({ notificationId: 'a', eventType: 'article_moved' }), at))).to.deep.equal([]);
    sub.unsubscribe();
    await events.dispatch(toKnowledgeEvent(envelope({ notificationId: 'b', eventType: 'article_moved' }), at));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.sort()).to.deep.equal(['late:a', 'late:b', 'on:a']);
  });
});
