/**
 * A signing-key rotation done replica by replica, in either order (S12): two replicas share the
 * real Redis, the hub's callbacks trickle through both meanwhile, and the hub renews its token
 * from whichever replica it reaches. The replica restarted with the new key announces it on Redis
 * before it signs with it, so the one not yet restarted accepts its tokens: no callback is refused
 * or lost. Before, that replica answered 401 after the hub's one renewal (15 of 30 lost).
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { securityConfig } from './securityKit.js';
import { expectNoneLost, hubToken, hubTrickle } from './floodKit.js';

const OLD_KEY = 'rotation-replicas-old-signing-key-0123456789';
const NEW_KEY = 'rotation-replicas-new-signing-key-9876543210';

describe('security: a signing-key rotation across two replicas on one Redis', () => {
  const tenant = `rotation-${randomUUID()}`;
  const handled = new Set<string>();
  const running = new Set<HubBotServer>();
  const replica = async (env: Record<string, string>): Promise<HubBotServer> => {
    const bot = await startHubBotServer({
      config: securityConfig({ REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant, ...env }),
      logger: createLogger({ level: 'silent' }),
      bot: () => ({ run: async (context) => void (context.activity.type === 'message' && handled.add(context.activity.text ?? '')) }),
      worker: { pollIntervalMs: 20 },
    });
    running.add(bot);
    return bot;
  };
  const restart = async (old: HubBotServer, env: Record<string, string>): Promise<HubBotServer> => {
    running.delete(old);
    await old.stop({ graceMs: 1000 });
    return replica(env);
  };
  after(async () => {
    for (const bot of running) await bot.stop({ graceMs: 0 });
  });

  for (const order of ['first replica first', 'second replica first'] as const) {
    it(`[S12] restarting the replicas with a new key one by one (${order}) loses no callback of a trickle, whoever issued the hub's token`, async () => {
      let a = await replica({ BOT_TOKEN_SIGNING_KEY: OLD_KEY });
      let b = await replica({ BOT_TOKEN_SIGNING_KEY: OLD_KEY });
      const cb = (bot: HubBotServer) => `${bot.url}${bot.deps.config.BOT_CALLBACK_PATH}`;
      let token = await hubToken(a.url);
      const prefix = `${order}-${randomUUID()}`;
      const all = { statuses: [] as number[], texts: [] as string[] };
      const trickle = async (step: string) => {
        const t = await hubTrickle([cb(a), cb(b)], { token: () => token, count: 6, prefix: `${prefix}-${step}` });
        all.statuses.push(...t.statuses);
        all.texts.push(...t.texts);
      };
      await trickle('before');
      const rotated = { BOT_TOKEN_SIGNING_KEY: NEW_KEY, BOT_TOKEN_PREVIOUS_SIGNING_KEYS: OLD_KEY };
      // Mid-way: one replica has the new key, the other has never heard of it.
      if (order === 'first replica first') a = await restart(a, rotated);
      else b = await restart(b, rotated);
      await trickle('old token mid-way');
      // The hub renews from the rotated replica: a token signed with the new key, sent to both.
      token = await hubToken((order === 'first replica first' ? a : b).url);
      await trickle('new token mid-way');
      // And from the other one, still signing with the old key.
      token = await hubToken((order === 'first replica first' ? b : a).url);
      await trickle('old key again mid-way');
      if (order === 'first replica first') b = await restart(b, rotated);
      else a = await restart(a, rotated);
      await trickle('after');
      token = await hubToken(a.url);
      await trickle('renewed after');
      expect(all.texts).to.have.length(36);
      await expectNoneLost(all, handled);
      for (const bot of [a, b]) {
        running.delete(bot);
        await bot.stop({ graceMs: 0 });
      }
    });
  }
});
