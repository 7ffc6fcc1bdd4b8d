import { expect } from 'chai';
import { ActivityHandler, type ChannelAccount } from 'botbuilder-core';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { activityFromHubMessage } from '../../src/adapter/activityFromHubMessage.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer } from './customerClient.js';

/** The welcome pattern of Microsoft's botbuilder samples, unchanged: greet every member added but the bot. */
class WelcomeBot extends ActivityHandler {
  readonly added: ChannelAccount[][] = [];
  constructor() {
    super();
    this.onMembersAdded(async (context, next) => {
      this.added.push(context.activity.membersAdded ?? []);
      for (const member of context.activity.membersAdded ?? []) {
        if (member.id !== context.activity.recipient.id) await context.sendActivity('Welcome to the help desk!');
      }
      await next();
    });
    this.onMessage(async (context, next) => {
      await context.sendActivity(`Echo: ${context.activity.text}`);
      await next();
    });
  }
}

describe('welcome messages: conversationUpdate before a conversation\'s first message', () => {
  let stack: LocalStack;
  let bot: WelcomeBot;
  before(async () => {
    bot = new WelcomeBot();
    stack = await startLocalStack({ bot: () => bot, logger: createLogger({ level: 'silent' }) });
  });
  after(() => stack?.stop());

  it('[T4] onMembersAdded fires once, with the customer and the bot, before the first message; not again after', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { id: 'cust-42', name: 'Ada' });
    await customer.say('hi');
    const first = await customer.messages(2);
    expect(first.map((m) => m.content?.text)).to.deep.equal(['Welcome to the help desk!', 'Echo: hi']);
    await customer.say('again');
    const all = await customer.messages(3);
    expect(all.map((m) => m.content?.text)).to.deep.equal(['Welcome to the help desk!', 'Echo: hi', 'Echo: again']);
    const added = bot.added.at(-1)!;
    expect(added.map((m) => m.role)).to.deep.equal(['user', 'bot']);
    expect(added[0]).to.include({ id: 'cust-42' });
  });

  it('[T4] an agent joining (agent.join) reaches the bot as a member added', () => {
    const activity = activityFromHubMessage(
      { id: 'm9', sender: { type: 'platform_agent', id: 'agent-7', name: 'Grace' }, type: { value: 'agent.join' }, conversation: { id: 'c1' } },
      { conversationId: 'c1', botId: 'bot', serviceUrl: 'hub://x' },
    );
    expect(activity?.type).to.equal('conversationUpdate');
    expect(activity?.membersAdded).to.deep.equal([{ id: 'agent-7', name: 'Grace', role: 'platform_agent' }]);
  });
});
