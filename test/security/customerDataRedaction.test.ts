/**
 * Customer data typed into a conversation is masked by default wherever it is kept (S13):
 * transcripts (on Redis, 30 days), dead letters and log lines; switched off only by
 * CUSTOMER_DATA_REDACTION=off.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import { maskCustomerData, passesLuhn } from '../../src/observability/customerData.js';
import { HUB_CHANNEL_ID } from '../../src/adapter/hubChannel.js';
import { createRedisConnection, closeRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import type { Config } from '../../src/config/config.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { waitFor } from '../support/waitFor.js';
import { CLIENT_ID, request, securityConfig } from './securityKit.js';

const TYPED = 'card 4111 1111 1111 1111, mail jean.dupont@example.com, phone +33 6 12 34 56 78';
const MASKED = 'card [card], mail [email], phone [phone]';

const batch = (conversationId: string, text: string) =>
  JSON.stringify({ messages: { message: [{ id: `m-${randomUUID()}`, sender: { type: 'customer', id: 'c-1' }, type: { value: 'text' }, content: { text }, conversation: { id: conversationId } }] } });

describe('security: customer data is masked where it is kept', () => {
  describe('the masking itself', () => {
    it('[S13] masks card numbers that pass the Luhn check, e-mail addresses and phone numbers; leaves dates, times, small numbers and other digits', () => {
      expect(maskCustomerData(TYPED)).to.equal(MASKED);
      expect(maskCustomerData('4111-1111-1111-1111 and 5555555555554444')).to.equal('[card] and [card]');
      expect(passesLuhn('4111111111111112')).to.equal(false);
      expect(maskCustomerData('order 4111111111111112')).to.equal('order 4111111111111112');
      expect(maskCustomerData('call (555) 123-4567 or 06 12 34 56 78')).to.equal('call [phone] or [phone]');
      const plain = 'on 2026-11-24 at 10:00:00 my 3 printers showed error 404 (ticket 123456, host 192.168.100.200)';
      expect(maskCustomerData(plain)).to.equal(plain);
      expect(maskCustomerData(TYPED, ['emails'])).to.equal('card 4111 1111 1111 1111, mail [email], phone +33 6 12 34 56 78');
    });

    it('[S13] takes linear time on hostile input (64 KB of digits, letters before an @)', () => {
      const started = Date.now();
      maskCustomerData('1'.repeat(40).concat(' ').repeat(1600));
      maskCustomerData(`${'a'.repeat(65_000)}@`);
      maskCustomerData('1-'.repeat(32_000));
      expect(Date.now() - started).to.be.lessThan(2000);
    });
  });

  describe('the running bot on Redis', () => {
    const tenant = uniqueTenant('customer-data');
    let cfg: Config;
    let bot: HubBotServer;
    let redis: RedisConnection;
    let token: string;
    const lines: Array<Record<string, unknown>> = [];
    before(async () => {
      cfg = securityConfig({ REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant });
      redis = await createRedisConnection();
      const destination = new Writable({ write: (chunk: Buffer, _e, done) => void (lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>), done()) });
      bot = await startHubBotServer({
        config: cfg,
        // The composed server's own logger, but writing here: same settings as without `logger`.
        logger: createLogger({ level: 'info', destination }),
        bot: () => ({
          run: async (context) => {
            if (context.activity.type !== 'message') return;
            // A failing turn: its message becomes a dead letter, its error a log line.
            if (context.activity.text?.startsWith('fail')) throw new Error(`cannot handle: ${context.activity.text}`);
          },
        }),
        worker: { pollIntervalMs: 20 },
        // No notice to the customer: the platform is unreachable here, and the letter is what is read.
        turnErrorNotices: false,
      });
      token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
    });
    after(async () => {
      await bot?.stop();
      if (redis) {
        await deleteTenantKeys(redis, tenant);
        await closeRedisConnection(redis);
      }
    });
    const send = (conversationId: string, text: string) =>
      request(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: batch(conversationId, text) });

    it('[S13] the transcript on Redis keeps the masked text, not what was typed', async () => {
      const conversationId = `conv-${randomUUID()}`;
      expect((await send(conversationId, TYPED)).status).to.equal(200);
      const texts = await waitFor(async () => {
        const page = await bot.deps.transcripts!.getTranscriptActivities(HUB_CHANNEL_ID, conversationId);
        const found = page.items.filter((a) => a.type === 'message').map((a) => a.text);
        return found.length > 0 ? found : undefined;
      }, 'the transcript to be written');
      expect(texts).to.deep.equal([MASKED]);
      const raw = JSON.stringify(await redis.keys(`*${tenant}*`));
      expect(raw).not.to.contain('4111');
    });

    it('[S13] a dead letter keeps the masked message and reason; the log lines are masked too', async () => {
      const conversationId = `conv-${randomUUID()}`;
      expect((await send(conversationId, `fail ${TYPED}`)).status).to.equal(200);
      const letter = await waitFor(async () => (await bot.inbox.deadLetters()).find((l) => l.conversationId === conversationId), 'the dead letter');
      const kept = JSON.stringify(letter);
      expect(kept).to.contain(`fail ${MASKED}`);
      for (const secret of ['4111', 'jean.dupont', '12 34 56']) expect(kept).not.to.contain(secret);
      expect(letter.conversationId).to.equal(conversationId);
      const logged = JSON.stringify(lines);
      expect(logged).to.contain(conversationId);
      expect(logged).to.contain('[card]');
      for (const secret of ['4111', 'jean.dupont', '12 34 56']) expect(logged).not.to.contain(secret);
    });
  });

  describe('switched off', () => {
    it('[S13] CUSTOMER_DATA_REDACTION=off keeps the text as typed (an explicit choice); an unknown kind is a configuration error', async () => {
      const cfg = securityConfig({ CUSTOMER_DATA_REDACTION: 'off' });
      const bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }), worker: { pollIntervalMs: 20 } });
      try {
        const token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
        const conversationId = `conv-${randomUUID()}`;
        const answer = await request(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: batch(conversationId, TYPED) });
        expect(answer.status).to.equal(200);
        const texts = await waitFor(async () => {
          const page = await bot.deps.transcripts!.getTranscriptActivities(HUB_CHANNEL_ID, conversationId);
          const found = page.items.filter((a) => a.type === 'message').map((a) => a.text);
          return found.length > 0 ? found : undefined;
        }, 'the transcript to be written');
        expect(texts).to.deep.equal([TYPED]);
      } finally {
        await bot.stop();
      }
      expect(() => securityConfig({ CUSTOMER_DATA_REDACTION: 'cards,ssn' })).to.throw(/CUSTOMER_DATA_REDACTION/);
    });
  });
});
