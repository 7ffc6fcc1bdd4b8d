import { expect } from 'chai';
import { Subject } from 'rxjs';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { MemoryArticleStateStore, type ArticleStateStore } from '../../src/webhook/articleStateStore.js';
import { DeletedArticles, type ArticleStateChange } from '../../src/webhook/deletedArticles.js';
import { articleIdOf, type KnowledgeEvent } from '../../src/webhook/knowledgeEvent.js';
import { latestWins } from '../../src/webhook/latestWins.js';
import { RedisArticleStateStore } from '../../src/webhook/redisArticleStateStore.js';
import { deleteTenantKeys } from '../storage/redisTestTenant.js';
import { newId, put, startHarness, type Harness, type StoreKind } from './webhookHarness.js';
import { waitFor } from '../support/waitFor.js';

describe('latestWins', () => {
  const ev = (key: string | undefined, time?: string) => ({ key, time: time === undefined ? undefined : new Date(time) });

  it('[W6] drops an event older than the newest seen for its key, and lets the rest through', () => {
    const src = new Subject<ReturnType<typeof ev>>();
    const out: ReturnType<typeof ev>[] = [];
    src.pipe(latestWins((e) => e.key)).subscribe((e) => out.push(e));
    const events = [
      ev('A', '2025-01-01T10:00:02Z'),
      ev('A', '2025-01-01T10:00:01Z'), // older, late: dropped
      ev('B', '2025-01-01T10:00:00Z'), // another key: kept
      ev('A', '2025-01-01T10:00:02Z'), // same time: kept
      ev('A'), // no time: nothing to compare, kept
      ev(undefined, '2000-01-01T00:00:00Z'), // no key: kept
      ev('A', '2025-01-01T10:00:03Z'),
    ];
    for (const e of events) src.next(e);
    expect(out).to.deep.equal([events[0], events[2], events[3], events[4], events[5], events[6]]);
  });

  it('[W6] keeps its memory per subscription and bounded', () => {
    const src = new Subject<ReturnType<typeof ev>>();
    const out: string[] = [];
    src.pipe(latestWins((e) => e.key, { maxKeys: 1 })).subscribe((e) => out.push(`${e.key}@${e.time?.toISOString()}`));
    src.next(ev('A', '2025-01-01T00:00:05Z'));
    src.next(ev('B', '2025-01-01T00:00:05Z')); // A forgotten
    src.next(ev('A', '2025-01-01T00:00:01Z')); // nothing remembered for A any more: passes
    expect(out).to.have.length(3);
  });
});

for (const kind of ['memory', 'redis'] as StoreKind[]) {
  describe(`out-of-order events over HTTP, ${kind} store`, () => {
    let h: Harness;
    let redis: RedisConnection | undefined;
    let stateStore: ArticleStateStore;
    beforeEach(async () => {
      h = await startHarness(kind);
      if (kind === 'redis') {
        redis = await createRedisConnection();
        stateStore = new RedisArticleStateStore({ client: redis, tenant: h.tenant });
      } else stateStore = new MemoryArticleStateStore();
    });
    afterEach(async () => {
      await h.close();
      if (redis) {
        await deleteTenantKeys(redis, h.tenant);
        await closeRedisConnection(redis);
        redis = undefined;
      }
    });

    it('[W6] a late, older event never undoes a newer one (latestWins handler, DeletedArticles)', async () => {
      const deleted = new DeletedArticles({ store: stateStore });
      deleted.track(h.receiver.events);
      const changes: ArticleStateChange[] = [];
      deleted.changes$.subscribe((c) => changes.push(c));
      const titles: string[] = [];
      h.receiver.events.handle(
        h.receiver.events.ofKind('article_published').pipe(latestWins((e: KnowledgeEvent) => articleIdOf(e))),
        (e) => void titles.push(String(e.payload.title)),
      );
      await h.receiver.start();
      const send = async (eventType: string, articleId: string, eventTime: string, extra: Record<string, unknown> = {}) => {
        const id = newId();
        expect((await put(h.url, { notificationId: id, eventType, articleId, eventTime, ...extra })).status).to.equal(204);
        return id;
      };
      // Arrival order: newest first.
      const sent = [
        await send('article_published', 'KB-8001', '2025-03-01T10:00:05Z', { title: 'v2' }),
        await send('article_deleted', 'KB-8002', '2025-03-01T10:00:05Z'),
        await send('article_published', 'KB-8002', '2025-03-01T10:00:01Z', { title: 'old' }),
        await send('article_deleted', 'KB-8003', '2025-03-01T10:00:01Z'),
        await send('article_published', 'KB-8003', '2025-03-01T10:00:05Z', { title: 'back' }),
      ];
      await waitFor(async () => (await h.store.pendingCount()) === 0 && titles.length >= 2, 'all events handled');
      await send('article_published', 'KB-8001', '2025-03-01T10:00:01Z', { title: 'v1' });
      await waitFor(async () => (await h.store.pendingCount()) === 0, 'the late event handled');
      expect(new Set(sent).size).to.equal(5);
      // KB-8002: deleted at :05, the publication of :01 is older: still deleted.
      expect(await deleted.has('KB-8002')).to.equal(true);
      // KB-8003: deleted at :01, republished at :05: live.
      expect(await deleted.has('KB-8003')).to.equal(false);
      expect(await deleted.has('KB-8001')).to.equal(false);
      expect([...(await deleted.deletedAmong(['KB-8001', 'KB-8002', 'KB-8003', 'KB-9999']))]).to.deep.equal(['KB-8002']);
      // The publication handler never saw v1 after v2.
      expect(titles).to.not.include('v1');
      expect(titles).to.include('v2');
      expect(changes.filter((c) => c.articleId === 'KB-8002').map((c) => c.deleted)).to.deep.equal([true]);
    });

    it('[W6] the same outcome whatever the arrival order, also for expiry and availability', async () => {
      const deleted = new DeletedArticles({ store: stateStore });
      deleted.track(h.receiver.events);
      await h.receiver.start();
      const events = [
        { eventType: 'article_created', articleId: 'KB-8101', eventTime: '2025-04-01T00:00:00Z' },
        { eventType: 'article_expiration_date_reached', articleId: 'KB-8101', eventTime: '2025-05-01T00:00:00Z' },
        { eventType: 'article_availability_date_reached', articleId: 'KB-8102', eventTime: '2025-05-01T00:00:00Z' },
        { eventType: 'article_deleted', articleId: 'KB-8102', eventTime: '2025-04-01T00:00:00Z' },
      ];
      for (const e of [...events].reverse()) expect((await put(h.url, { notificationId: newId(), ...e })).status).to.equal(204);
      await waitFor(async () => (await h.store.pendingCount()) === 0, 'all events handled');
      expect(await deleted.has('KB-8101')).to.equal(true); // expired last
      expect(await deleted.has('KB-8102')).to.equal(false); // available after its deletion
    });
  });
}
