/**
 * Request bodies over the configured limit are refused with 413 before anything parses or
 * handles them, whether the size is declared (Content-Length) or not (chunked): on the one JSON
 * server every surface uses, on the running bot (callback, webhook, token endpoint) and on the
 * emulator (token endpoint, conversation manager). "Before" is observed, not assumed: the
 * handler's counters do not move, nothing is recorded, and a body that is too large AND not
 * JSON is 413, not 400. A chunked upload that never ends still gets its 413 (the server does
 * not wait for the rest).
 */
import http from 'node:http';
import { expect } from 'chai';
import { createJsonServer, sendJson, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import type { Config } from '../../src/config/config.js';
import { UNLIMITED } from '../emulator/hubTestKit.js';
import { CLIENT_ID, CLIENT_SECRET, expectRefusal, request, securityConfig, textBatch } from './securityKit.js';

const LIMIT = 4096;
const WEBHOOK_SECRET = 'limits-webhook-secret-0123456789';

/** JSON a little over `limit` bytes. */
const over = (limit: number) => JSON.stringify({ pad: 'p'.repeat(limit) });

/** Sends `limit + 1` bytes chunked and never ends the body; resolves with the status the server answers meanwhile. */
function unendingUpload(url: string, limit: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' }, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    // A generous bound: it catches a server that waits for the end, it measures nothing.
    req.setTimeout(10_000, () => req.destroy(new Error('no answer while the body was still coming')));
    req.write('x'.repeat(limit + 1));
  });
}

async function counts(counter: { get(): Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }): Promise<Record<string, number>> {
  return Object.fromEntries((await counter.get()).values.map((v) => [String(v.labels.outcome), v.value]));
}

describe('security: bodies over the limit are refused before parsing', function () {
  describe('the JSON server every surface uses', () => {
    let app: JsonServer;
    let url: string;
    let handled = 0;
    before(async () => {
      app = createJsonServer({ name: 'limits', bodyLimitBytes: LIMIT });
      app.route('post', '/x', ({ res }) => {
        handled += 1;
        sendJson(res, 200, {});
      });
      url = `${await app.listen()}/x`;
    });
    after(() => app.close());

    it('[E1] answers 413 with an error body for a declared and for a chunked body over the limit; the handler never runs', async () => {
      expectRefusal(await request(url, { headers: { 'content-type': 'application/json' }, body: over(LIMIT) }), 413, '413-100');
      expectRefusal(await request(url, { headers: { 'content-type': 'application/json' }, body: over(LIMIT), chunked: true }), 413, '413-100');
      expect(handled).to.equal(0);
      expect((await request(url, { headers: { 'content-type': 'application/json' }, body: '{"small":true}' })).status).to.equal(200);
      expect(handled).to.equal(1);
    });

    it('[E1] checks the size before the syntax: a large body that is not JSON is 413, not 400', async () => {
      const garbage = `{{{${'<'.repeat(LIMIT)}`;
      expectRefusal(await request(url, { headers: { 'content-type': 'application/json' }, body: garbage }), 413, '413-100');
      expectRefusal(await request(url, { headers: { 'content-type': 'application/json' }, body: garbage, chunked: true }), 413, '413-100');
      expectRefusal(await request(url, { headers: { 'content-type': 'application/json' }, body: '{{{' }), 400, '400-100');
    });

    it('answers 413 while a chunked body is still arriving, without waiting for its end', async () => {
      expect(await unendingUpload(url, LIMIT, { 'content-type': 'application/json' })).to.equal(413);
      expect(handled).to.equal(1);
    });
  });

  describe('the running bot', () => {
    let cfg: Config;
    let bot: HubBotServer;
    let token: string;
    before(async () => {
      cfg = securityConfig({ BODY_LIMIT_BYTES: String(LIMIT), WEBHOOK_SHARED_SECRET: WEBHOOK_SECRET });
      bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
      token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
    });
    after(() => bot?.stop());

    it('[E1] refuses an over-limit callback (declared or chunked) with 413 before authenticating, parsing or recording it', async () => {
      const url = `${bot.url}${cfg.BOT_CALLBACK_PATH}`;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const big = textBatch('conv-limits', 'p'.repeat(LIMIT));
      expectRefusal(await request(url, { headers, body: big }), 413, '413-100');
      expectRefusal(await request(url, { headers, body: big, chunked: true }), 413, '413-100');
      expect(await unendingUpload(url, LIMIT, headers)).to.equal(413);
      // The route's handler counts every callback it sees, refused or not: it saw none.
      expect(await counts(bot.metrics.callbacks)).to.deep.equal({});
      expect(await bot.inbox.depth()).to.equal(0);
    });

    it('[E1] refuses an over-limit knowledge event with 413 and records nothing', async () => {
      const url = `${bot.url}${cfg.BOT_WEBHOOK_PATH}`;
      const headers = { 'content-type': 'application/json', 'x-webhook-secret': WEBHOOK_SECRET };
      const big = JSON.stringify({ notificationId: 'n-too-big', eventType: 'article_created', pad: 'p'.repeat(LIMIT) });
      expectRefusal(await request(url, { method: 'PUT', headers, body: big }), 413, '413-100');
      expectRefusal(await request(url, { method: 'PUT', headers, body: big, chunked: true }), 413, '413-100');
      expect(await counts(bot.metrics.webhookEvents)).to.deep.equal({ too_large: 2 });
      // Had it been recorded, a redelivery of the same id would be a duplicate; it is accepted as new.
      expect((await request(url, { method: 'PUT', headers, body: JSON.stringify({ notificationId: 'n-too-big', eventType: 'article_created' }) })).status).to.equal(204);
      expect(await counts(bot.metrics.webhookEvents)).to.deep.equal({ too_large: 2, accepted: 1 });
    });

    it('[E1] refuses an over-limit token request with 413 before reading credentials: no token, no failure counted', async () => {
      const url = `${bot.url}/oauth2/token`;
      const big = JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, pad: 'p'.repeat(16 * 1024) });
      for (let i = 0; i < 12; i++) expectRefusal(await request(url, { headers: { 'content-type': 'application/json' }, body: big, chunked: i % 2 === 1 }), 413, '413-100');
      // Twelve refusals did not count as failed guesses: the right secret still gets a token.
      expect((await request(url, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET }) })).status).to.equal(200);
    });
  });

  describe('the emulator', () => {
    let emu: RunningEmulator;
    before(async () => {
      emu = await startEmulator({ plan: UNLIMITED, rateBurst: 10_000 });
    });
    after(() => emu?.stop());

    it('[E1] refuses over-limit bodies on the token endpoint (16 KiB) and the conversation manager (1 MiB) with 413, creating nothing', async () => {
      const form = `grant_type=client_credentials&client_id=${emu.defaultClient.clientId}&client_secret=${emu.defaultClient.clientSecret}&pad=${'p'.repeat(16 * 1024)}`;
      for (const chunked of [false, true]) {
        expectRefusal(await request(emu.tokenUrl, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, chunked }), 413, '413-100');
      }
      const token = emu.tokenFor({});
      const auth = { name: 'big', type: 'oauth2', oauth2: { tokenRequestUrl: 'http://127.0.0.1:9/t', payload: '{}', accessTokenPath: '$.t' }, pad: 'p'.repeat(1024 * 1024) };
      for (const chunked of [false, true]) {
        expectRefusal(await request(`${emu.hubUrl}/authentications`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(auth), chunked }), 413, '413-100');
      }
      const list = await request(`${emu.hubUrl}/authentications`, { method: 'GET', headers: { authorization: `Bearer ${token}` } });
      expect(list.body.authentication).to.deep.equal([]);
    });
  });
});
