/**
 * A guided-help deadline is data in the inbox (T2): on the local stack (the emulator's hub and
 * portal) with Redis, the bot that scheduled it stops before it falls, a new bot server starts
 * on the same Redis, and the reminder reaches the customer from there.
 */
import { expect } from 'chai';
import type { TurnContext } from 'botbuilder-core';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { startHubBotServer, type BotDependencies, type HubBotServer } from '../../src/server/hubBotServer.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { createLogger } from '../../src/observability/logger.js';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { InboxDeadlines } from '../../bots/guidedHelpDeadlines.js';
import { PortalManagerGuidedHelpPortal } from '../../dialogs/guidedHelp/portalManagerGuidedHelpPortal.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { waitFor } from '../support/waitFor.js';
import { Customer, type Received } from './customerClient.js';

const quiet = createLogger({ level: 'silent' });
/** Long enough to stop the first server before it falls, even on a loaded machine. */
const REMINDER_AFTER_MS = 6000;

describe('guided-help deadlines across a restart (Redis, local stack)', () => {
  const tenant = uniqueTenant('deadlines');
  const ran: Record<'first' | 'second', string[]> = { first: [], second: [] };
  let stack: LocalStack;
  let second: HubBotServer | undefined;
  let redis: RedisConnection;

  /** The guided-help bot over the emulator's portal, with a short inactivity deadline; it notes the turns it runs. */
  const guidedHelp = (label: 'first' | 'second') => (deps: BotDependencies) => {
    const { portal, portalTokens } = deps.platform;
    const deadlines = new InboxDeadlines(deps.adapter);
    const bot = new GuidedHelpBot({
      storage: deps.storage,
      portal: new PortalManagerGuidedHelpPortal(portal!, { callOptionsFor: ({ conversationId }) => (portalTokens ? { tokenProvider: portalTokens.for(`conversation:${conversationId}`) } : {}) }),
      settings: { reminderAfterMs: REMINDER_AFTER_MS, endAfterMs: 60_000 },
      scheduleDeadline: deadlines.schedule,
      cancelDeadline: deadlines.cancel,
    });
    return {
      run: async (context: TurnContext) => {
        ran[label].push(context.activity.name ?? context.activity.type);
        await bot.run(context);
      },
    };
  };

  before(async () => {
    redis = await createRedisConnection();
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant };
    stack = await startLocalStack({ bot: guidedHelp('first'), env, logger: quiet, worker: { pollIntervalMs: 100 } });
  });
  after(async () => {
    await second?.stop();
    await stack?.stop();
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  });

  it('[T2] a deadline scheduled by a bot server that stopped fires on the one that replaced it', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    const botSaid = (pattern: RegExp) => (all: Received[]) => all.some((e) => pattern.test(e.message?.content?.text ?? ''));
    await customer.say('hello');
    await customer.waitFor(botSaid(/What do you need help with/i), 15_000);
    await customer.say('Home internet');
    await customer.waitFor((all) => all.some((e) => e.message?.type.value === 'richMessage.listpicker'), 15_000);

    // The bot server that asked stops (as in a deployment): its deadline stays in Redis.
    await stack.bot.stop();
    const inbox = new RedisInbox({ client: redis, tenant });
    const waiting = await inbox.scheduled(customer.conversationId);
    expect(waiting.map((i) => i.kind), 'the deadline did not fire on the stopped server').to.deep.equal(['deadline']);
    expect(ran.first).to.not.include('guidedHelp.deadline');

    second = await startHubBotServer({ config: { ...stack.config, BOT_PORT: 0 }, bot: guidedHelp('second'), logger: quiet, worker: { pollIntervalMs: 100 } });
    await customer.waitFor(botSaid(/Are you still there/), 30_000);
    expect(ran.second).to.include('guidedHelp.deadline');
    await waitFor(async () => (await inbox.depth()) === 0, 'the deadline turn to complete');
    expect((await inbox.scheduled(customer.conversationId)).map((i) => i.kind), 'the next deadline (the end) is scheduled').to.deep.equal(['deadline']);
  });
});
