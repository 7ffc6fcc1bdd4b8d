/**
 * The knowledge webhook is authenticated unless explicitly opened (S4), its ids and bodies are
 * bounded (S4), and its refusals are logged cut short and rate-limited (S5). Against the local
 * stack (the emulated event manager signs its deliveries), the running bot server, and the
 * receiver on the memory store and the real Redis. Signatures are computed here with
 * node:crypto from the documented scheme, apart from the code under test.
 */
import { expect } from 'chai';
import { createHash, createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import sinon from 'sinon';
import { ConfigError } from '../../src/config/config.js';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createHubBot, startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { webhookOptionsFromConfig } from '../../src/webhook/webhookOptionsFromConfig.js';
import { EchoBot } from '../../bots/echoBot.js';
import { CallCounter, newId, startHarness, type Harness, type StoreKind } from '../webhook/webhookHarness.js';
import { waitFor } from '../support/waitFor.js';
import { expectRefusal, request, securityConfig } from './securityKit.js';
import { deleteArticleOnPortal } from '../e2e/articleDeletion.js';

const HMAC_SECRET = 'webhook-auth-hmac-secret-0123456789abcdef';
const quiet = createLogger({ level: 'silent' });
const noBot = () => ({ run: async () => undefined });

/** x-webhook-timestamp and x-webhook-signature for `body` at `seconds`, with `secret`. */
function signed(body: string, secret = HMAC_SECRET, seconds = Math.floor(Date.now() / 1000)): Record<string, string> {
  const ts = String(seconds);
  return { 'content-type': 'application/json', 'x-webhook-timestamp': ts, 'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}` };
}

async function counts(counter: { get(): Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }, label: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const v of (await counter.get()).values) if (v.value > 0) out[String(v.labels[label])] = v.value;
  return out;
}

describe('knowledge webhook authentication', () => {
  describe('the local stack, whose event manager signs its deliveries', () => {
    let stack: LocalStack;
    before(async () => {
      stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), logger: quiet });
    });
    after(() => stack?.stop());

    it('[S4] refuses a forged article_deleted without credentials: the article stays offered, while the event manager\'s signed events are handled', async () => {
      const url = `${stack.bot.url}${stack.config.BOT_WEBHOOK_PATH}`;
      const forged = JSON.stringify({ notificationId: newId(), eventType: 'article_deleted', articleId: 'KB-10001' });
      expectRefusal(await request(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: forged }), 401, '401-108');
      expectRefusal(await request(url, { method: 'PUT', headers: signed(forged, 'a-guessed-secret-that-is-not-the-key'), body: forged }), 401, '401-108');
      // A genuine deletion of another article, raised on the emulator: once it is handled, the
      // forged one would have been too.
      await deleteArticleOnPortal(stack, 'KB-20002');
      expect(await stack.bot.deps.knowledge.deletedArticles.has('KB-10001')).to.equal(false);
      expect(await counts(stack.bot.metrics.webhookEvents, 'outcome')).to.deep.equal({ unauthorized: 2, accepted: 1 });
    });
  });

  describe('the running bot with WEBHOOK_HMAC_SECRET', () => {
    let bot: HubBotServer;
    let url: string;
    before(async () => {
      bot = await startHubBotServer({ config: securityConfig({ WEBHOOK_SHARED_SECRET: '', WEBHOOK_HMAC_SECRET: HMAC_SECRET }), logger: quiet, bot: noBot });
      url = `${bot.url}/webhook`;
    });
    after(() => bot?.stop());

    it('[S4] refuses a missing, wrong or tampered signature with 401 (401-108), before parsing and without echoing the key; accepts the right one', async () => {
      const body = JSON.stringify({ notificationId: newId(), eventType: 'article_created' });
      const good = signed(body);
      const cases: Record<string, string>[] = [
        { 'content-type': 'application/json' },
        { ...good, 'x-webhook-signature': `sha256=${'0'.repeat(64)}` },
        signed(body, `${HMAC_SECRET}x`),
        { ...good, 'x-webhook-timestamp': String(Number(good['x-webhook-timestamp']) - 1) },
        { ...good, 'x-webhook-timestamp': 'yesterday' },
        { ...good, 'x-webhook-signature': good['x-webhook-signature']!.slice('sha256='.length) },
      ];
      for (const headers of cases) {
        const a = await request(url, { method: 'PUT', headers, body });
        expectRefusal(a, 401, '401-108');
        expect(a.text).to.not.include(HMAC_SECRET);
      }
      // Signed for one body, sent with another; and not JSON at all: 401, never 400.
      expectRefusal(await request(url, { method: 'PUT', headers: good, body: body.replace('article_created', 'article_deleted') }), 401, '401-108');
      expectRefusal(await request(url, { method: 'PUT', headers: good, body: '{broken' }), 401, '401-108');
      expect((await request(url, { method: 'PUT', headers: good, body })).status).to.equal(204);
      expect(await counts(bot.metrics.webhookEvents, 'outcome')).to.deep.include({ unauthorized: cases.length + 2, accepted: 1 });
    });

    it('[S4] refuses a body over the webhook\'s own 64 KiB default (a 100 KB notificationId) with 413, under a 1 MiB server limit', async () => {
      const body = JSON.stringify({ notificationId: 'A'.repeat(100_000), eventType: 'article_created' });
      expectRefusal(await request(url, { method: 'PUT', headers: signed(body), body }), 413, '413-100');
      expect(await counts(bot.metrics.webhookEvents, 'outcome')).to.deep.include({ too_large: 1 });
    });
  });

  describe('start-up', () => {
    const noAuth = { WEBHOOK_SHARED_SECRET: '' };

    it('[S4] the server refuses to start with the webhook on and no authentication, naming the settings, unless WEBHOOK_AUTH=none', async () => {
      let refusal: unknown;
      try {
        const started = await startHubBotServer({ config: securityConfig(noAuth), logger: quiet, bot: noBot });
        await started.stop();
      } catch (err) {
        refusal = err;
      }
      expect(refusal).to.be.instanceOf(ConfigError);
      for (const name of ['WEBHOOK_HMAC_SECRET', 'WEBHOOK_SHARED_SECRET', 'WEBHOOK_IP_ALLOWLIST', 'WEBHOOK_AUTH=none']) expect(String(refusal)).to.include(name);

      const open = await startHubBotServer({ config: securityConfig({ ...noAuth, WEBHOOK_AUTH: 'none' }), logger: quiet, bot: noBot });
      try {
        const body = JSON.stringify({ notificationId: newId(), eventType: 'article_created' });
        expect((await request(`${open.url}/webhook`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body })).status).to.equal(204);
      } finally {
        await open.stop();
      }
    });

    it('[S4] WEBHOOK_AUTH takes only required or none; an IP allowlist alone is authentication enough', async () => {
      expect(() => securityConfig({ WEBHOOK_AUTH: 'off' })).to.throw(ConfigError, /WEBHOOK_AUTH/);
      expect(webhookOptionsFromConfig(securityConfig({ ...noAuth, WEBHOOK_IP_ALLOWLIST: '10.0.0.0/8' })).auth).to.deep.include({ ipAllowlist: ['10.0.0.0/8'] });
      const tolerance = webhookOptionsFromConfig(securityConfig({ WEBHOOK_HMAC_SECRET: HMAC_SECRET, WEBHOOK_SIGNATURE_TOLERANCE_SECONDS: '30' })).auth;
      expect(tolerance).to.deep.include({ hmacSecret: HMAC_SECRET, signatureToleranceSeconds: 30 });
    });

    it('[S4] createHubBot (no port, no webhook served) starts without webhook settings, and its unserved route refuses every delivery', async () => {
      const hub = await createHubBot({ config: securityConfig(noAuth), logger: quiet, bot: noBot });
      const base = await hub.app.listen(0, '127.0.0.1');
      try {
        const body = JSON.stringify({ notificationId: newId(), eventType: 'article_deleted' });
        expectRefusal(await request(`${base}/webhook`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body }), 401, '401-108');
      } finally {
        await hub.stop();
      }
    });
  });
});

describe('knowledge webhook refusal logs', () => {
  let bot: HubBotServer;
  let url: string;
  const lines: Record<string, unknown>[] = [];
  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    bot = await startHubBotServer({ config: securityConfig({ WEBHOOK_SHARED_SECRET: '', WEBHOOK_HMAC_SECRET: HMAC_SECRET }), logger: pino({ level: 'warn' }, sink), bot: noBot });
    url = `${bot.url}/webhook`;
  });
  after(() => bot?.stop());

  it('[S5] [S4] a notificationId over 256 characters is refused 400 and logged cut short; refusal lines are rate-limited and all counted', async () => {
    const longId = 'A'.repeat(60_000);
    // Date stands still, so the 25 refusals fall in one 10 s window however slow the machine.
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      for (let i = 0; i < 25; i++) {
        const body = JSON.stringify({ notificationId: longId, eventType: 'article_deleted', n: i });
        expectRefusal(await request(url, { method: 'PUT', headers: signed(body), body }), 400, '400-101');
      }
    } finally {
      clock.restore();
    }
    const refusals = lines.filter((l) => l.msg === 'knowledge event refused');
    expect(refusals).to.have.length(20);
    expect(String(refusals[0]!.notificationId)).to.match(/^A{64}… \(60000 characters\)$/);
    expect(JSON.stringify(lines)).to.not.include('A'.repeat(65));
    expect(JSON.stringify(lines)).to.not.include(HMAC_SECRET);
    expect(await counts(bot.metrics.refusals, 'route')).to.deep.equal({ webhook: 25 });
  });
});

describe('knowledge webhook receiver: signed deliveries, window and bounds', () => {
  let h: Harness;
  let clock: sinon.SinonFakeTimers | undefined;
  afterEach(async () => {
    clock?.restore();
    clock = undefined;
    await h?.close();
  });

  it('[S4] refuses a delivery signed outside the tolerance window, stale or early, with 401; the window is configurable', async () => {
    // Only Date is faked: the server and the sockets run on real timers.
    clock = sinon.useFakeTimers({ now: 1_800_000_000_000, toFake: ['Date'] });
    const now = 1_800_000_000;
    h = await startHarness('memory', { auth: { hmacSecret: HMAC_SECRET } });
    const put = (seconds: number) => {
      const body = JSON.stringify({ notificationId: newId(), eventType: 'article_created' });
      return request(h.url, { method: 'PUT', headers: signed(body, HMAC_SECRET, seconds), body });
    };
    expectRefusal(await put(now - 301), 401, '401-108');
    expectRefusal(await put(now + 301), 401, '401-108');
    expect((await put(now - 300)).status).to.equal(204);
    expect((await put(now + 300)).status).to.equal(204);
    clock.tick(10 * 60_000);
    expectRefusal(await put(now), 401, '401-108');
    expect(await h.store.pendingCount()).to.equal(2);
    await h.close();
    h = await startHarness('memory', { auth: { hmacSecret: HMAC_SECRET, signatureToleranceSeconds: 30 } });
    const later = now + 600;
    expectRefusal(await put(later - 31), 401, '401-108');
    expect((await put(later - 30)).status).to.equal(204);
    expect(await h.store.pendingCount()).to.equal(1);
  });

  for (const kind of ['memory', 'redis'] as StoreKind[]) {
    describe(`on the ${kind} store`, () => {
      it(`[S4] accepts a validly signed delivery with 204 and deduplicates it; an unsigned one sent first with its id does not pre-empt it (${kind})`, async () => {
        h = await startHarness(kind, { auth: { hmacSecret: HMAC_SECRET } });
        const calls = new CallCounter();
        h.receiver.events.handle(h.receiver.events.all$, calls.handler);
        await h.receiver.start();
        const id = newId();
        const body = JSON.stringify({ notificationId: id, eventType: 'article_published', articleId: 'KB-1' });
        // Someone sends the id the platform will use, first: refused, so not remembered.
        expectRefusal(await request(h.url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body }), 401, '401-108');
        expect((await request(h.url, { method: 'PUT', headers: signed(body), body })).status).to.equal(204);
        // The event manager's retry: the same event, signed again.
        expect((await request(h.url, { method: 'PUT', headers: signed(body), body })).status).to.equal(204);
        await waitFor(async () => calls.total() === 1 && (await h.store.pendingCount()) === 0, 'the event handled');
        expect(calls.counts.get(id)).to.equal(1);
      });

      it(`[S4] refuses a notificationId of 1 MB with 400 and stores nothing (${kind}); 256 characters pass, 257 do not`, async () => {
        h = await startHarness(kind, { auth: { hmacSecret: HMAC_SECRET }, bodyLimitBytes: 2 * 1024 * 1024 });
        const send = (notificationId: string) => {
          const body = JSON.stringify({ notificationId, eventType: 'article_deleted', articleId: 'KB-1' });
          return request(h.url, { method: 'PUT', headers: signed(body), body });
        };
        expectRefusal(await send('A'.repeat(1024 * 1024)), 400, '400-101');
        expectRefusal(await send('B'.repeat(257)), 400, '400-101');
        expect(await h.store.pendingCount()).to.equal(0);
        if (h.redis) expect(await h.redis.keys(`hubbot:{${h.tenant}}:*`)).to.deep.equal([]);
        expect((await send('C'.repeat(256))).status).to.equal(204);
        expect(await h.store.pendingCount()).to.equal(1);
        if (h.redis) {
          // The dedupe key is the id's SHA-256, not the id.
          const keys = await h.redis.keys(`hubbot:{${h.tenant}}:webhook:seen:*`);
          expect(keys).to.have.length(1);
          expect(keys[0]!.endsWith(createHash('sha256').update('C'.repeat(256)).digest('hex'))).to.equal(true);
        }
      });
    });
  }
});
