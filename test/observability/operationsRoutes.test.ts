import { expect } from 'chai';
import { createClient } from 'redis';
import { createJsonServer, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { createMetrics, type HubbotMetrics } from '../../src/observability/metrics.js';
import { redisReadinessCheck, registerOperationsRoutes, type ReadinessCheck } from '../../src/observability/operationsRoutes.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';

async function startOps(checks: ReadinessCheck[], metrics?: HubbotMetrics): Promise<{ app: JsonServer; base: string }> {
  const app = createJsonServer({ name: 'ops-test' });
  registerOperationsRoutes(app, { checks, metrics, checkTimeoutMs: 200 });
  return { app, base: await app.listen() };
}

describe('server: operations endpoints', () => {
  const running: JsonServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((a) => a.close()));
  });
  const start = async (checks: ReadinessCheck[], metrics?: HubbotMetrics) => {
    const s = await startOps(checks, metrics);
    running.push(s.app);
    return s.base;
  };

  it('answers /healthz while the process is up', async () => {
    const base = await start([async () => { throw new Error('not consulted'); }]);
    const r = await fetch(`${base}/healthz`);
    expect(r.status).to.equal(200);
    expect(await r.json()).to.deep.equal({ status: 'ok' });
  });

  it('answers /readyz 200 when every check passes (real Redis ping)', async () => {
    const client = createClient({ url: 'redis://127.0.0.1:6379' });
    await client.connect();
    try {
      const base = await start([redisReadinessCheck(client), async function queue() {}]);
      const r = await fetch(`${base}/readyz`);
      expect(r.status).to.equal(200);
      expect(await r.json()).to.deep.equal({ status: 'ready', checks: [{ name: 'redis', status: 'ok' }, { name: 'queue', status: 'ok' }] });
    } finally {
      await client.close();
    }
  });

  it('[E1] answers /readyz 503 with an error body when the Redis client is not connected, without the error text', async () => {
    const client = createClient({ url: 'redis://:hunter2-password@127.0.0.1:6379' });
    client.on('error', () => {});
    // Never connected: every command fails, as after a lost connection.
    const base = await start([redisReadinessCheck(client)]);
    const r = await fetch(`${base}/readyz`);
    expect(r.status).to.equal(503);
    const text = await r.text();
    const body = JSON.parse(text);
    expect(isErrorBodyFor(503, body)).to.equal(true);
    expect(body.code).to.equal('503-100');
    expect(body.details).to.deep.equal([{ key: 'redis', value: 'failed' }]);
    expect(text).to.not.contain('hunter2');
  });

  it('[E1] answers /readyz 503 when a check throws or hangs past its time limit', async () => {
    const never = { name: 'stuck', check: () => new Promise<void>(() => {}) };
    const base = await start([async function ok() {}, async function broken() { throw new Error('boom'); }, never]);
    const r = await fetch(`${base}/readyz`);
    expect(r.status).to.equal(503);
    const body = await r.json();
    expect(body.details).to.deep.equal([{ key: 'broken', value: 'failed' }, { key: 'stuck', value: 'failed' }]);
  });

  it('exposes the named metrics on /metrics in the Prometheus text format', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.callbacks.inc({ outcome: 'accepted' });
    metrics.callbacks.inc({ outcome: 'accepted' });
    metrics.callbacks.inc({ outcome: 'unauthorized' });
    metrics.turns.inc({ outcome: 'ok' });
    metrics.sends.inc({ outcome: 'ok' }, 3);
    metrics.platform429.inc();
    metrics.tokenRefreshes.inc();
    metrics.tokenFailures.inc({ status: '401' });
    metrics.webhookEvents.inc({ outcome: 'duplicate' });
    let inboxDepth = 7;
    metrics.observeQueueDepth('inbox', () => inboxDepth);
    metrics.observeQueueDepth('outbox', async () => 2);
    metrics.observeQueueDepth('broken', async () => { throw new Error('redis down'); });
    metrics.observeDeadLetters('outbox', () => 1);
    const base = await start([], metrics);

    const r = await fetch(`${base}/metrics`);
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.match(/^text\/plain/);
    const text = await r.text();
    for (const line of [
      'hubbot_callbacks_total{outcome="accepted"} 2',
      'hubbot_callbacks_total{outcome="unauthorized"} 1',
      'hubbot_turns_total{outcome="ok"} 1',
      'hubbot_sends_total{outcome="ok"} 3',
      'hubbot_platform_429_total 1',
      'hubbot_token_refreshes_total 1',
      'hubbot_token_failures_total{status="401"} 1',
      'hubbot_webhook_events_total{outcome="duplicate"} 1',
      'hubbot_queue_depth{queue="inbox"} 7',
      'hubbot_queue_depth{queue="outbox"} 2',
      'hubbot_dead_letters{queue="outbox"} 1',
    ]) expect(text).to.contain(line);
    expect(text).to.not.contain('queue="broken"');

    // Gauges are read at each scrape.
    inboxDepth = 0;
    expect(await (await fetch(`${base}/metrics`)).text()).to.contain('hubbot_queue_depth{queue="inbox"} 0');
  });

  it('keeps one registry per bot instance, so several bots in one process do not share counts', async () => {
    const a = createMetrics({ defaultMetrics: false });
    const b = createMetrics({ defaultMetrics: false });
    a.turns.inc({ outcome: 'ok' });
    expect(await a.registry.getSingleMetricAsString('hubbot_turns_total')).to.contain('hubbot_turns_total{outcome="ok"} 1');
    expect(await b.registry.getSingleMetricAsString('hubbot_turns_total')).to.not.contain('outcome="ok"');
  });

  it('stops reading a queue once it is no longer observed', async () => {
    const m = createMetrics({ defaultMetrics: false });
    const stop = m.observeQueueDepth('inbox', () => 5);
    expect(await m.registry.getSingleMetricAsString('hubbot_queue_depth')).to.contain('queue="inbox"');
    stop();
    expect(await m.registry.getSingleMetricAsString('hubbot_queue_depth')).to.not.contain('queue="inbox"');
  });

  it('adds process metrics by default', async () => {
    const m = createMetrics();
    expect(await m.registry.metrics()).to.contain('process_cpu_user_seconds_total');
  });
});
