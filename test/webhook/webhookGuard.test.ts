import { expect } from 'chai';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { createJsonServer } from '../../src/httpServer/jsonServer.js';
import { registerWebhook } from '../../src/webhook/registerWebhook.js';
import { parseIpAllowlist } from '../../src/webhook/webhookGuard.js';
import { newId, put, startHarness, type Harness } from './webhookHarness.js';

const SECRET = 'a-shared-secret-of-some-length';

describe('webhook guard (signature, shared secret and IP allowlist)', () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('[S4] will not register without authentication; auth: \'none\' opens it to any caller', async () => {
    const app = createJsonServer({ name: 'webhook-guard-test' });
    // @ts-expect-error -- auth is required; a JavaScript caller may still leave it out
    expect(() => registerWebhook(app, {})).to.throw(RangeError, /auth: 'none'/);
    expect(() => registerWebhook(app, { auth: {} })).to.throw(RangeError, /hmacSecret, auth\.sharedSecret or auth\.ipAllowlist/);
    expect(() => registerWebhook(app, { auth: { ipAllowlist: [] } })).to.throw(RangeError);
    h = await startHarness('memory', { auth: 'none' });
    expect((await put(h.url, { notificationId: newId() })).status).to.equal(204);
  });

  it('refuses a missing or wrong shared secret with 401 and an error body that does not echo it', async () => {
    h = await startHarness('memory', { auth: { sharedSecret: SECRET, secretHeader: 'X-Hub-Secret' } });
    const missing = await put(h.url, { notificationId: newId() });
    expect(missing.status).to.equal(401);
    expect(isErrorBodyFor(401, missing.body)).to.equal(true);
    expect((missing.body as { code: string }).code).to.equal('401-107');
    const wrong = await put(h.url, { notificationId: newId() }, { 'x-hub-secret': `${SECRET}x` });
    expect(wrong.status).to.equal(401);
    expect(JSON.stringify(wrong.body)).to.not.include(SECRET);
    // Refused before the body is read: a malformed body is still 401, and nothing is recorded.
    expect((await put(h.url, '{broken')).status).to.equal(401);
    expect(await h.store.pendingCount()).to.equal(0);
    expect((await put(h.url, { notificationId: newId() }, { 'x-hub-secret': SECRET })).status).to.equal(204);
  });

  it('refuses an address outside the allowlist with 403 and accepts one inside', async () => {
    h = await startHarness('memory', { auth: { ipAllowlist: ['10.0.0.0/8', 'fd00::/8'] } });
    const r = await put(h.url, { notificationId: newId() });
    expect(r.status).to.equal(403);
    expect(isErrorBodyFor(403, r.body)).to.equal(true);
    await h.close();
    h = await startHarness('memory', { auth: { ipAllowlist: ['10.0.0.0/8', '127.0.0.1/32'] } });
    expect((await put(h.url, { notificationId: newId() })).status).to.equal(204);
  });

  it('rejects allowlist entries that are not addresses or ranges', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x']) {
      expect(() => parseIpAllowlist([bad]), bad).to.throw(RangeError);
    }
    const ok = parseIpAllowlist(['192.168.1.7', '::1', '172.16.0.0/12']);
    expect(ok.check('172.20.1.1', 'ipv4')).to.equal(true);
    expect(ok.check('192.168.1.8', 'ipv4')).to.equal(false);
  });
});
