import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { EchoBot } from '../../bots/echoBot.js';
import { createLogger } from '../../src/observability/logger.js';
import { run as transcriptCommand } from '../../cli/transcriptCommand.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { waitFor } from '../support/waitFor.js';
import { Customer } from './customerClient.js';
import { captureIo } from '../support/captureIo.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('transcripts of the bot server, on Redis', () => {
  let stack: LocalStack;
  let client: RedisConnection;
  const tenant = uniqueTenant('transcript-e2e');
  before(async () => {
    client = await createRedisConnection({ url: REDIS_URL });
    stack = await startLocalStack({
      bot: (deps) => new EchoBot(deps.storage),
      env: { BOT_HOST: '127.0.0.1', REDIS_URL, PLATFORM_TENANT: tenant },
      logger: createLogger({ level: 'silent' }),
    });
  });
  after(async () => {
    await stack?.stop();
    await deleteTenantKeys(client, tenant);
    await closeRedisConnection(client);
  });

  it('[H4] records what the customer and the bot said, and hubbot transcript prints it as text and JSON', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('hello there');
    await customer.messages(1);
    const env = { REDIS_URL, PLATFORM_TENANT: tenant };
    // The middleware writes after the turn without holding it: wait for both lines.
    const text = await waitFor(async () => {
      const io = captureIo(env);
      const code = await transcriptCommand([customer.conversationId], io);
      return code === 0 && io.lines.some((l) => l.includes('You said: hello there')) ? io.lines : undefined;
    }, 'the transcript to hold the reply');
    expect(text.find((l) => l.includes('hello there') && !l.includes('You said'))).to.match(/customer\s+hello there/);

    const json = captureIo(env);
    expect(await transcriptCommand([customer.conversationId, '--json'], json)).to.equal(0);
    const activities = JSON.parse(json.lines.join('\n')) as Array<{ text?: string; conversation: { id: string }; channelData?: unknown }>;
    expect(activities.map((a) => a.text)).to.include.members(['hello there', 'You said: hello there (message 1)']);
    expect(activities.every((a) => a.conversation.id === customer.conversationId && a.channelData === undefined)).to.equal(true);
  });

  it('[H4] hubbot transcript says so when there is no transcript, and needs Redis', async () => {
    const none = captureIo({ REDIS_URL, PLATFORM_TENANT: tenant });
    expect(await transcriptCommand(['no-such-conversation'], none)).to.equal(1);
    expect(none.errors.join('\n')).to.include('no transcript');
    const noRedis = captureIo({});
    expect(await transcriptCommand(['x'], noRedis)).to.equal(2);
    expect(noRedis.errors.join('\n')).to.include('REDIS_URL');
  });
});
