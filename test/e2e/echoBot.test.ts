import { expect } from 'chai';
import { ActivityHandler, ConversationState, UserState, MessageFactory } from 'botbuilder-core';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { EchoBot } from '../../bots/echoBot.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer } from './customerClient.js';
import { waitFor } from '../support/waitFor.js';
import { deleteArticleOnPortal } from './articleDeletion.js';

const quiet = createLogger({ level: 'silent' });

describe('the adapter end to end, against the emulator', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), env: { BOT_HOST: '127.0.0.1' }, logger: quiet });
  });
  after(() => stack?.stop());

  it('[B1] [B2] a customer message reaches the ActivityHandler and its reply reaches the customer', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('hello');
    const [reply] = await customer.messages(1);
    expect(reply.type.value).to.equal('text');
    expect(reply.sender.type).to.equal('custom_bot');
    expect(reply.content?.text).to.equal('You said: hello (message 1)');
  });

  it('[B4] 100 messages across 10 conversations are answered in order per conversation', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => Customer.start(stack.emulator.url, stack.accountAddress)));
    // Each customer sends ten messages back to back; conversations interleave.
    await Promise.all(customers.map(async (c, ci) => {
      for (let i = 0; i < 10; i++) await c.say(`c${ci}-m${i}`);
    }));
    for (const [ci, c] of customers.entries()) {
      const replies = await c.messages(10, 30_000);
      expect(replies.map((r) => r.content?.text)).to.deep.equal(Array.from({ length: 10 }, (_, i) => `You said: c${ci}-m${i} (message ${i + 1})`));
    }
  });

  it('[C9] the hub reached the callback with a token from the bot\'s own endpoint, obtained through the stored authentication', async () => {
    const res = await fetch(`${stack.emulator.url}/emulator/calls?kind=callbackToken`);
    const body = await res.json();
    const entries = body.call as Array<Record<string, unknown>>;
    expect(entries.length).to.be.greaterThan(0);
    expect(JSON.stringify(entries)).to.contain('/oauth2/token');
    // And a callback without a token is refused with the error body.
    const refused = await fetch(`${stack.bot.url}${stack.config.BOT_CALLBACK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).to.equal(401);
    expect((await refused.json()).code).to.match(/^401-/);
  });

  it('[C10] a message type the bot does not support is acknowledged and ignored', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    expect(await customer.send('customer.inactive', {})).to.equal(202);
    await customer.say('still there');
    const replies = await customer.messages(1);
    expect(replies.map((r) => r.content?.text)).to.deep.equal(['You said: still there (message 1)']);
  });

  it('sends proactive messages to a stored conversation reference', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('remember me');
    await customer.messages(1);
    const reference = await stack.bot.deps.references.get(customer.conversationId);
    expect(reference?.conversation?.id).to.equal(customer.conversationId);
    await stack.bot.deps.adapter.continueConversationAsync('bot', reference!, async (context) => {
      await context.sendActivity('Your replacement router has shipped.');
    });
    const replies = await customer.messages(2);
    expect(replies[1].content?.text).to.equal('Your replacement router has shipped.');
  });

  it('forgets the reference of a conversation once it has ended, so the list holds the conversations under way', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('bye soon');
    await customer.messages(1);
    expect((await stack.bot.deps.references.list()).map((r) => r.conversation?.id)).to.include(customer.conversationId);
    expect(await customer.send('conversation.end', {})).to.equal(202);
    await waitFor(async () => (await stack.bot.deps.references.get(customer.conversationId)) === undefined, 'the ended conversation\'s reference to be removed');
    expect((await stack.bot.deps.references.list()).map((r) => r.conversation?.id)).to.not.include(customer.conversationId);
  });
});

/** An ordinary ActivityHandler, written the usual botbuilder way, unchanged. */
class CounterBot extends ActivityHandler {
  constructor(conversationState: ConversationState, userState: UserState) {
    super();
    const count = conversationState.createProperty<number>('count');
    const name = userState.createProperty<string>('name');
    this.onMessage(async (context, next) => {
      const n = (await count.get(context, 0)) + 1;
      await count.set(context, n);
      if (context.activity.text?.startsWith('my name is ')) await name.set(context, context.activity.text.slice(11));
      await context.sendActivities([{ type: 'typing' }, MessageFactory.text(`${n}: hi ${await name.get(context, 'stranger')}`)]);
      await conversationState.saveChanges(context);
      await userState.saveChanges(context);
      await next();
    });
  }
}

describe('an ordinary ActivityHandler runs unchanged', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({
      bot: (deps) => new CounterBot(new ConversationState(deps.storage), new UserState(deps.storage)),
      logger: quiet,
    });
  });
  after(() => stack?.stop());

  it('[B2] keeps ConversationState and UserState across turns, and pairs typing indicators', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { id: 'cust-42', name: 'Ada' });
    await customer.say('my name is Ada');
    await customer.messages(1);
    await customer.say('again');
    const texts = (await customer.messages(2)).map((m) => m.content?.text);
    expect(texts).to.deep.equal(['1: hi Ada', '2: hi Ada']);
    const all = customer.received.filter((e) => e.message).map((e) => e.message!.type.value);
    // Each typing.start that left is closed by a typing.end before the reply.
    expect(all.filter((t) => t === 'typing.start').length).to.equal(all.filter((t) => t === 'typing.end').length);
  });
});

describe('knowledge events reach the bot end to end', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), logger: quiet });
  });
  after(() => stack?.stop());

  it('[W1] an article deleted on the portal reaches the bot\'s webhook and is known as deleted', async () => {
    const seen: string[] = [];
    stack.bot.deps.knowledge.events.on('article_deleted', async (e) => {
      seen.push(String((e.payload as { articleId?: string }).articleId));
    });
    await deleteArticleOnPortal(stack, 'KB-10001');
    expect(seen).to.deep.equal(['KB-10001']);
    const deliveries = await (await fetch(`${stack.emulator.url}/emulator/events/deliveries?eventType=article_deleted`)).json();
    expect(JSON.stringify(deliveries)).to.contain('delivered');
  });
});
