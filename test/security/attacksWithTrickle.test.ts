/**
 * Each attack of the security review run again on the production layout, two replicas on one
 * Redis, with a trickle of the hub's real signed callbacks through both meanwhile: every
 * callback must be acknowledged 200 and its message handled by a bot (none lost). The attacks'
 * own details (what is refused, how, and counted where) are checked by the rule's own tests; this
 * one checks that the hub's messages get through while they run. The key rotation done replica by
 * replica is in keyRotationReplicas.test.ts, on the same kind of rig.
 */
import { expect } from 'chai';
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { DEFAULT_TOKEN_PATH } from '../../src/authentication/tokenEndpoint.js';
import type { Config } from '../../src/config/config.js';
import { CLIENT_ID, request, securityConfig, SIGNING_KEY } from './securityKit.js';
import { waitFor } from '../support/waitFor.js';
import { HUB_CHANNEL_ID } from '../../src/adapter/hubChannel.js';
import { expectNoneLost, HEADERS_NEVER_END, hubToken, hubTrickle, slowFlood, type SlowFlood } from './floodKit.js';

const LIMIT = 60;
const HMAC_SECRET = 'attacks-with-trickle-hmac-secret-0123456789';

describe('security: every attack of the review with a trickle of hub callbacks, two replicas on one Redis', function () {
  this.timeout(60_000);
  const tenant = `attacks-${randomUUID()}`;
  const handled = new Set<string>();
  const turns = new Map<string, number>();
  const replicas: HubBotServer[] = [];
  let cfg: Config;
  let floods: SlowFlood[] = [];
  let token: string;
  const callbackUrls = () => replicas.map((r) => `${r.url}${cfg.BOT_CALLBACK_PATH}`);
  const trickle = (prefix: string, count = 10) => hubTrickle(callbackUrls(), { token: () => token, count, prefix: `${prefix}-${randomUUID().slice(0, 8)}` });
  const post = (url: string, body: unknown, bearer = token) =>
    request(url, { headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const message = (conversationId: string, type: string, text?: string, id: string = `m-${randomUUID()}`) => ({ id, sender: { type: 'customer', id: 'c' }, type: { value: type }, content: text === undefined ? {} : { text }, conversation: { id: conversationId } });

  before(async () => {
    cfg = { ...securityConfig({ REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant, HTTP_MAX_CONNECTIONS: String(LIMIT), WEBHOOK_HMAC_SECRET: HMAC_SECRET }), WEBHOOK_SHARED_SECRET: undefined };
    for (let i = 0; i < 2; i++) {
      replicas.push(
        await startHubBotServer({
          config: cfg,
          logger: createLogger({ level: 'silent' }),
          bot: () => ({
            run: async (context) => {
              if (context.activity.type !== 'message') return;
              const text = context.activity.text ?? '';
              handled.add(text);
              turns.set(text, (turns.get(text) ?? 0) + 1);
            },
          }),
          worker: { pollIntervalMs: 20 },
        }),
      );
    }
    token = await hubToken(replicas[0].url);
  });
  afterEach(() => {
    for (const f of floods) f.stop();
    floods = [];
  });
  after(async () => {
    for (const r of replicas) await r.stop({ graceMs: 0 });
  });

  it('[S9] slow token requests from the hub\'s own address on both replicas: the hub renews its token and no callback is lost', async () => {
    for (const r of replicas) floods.push(slowFlood(r.url, { from: '127.0.0.1', count: 20, head: `POST ${DEFAULT_TOKEN_PATH} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"client_id":` }));
    for (const r of replicas) token = await hubToken(r.url);
    await expectNoneLost(await trickle('slow-tokens'), handled);
  });

  it('[S10] bogus-signature webhook bodies and header-only slowloris past the connection limit from one address: no callback is lost', async () => {
    const ts = Math.floor(Date.now() / 1000);
    for (const r of replicas) {
      floods.push(slowFlood(r.url, { from: '127.0.10.1', count: 20, head: `PUT ${cfg.BOT_WEBHOOK_PATH} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: 65536\r\nx-webhook-timestamp: ${ts}\r\nx-webhook-signature: sha256=${'0'.repeat(64)}\r\n\r\n{"notificationId":"` }));
      floods.push(slowFlood(r.url, { from: '127.0.10.1', count: LIMIT, head: HEADERS_NEVER_END(cfg.BOT_WEBHOOK_PATH) }));
    }
    await expectNoneLost(await trickle('webhook-flood'), handled);
  });

  it('[S11] a customer who opens 60 conversations, says three things in each and ends each at once: no other customer\'s callback is lost', async () => {
    const attack = (async () => {
      for (let i = 0; i < 60; i++) {
        const id = `ended-${i}-${randomUUID().slice(0, 6)}`;
        const answer = await post(callbackUrls()[i % 2], { messages: { message: [message(id, 'text', 'one'), message(id, 'text', 'two'), message(id, 'text', 'three'), message(id, 'conversation.end')] } });
        expect(answer.status, answer.text).to.equal(200);
      }
    })();
    const live = await trickle('beside-ended');
    await attack;
    await expectNoneLost(live, handled);
  });

  it('[S14] forged tokens (no jti, a 100-year exp, a future iat) and /metrics from afar, refused meanwhile: no callback is lost', async () => {
    const forged = async (claims: { jti?: boolean; exp: number; iat: number }) => {
      let jwt = new SignJWT({ tenant }).setProtectedHeader({ alg: 'HS256' }).setIssuer(cfg.BOT_TOKEN_ISSUER).setAudience(cfg.BOT_TOKEN_AUDIENCE).setSubject(CLIENT_ID).setIssuedAt(claims.iat).setExpirationTime(claims.exp);
      if (claims.jti) jwt = jwt.setJti(randomUUID());
      return jwt.sign(new TextEncoder().encode(SIGNING_KEY));
    };
    const now = Math.floor(Date.now() / 1000);
    const tokens = [await forged({ exp: now + 600, iat: now }), await forged({ jti: true, exp: now + 100 * 365 * 86400, iat: now }), await forged({ jti: true, exp: now + 7200, iat: now + 3600 })];
    const attack = Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const answer = await post(callbackUrls()[i % 2], { messages: { message: [message('forged', 'text', 'x')] } }, tokens[i % 3]);
        expect(answer.status, answer.text).to.equal(401);
        const metrics = await request(`${replicas[i % 2].url}/metrics`, { method: 'GET', headers: { 'x-forwarded-for': '203.0.113.9' } });
        expect(metrics.status).to.equal(403);
      }),
    );
    const live = await trickle('beside-forged');
    await attack;
    await expectNoneLost(live, handled);
  });

  it('[S14] a captured signed webhook delivery replayed on both replicas, and a message resent with its time spelled otherwise: each counted once, no callback lost', async () => {
    const body = JSON.stringify({ notificationId: `n-${randomUUID()}`, eventType: 'article_created', payload: { articleId: 'a-1' } });
    const ts = String(Math.floor(Date.now() / 1000));
    const headers = { 'content-type': 'application/json', 'x-webhook-timestamp': ts, 'x-webhook-signature': `sha256=${createHmac('sha256', HMAC_SECRET).update(`${ts}.${body}`).digest('hex')}` };
    const accepted = () => Promise.all(replicas.map(async (r) => (await r.metrics.webhookEvents.get()).values.find((v) => v.labels.outcome === 'accepted')?.value ?? 0));
    const before = (await accepted()).reduce((a, b) => a + b, 0);
    const replays = Promise.all(Array.from({ length: 20 }, (_, i) => request(`${replicas[i % 2].url}${cfg.BOT_WEBHOOK_PATH}`, { method: 'PUT', headers, body })));
    const conversation = `resent-${randomUUID()}`;
    const text = `resent-${randomUUID().slice(0, 8)}`;
    const withoutId = (created: string) => ({ ...message(conversation, 'text', text), id: undefined, created });
    for (const [i, created] of ['2026-11-24T10:00:00Z', '2026-11-24T10:00:00+00:00', '2026-11-24T11:00:00+01:00'].entries()) {
      expect((await post(callbackUrls()[i % 2], { messages: { message: [withoutId(created)] } })).status).to.equal(200);
    }
    const live = await trickle('beside-replays');
    expect((await replays).map((a) => a.status)).to.deep.equal(Array.from({ length: 20 }, () => 204));
    expect((await accepted()).reduce((a, b) => a + b, 0) - before).to.equal(1);
    await expectNoneLost(live, handled);
    await expectNoneLost({ statuses: [200], texts: [text] }, handled);
    expect(turns.get(text), 'turns of the message resent three times').to.equal(1);
  });

  it('[S13] customers typing card numbers, e-mail addresses and phone numbers on both replicas: every message handled, and no transcript on Redis keeps them as typed', async () => {
    // Random parts without digits, and ids left out of what is searched below: a random hex id
    // holds '4111' now and then (a flake seen once in CI), while the masking is what is checked.
    const letters = () => randomUUID().replace(/[-\d]/g, '').slice(0, 8);
    const typed = (i: number) => `pay-${i}-${letters()} card 4111 1111 1111 1111, mail jean.dupont@example.com, phone +33 6 12 34 56 78`;
    const conversations = Array.from({ length: 6 }, (_, i) => `pay-${i}-${randomUUID()}`);
    const live = trickle('beside-card-numbers');
    const answers = await Promise.all(conversations.map((id, i) => post(callbackUrls()[i % 2], { messages: { message: [message(id, 'text', typed(i))] } })));
    expect(answers.map((a) => a.status)).to.deep.equal(conversations.map(() => 200));
    // The bot is given what the customer typed (it may need it); only what is kept is masked.
    await waitFor(() => conversations.every((_, i) => [...handled].some((t) => t.startsWith(`pay-${i}-`))) || undefined, 'every typed message to be handled');
    await expectNoneLost(await live, handled);
    for (const id of conversations) {
      const kept = await waitFor(async () => {
        const page = await replicas[1].deps.transcripts!.getTranscriptActivities(HUB_CHANNEL_ID, id);
        const withoutIds = page.items.map(({ id: _id, replyToId: _reply, conversation: _c, from: _f, recipient: _r, ...rest }) => rest);
        return page.items.some((a) => a.type === 'message') ? JSON.stringify(withoutIds) : undefined;
      }, 'the transcript to be written');
      expect(kept).to.contain('[card]');
      for (const secret of ['4111', 'jean.dupont', '12 34 56']) expect(kept).not.to.contain(secret);
    }
  });

  it('[S7] a message with an empty id beside another in the same callback: both handled, and the trickle too', async () => {
    const conversation = `blank-${randomUUID()}`;
    const texts = [`blank-id-${randomUUID().slice(0, 8)}`, `beside-blank-${randomUUID().slice(0, 8)}`];
    const answer = await post(callbackUrls()[0], { messages: { message: [message(conversation, 'text', texts[0], ''), message(conversation, 'text', texts[1])] } });
    expect(answer.status, answer.text).to.equal(200);
    await expectNoneLost({ statuses: [answer.status], texts }, handled);
    await expectNoneLost(await trickle('beside-blank'), handled);
  });
});
