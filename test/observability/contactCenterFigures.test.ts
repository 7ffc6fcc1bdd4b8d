import { expect } from 'chai';
import { ContactCenterFigures, MemoryFiguresStore, summarizeFigures, type FiguresStore } from '../../src/observability/contactCenterFigures.js';
import { RedisFiguresStore } from '../../src/observability/redisFiguresStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { figuresOfTurn } from '../../bots/guidedHelpFigures.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';

const T0 = Date.UTC(2026, 10, 25, 8, 0, 0);
const MIN = 60_000;

describe('contact-center figures', () => {
  describe('on Redis, shared by replicas', () => {
    let a: RedisConnection;
    let b: RedisConnection;
    let tenant: string;
    beforeEach(async () => {
      [a, b] = await Promise.all([createRedisConnection(), createRedisConnection()]);
      tenant = uniqueTenant('figures');
    });
    afterEach(async () => {
      await deleteTenantKeys(a, tenant);
      await Promise.all([closeRedisConnection(a), closeRedisConnection(b)]);
    });

    it('[O5] counts what each replica saw under the topic the conversation started on, with the containment rate', async () => {
      let now = T0;
      const replica1 = new ContactCenterFigures({ store: new RedisFiguresStore(a, tenant), now: () => now });
      const replica2 = new ContactCenterFigures({ store: new RedisFiguresStore(b, tenant), now: () => now });
      await replica1.started('c1', 'printers');
      await replica1.started('c2', 'printers');
      await replica2.started('c3', 'internet');
      await replica2.started('c4', 'internet');
      now += 2 * MIN;
      await replica2.count('c1', 'rejected'); // the next turn of c1 ran on the other replica
      await replica2.count('c1', 'solved');
      await replica1.handover('c2', 'started');
      await replica2.handover('c2', 'answered');
      await replica1.handover('c3', 'started');
      await replica1.handover('c3', 'timed_out');
      now += 10 * MIN; // a later window
      await replica2.count('c4', 'abandoned');
      await replica1.count('never-started', 'abandoned');

      const report = await replica1.report(T0, T0 + 60 * MIN);
      const printers = report.topics.find((t) => t.topic === 'printers')!;
      expect(printers).to.deep.include({ started: 2, solved: 1, rejected: 1, handedOver: 1, abandoned: 0, containmentRate: 0.5 });
      expect(printers.handoverOutcomes).to.deep.equal({ answered: 1 });
      const internet = report.topics.find((t) => t.topic === 'internet')!;
      expect(internet).to.deep.include({ started: 2, solved: 0, handedOver: 1, abandoned: 1, containmentRate: 0 });
      expect(internet.handoverOutcomes).to.deep.equal({ timed_out: 1 });
      expect(report.topics.find((t) => t.topic === '(none)')).to.deep.include({ started: 0, abandoned: 1 });
      expect(report.topics.find((t) => t.topic === '(none)')!.containmentRate).to.equal(undefined);
      expect(report.total).to.deep.include({ started: 4, solved: 1, abandoned: 2, containmentRate: 0.25 });
      expect(report.windows.map((w) => w.windowStart)).to.deep.equal([T0, T0 + 10 * MIN]);
      expect(report.windows[0].figures).to.deep.include({ started: 4, solved: 1 });

      // The period picks whole windows by their start.
      const later = await replica2.report(T0 + 10 * MIN, T0 + 60 * MIN);
      expect(later.total).to.deep.include({ started: 0, abandoned: 2 });
      expect((await replica2.report(T0 - 60 * MIN, T0)).topics).to.deep.equal([]);
    });
  });

  it('[O5] in memory: the same figures for one process', async () => {
    let now = T0;
    const counted: string[] = [];
    const figures = new ContactCenterFigures({ store: new MemoryFiguresStore(), now: () => now, onCount: (topic, figure) => counted.push(`${topic} ${figure}`) });
    await figures.started('c1', 'printers');
    now += 6 * MIN;
    await figures.count('c1', 'solved');
    const report = await figures.report(T0, T0 + 10 * MIN);
    expect(report.total).to.deep.include({ started: 1, solved: 1, containmentRate: 1 });
    expect(report.windows.map((w) => w.windowStart)).to.deep.equal([T0, T0 + 5 * MIN]);
    expect(counted).to.deep.equal(['printers started', 'printers solved']);
  });

  it('[O5] a counter that cannot be written never fails the turn; it is reported', async () => {
    const broken: FiguresStore = {
      add: () => Promise.reject(new Error('redis down')),
      rememberTopic: () => Promise.reject(new Error('redis down')),
      topicOf: () => Promise.reject(new Error('redis down')),
      read: () => Promise.resolve([]),
    };
    const errors: unknown[] = [];
    const figures = new ContactCenterFigures({ store: broken, onError: (err) => errors.push(err) });
    await figures.started('c1', 'printers');
    await figures.count('c1', 'solved');
    await figures.handover('c1', 'failed');
    expect(errors).to.have.length(3);
  });

  it('[O5] a guided-help turn counts solved, rejected and abandoned from its outputs', () => {
    const summary = { answers: [], tried: [], lang: 'en-US', transcriptId: 'c' } as never;
    expect(figuresOfTurn([{ type: 'end', reason: 'solved' }])).to.deep.equal(['solved']);
    expect(figuresOfTurn([{ type: 'end', reason: 'inactivity' }])).to.deep.equal(['abandoned']);
    expect(figuresOfTurn([{ type: 'say', key: 'rejectedNext' }, { type: 'askMore' }])).to.deep.equal(['rejected']);
    expect(figuresOfTurn([{ type: 'escalate', reason: 'rejectedClosed', summary }])).to.deep.equal(['rejected']);
    expect(figuresOfTurn([{ type: 'escalate', reason: 'customer', summary }, { type: 'say', key: 'reminder' }])).to.deep.equal([]);
  });

  it('[O5] containment is solved over started, per topic and in total; topics by conversations started', () => {
    const r = summarizeFigures([
      { windowStart: T0, topic: 'b', figure: 'started', count: 4 },
      { windowStart: T0, topic: 'b', figure: 'solved', count: 3 },
      { windowStart: T0, topic: 'a', figure: 'started', count: 1 },
      { windowStart: T0, topic: 'a', figure: 'handover', count: 1 },
      { windowStart: T0, topic: 'a', figure: 'handover.fell_back', count: 1 },
    ]);
    expect(r.topics.map((t) => [t.topic, t.containmentRate])).to.deep.equal([['b', 0.75], ['a', 0]]);
    expect(r.total).to.deep.include({ started: 5, solved: 3, handedOver: 1, containmentRate: 0.6 });
    expect(r.total.handoverOutcomes).to.deep.equal({ fell_back: 1 });
  });
});
