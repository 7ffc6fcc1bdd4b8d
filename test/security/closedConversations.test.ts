import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../src/local/localStack.js';
import { EchoBot } from '../../bots/echoBot.js';
import { createLogger } from '../../src/server/logger.js';
import { Customer } from '../e2e/customerClient.js';

async function sendPosts(stack: LocalStack): Promise<{ status: number }[]> {
  const calls = (await (await fetch(`${stack.emulator.url}/emulator/calls?kind=call`)).json()).call as { method: string; path: string; status: number }[];
  return calls.filter((c) => c.method === 'POST' && c.path.endsWith('/conversations/messages'));
}

describe('security: replies to conversations the hub refuses', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), logger: createLogger({ level: 'silent' }) });
  });
  after(() => stack?.stop());

  it('[S6] a conversation the hub answers 404 for is closed: its later replies are dropped and counted, not sent or retried; live ones still go', async () => {
    const adapter = stack.bot.deps.adapter;
    const ghost = { channelId: 'conversation-hub', conversation: { id: 'no-such-conversation', isGroup: false, conversationType: 'hub', name: '' }, bot: { id: 'hub-bot', name: 'bot' }, user: { id: 'u', name: '' } };
    const before = (await sendPosts(stack)).length;
    for (let i = 0; i < 5; i++) await adapter.continueConversationAsync('bot', ghost, async (context) => void (await context.sendActivity(`reply ${i}`)));
    const posts = (await sendPosts(stack)).slice(before);
    expect(posts.map((p) => p.status)).to.deep.equal([404]);
    expect(stack.bot.outbox.isClosed('no-such-conversation')).to.equal(true);
    const sends = await stack.bot.metrics.sends.get();
    expect(sends.values.find((v) => v.labels.outcome === 'dropped')?.value).to.equal(5);

    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('still served?');
    const [reply] = await customer.messages(1);
    expect(reply.content?.text).to.match(/still served\?/);
  });
});
