/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests; the schemas under test check their shape */
import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { eventEnvelopeSchema, EVENT_PAYLOAD_SCHEMAS, isKnownEventKind, KNOWN_EVENT_KINDS } from '../../../src/schemas/events.js';
import { startPortalFixture, type PortalFixture } from '../portal/portalFixture.js';
import { startWebhookTarget, type WebhookTarget } from './webhookTarget.js';

/** The 10 s timeout and 30 s interval scaled by 0.04: 400 ms and 1.2 s (room for a slow loopback answer). */
const TIME_SCALE = 0.04;

describe('emulator events: deliveries over HTTP (scaled clock)', () => {
  let f: PortalFixture;
  let target: WebhookTarget;
  let tenantSeq = 0;
  before(async () => {
    f = await startPortalFixture({ timeScale: TIME_SCALE });
    target = await startWebhookTarget();
  });
  after(async () => {
    await target.close();
    await f.stop();
  });

  /** A target for a fresh tenant, so each test sees only its own deliveries. */
  async function tenantWithTarget(path: string): Promise<string> {
    const tenantId = `tenant-${++tenantSeq}`;
    const r = await f.call('POST', '/emulator/events/targets', { body: { url: `${target.url}${path}`, tenantId } });
    expect(r.status).to.equal(201);
    return tenantId;
  }
  async function raise(tenantId: string, eventType = 'article_created', payload: Record<string, unknown> = { articleId: 'KB-10001' }) {
    const r = await f.call('POST', '/emulator/events/raise', { body: { eventType, payload, tenantId } });
    expect(r.status).to.equal(202);
    return r.body.notificationId as string;
  }
  async function deliveriesOf(notificationId: string) {
    await f.events.idle();
    return (await f.call('GET', `/emulator/events/deliveries?notificationId=${notificationId}`)).body.delivery as any[];
  }
  const statuses = (d: any) => d.attempts.map((a: any) => (a.result.kind === 'status' ? a.result.status : a.result.kind));
  const gaps = (path: string) => {
    const times = target.received.filter((r) => r.path === path).map((r) => r.at);
    return times.slice(1).map((t, i) => t - times[i]!);
  };
  const interval = 30_000 * TIME_SCALE;

  for (const code of [429, 502, 503]) {
    it(`[W9] retries a ${code} at most 3 times, 30 s (scaled) apart`, async () => {
      const path = `/status/${code}?t=${code}`;
      const id = await raise(await tenantWithTarget(path));
      const [d] = await deliveriesOf(id);
      expect(d.state).to.equal('exhausted');
      expect(statuses(d)).to.deep.equal([code, code, code, code]);
      for (const g of gaps(path)) expect(g).to.be.at.least(interval * 0.95);
    });
  }

  it('[W9] retries when no answer comes within the 10 s (scaled) read timeout', async () => {
    const id = await raise(await tenantWithTarget('/hang'));
    const [d] = await deliveriesOf(id);
    expect(d.state).to.equal('exhausted');
    expect(statuses(d)).to.deep.equal(['timeout', 'timeout', 'timeout', 'timeout']);
    for (const a of d.attempts) expect(a.durationMs).to.be.at.least(10_000 * TIME_SCALE * 0.95);
  });

  it('[W9] ends the delivery at the first 204, after retries when needed', async () => {
    const id = await raise(await tenantWithTarget('/flaky/503?t=ok'));
    const [d] = await deliveriesOf(id);
    expect(d.state).to.equal('delivered');
    expect(statuses(d)).to.deep.equal([503, 204]);
  });

  for (const code of [400, 500]) {
    it(`[W9] ends the delivery on ${code} without retrying`, async () => {
      const id = await raise(await tenantWithTarget(`/status/${code}?t=final`));
      const [d] = await deliveriesOf(id);
      expect(d.state).to.equal('ended');
      expect(statuses(d)).to.deep.equal([code]);
    });
  }

  it('delivers by PUT an envelope with notificationId, eventType, eventTime, tenantId and the payload fields', async () => {
    const path = '/status/204?t=envelope';
    const tenantId = await tenantWithTarget(path);
    const id = await raise(tenantId, 'article_published', { articleId: 'KB-10001', availabilityDate: '2025-01-01T00:00:00Z' });
    await deliveriesOf(id);
    const got = target.received.find((r) => r.path === path)!;
    expect(got.method).to.equal('PUT');
    expect(eventEnvelopeSchema.parse(got.body).notificationId).to.equal(id);
    expect(got.body).to.include({ eventType: 'article_published', tenantId, articleId: 'KB-10001', availabilityDate: '2025-01-01T00:00:00Z' });
    expect(new Date(got.body.eventTime).toISOString()).to.equal(got.body.eventTime);
  });

  it('raises all eleven kinds from portal changes, with payloads of their typed shape', async () => {
    const path = '/status/204?t=portal';
    const tenantId = await tenantWithTarget(path);
    const author = f.token({ id: 'writer' }, tenantId);
    const created = await f.call('POST', '/portals/KP-10001/suggestions', { token: author, body: { name: 'Fibre light codes', content: 'What the ONT lights mean', language: { code: 'en-US' } } });
    const sid = created.headers.get('location')!.split('/').pop();
    const approved = await f.call('PUT', `/emulator/portal/suggestions/${sid}/status`, { body: { status: 'approved' } });
    const articleId = approved.body.articleId as string;
    const admin = (method: string, path2: string, body?: unknown) => f.call(method, `/emulator/portal${path2}`, { body });
    await admin('POST', `/articles/${articleId}/move`, { folderId: '9' });
    await admin('POST', `/articles/${articleId}/dates-reached`, { which: 'availability' });
    await admin('POST', `/articles/${articleId}/dates-reached`, { which: 'expiration' });
    await admin('DELETE', `/articles/${articleId}`);
    const type = (await admin('POST', '/articletypes', { typeName: 'FAQ', tenantId })).body;
    await admin('PUT', `/articletypes/${type.articleTypeId}`, { typeName: 'Questions' });
    await admin('DELETE', `/articletypes/${type.articleTypeId}`);
    await admin('PUT', '/installationnames/main', { installationName: 'Main site', tenantId });
    await admin('PUT', '/installationnames/main', { installationName: 'Head office', tenantId });
    await admin('POST', '/releases/1012/publish', { tenantId });
    await f.events.idle();
    const bodies = target.received.filter((r) => r.path === path).map((r) => r.body);
    const kinds = bodies.map((b) => b.eventType);
    expect(kinds.filter(isKnownEventKind)).to.have.members([...KNOWN_EVENT_KINDS]);
    expect(kinds).to.include('casebase_release_published'); // a kind beyond the eleven (6.7)
    for (const b of bodies.filter((x) => isKnownEventKind(x.eventType))) EVENT_PAYLOAD_SCHEMAS[b.eventType as keyof typeof EVENT_PAYLOAD_SCHEMAS].parse(b);
    expect(bodies.find((b) => b.eventType === 'article_created')!.articleId).to.equal(articleId);
    expect(bodies.find((b) => b.eventType === 'article_moved')).to.include({ folderId: '9', previousFolderId: '1' });
    const released = await f.call('GET', '/portals/KP-10001/gh/casebasereleases/1012', { token: author });
    expect(released.body.casebase[0].status).to.equal('live'); // the vendor's list form of a release read by id (F1)
    await admin('POST', '/releases/1011/publish', { tenantId }); // put the sample back as it was
  });

  it('fault knob duplicate: each event arrives twice with the same notificationId', async () => {
    const path = '/status/204?t=dup';
    const tenantId = await tenantWithTarget(path);
    await f.call('PUT', '/emulator/events/faults', { body: { duplicate: true } });
    try {
      const id = await raise(tenantId);
      expect((await deliveriesOf(id)).map((d) => d.copy)).to.deep.equal([1, 2]);
      expect(target.received.filter((r) => r.path === path).map((r) => r.body.notificationId)).to.deep.equal([id, id]);
    } finally {
      await f.call('PUT', '/emulator/events/faults', { body: { duplicate: false } });
    }
  });

  it('fault knob outOfOrder: an event is held until the next one has gone', async () => {
    const path = '/status/204?t=order';
    const tenantId = await tenantWithTarget(path);
    await f.call('PUT', '/emulator/events/faults', { body: { outOfOrder: true, holdMs: 60_000 } });
    try {
      const first = await raise(tenantId, 'article_created');
      const second = await raise(tenantId, 'article_deleted');
      await f.events.idle();
      const order = target.received.filter((r) => r.path === path).map((r) => r.body.notificationId);
      expect(order).to.deep.equal([second, first]);
    } finally {
      await f.call('PUT', '/emulator/events/faults', { body: { outOfOrder: false } });
    }
  });

  it('[S4][F7] signs every attempt to a target registered with secrets (HMAC over timestamp and raw body, and the secret header); never lists the secrets, in the inspector\'s log either', async () => {
    const hmacSecret = 'emulator-target-hmac-secret-0123456789abcdef';
    const sharedSecret = 'emulator-target-shared-secret-0123';
    const path = '/flaky/503?t=signed';
    const tenantId = `tenant-${++tenantSeq}`;
    const added = await f.call('POST', '/emulator/events/targets', { body: { url: `${target.url}${path}`, tenantId, hmacSecret, sharedSecret, secretHeader: 'X-Hook-Key' } });
    expect(added.status).to.equal(201);
    expect(added.body).to.include({ signed: true, secretHeader: 'X-Hook-Key' });
    const listed = JSON.stringify((await f.call('GET', '/emulator/events/targets')).body);
    for (const s of [hmacSecret, sharedSecret]) {
      expect(JSON.stringify(added.body)).to.not.include(s);
      expect(listed).to.not.include(s);
    }
    const [d] = await deliveriesOf(await raise(tenantId));
    expect(statuses(d)).to.deep.equal([503, 204]);
    const attempts = target.received.filter((r) => r.path === path);
    expect(attempts).to.have.length(2);
    for (const a of attempts) {
      // Computed here from the documented scheme, apart from the emulator's code.
      const ts = String(a.headers['x-webhook-timestamp']);
      expect(ts).to.match(/^\d+$/);
      expect(Math.abs(Number(ts) - a.at / 1000)).to.be.at.most(5);
      expect(a.headers['x-webhook-signature']).to.equal(`sha256=${createHmac('sha256', hmacSecret).update(`${ts}.${a.raw}`).digest('hex')}`);
      expect(a.headers['x-hook-key']).to.equal(sharedSecret);
    }
    // [F7] The inspector lists both attempts with what was sent, neither secret in sight.
    const logged = ((await f.call('GET', '/emulator/calls?kind=webhookDelivery')).body.call as any[]).filter((e) => e.notificationId === d.notificationId);
    expect(logged.map((e) => [e.attempt, e.status])).to.deep.equal([[1, 503], [2, 204]]);
    expect(logged[0]).to.deep.include({ eventType: 'article_created', notificationId: d.notificationId });
    expect(logged[0].request).to.deep.include({ notificationId: d.notificationId, eventType: 'article_created' });
    expect(logged[0].requestHeaders).to.include({ 'x-hook-key': '[redacted]', 'content-type': 'application/json' });
    for (const s of [hmacSecret, sharedSecret]) expect(JSON.stringify(logged)).to.not.include(s);
  });

  it('sends no authentication headers to a target registered without secrets', async () => {
    const path = '/status/204?t=unsigned';
    await deliveriesOf(await raise(await tenantWithTarget(path)));
    const [a] = target.received.filter((r) => r.path === path);
    expect(a!.headers).to.not.have.any.keys('x-webhook-timestamp', 'x-webhook-signature', 'x-webhook-secret');
  });

  it('registers webhooks per tenant under the event manager base path with a bearer token', async () => {
    const t = f.emu.tokenFor({ tenant: 'eventmgr-tenant' });
    const r = await fetch(`${f.emu.url}/knowledge/eventmgr/v4/webhooks`, { method: 'POST', headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: `${target.url}/status/204?t=base` }) });
    expect(r.status).to.equal(201);
    const id = await raise('eventmgr-tenant');
    const [d] = await deliveriesOf(id);
    expect(d.state).to.equal('delivered');
    expect((await fetch(`${f.emu.url}/knowledge/eventmgr/v4/webhooks`)).status).to.equal(401);
  });
});
