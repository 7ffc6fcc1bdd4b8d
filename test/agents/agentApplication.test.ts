import { expect } from 'chai';
import { ActivityTypes, type ConversationReference } from '@microsoft/agents-activity';
import { ActivityHandler, AgentApplication, MemoryStorage, TurnState } from '@microsoft/agents-hosting';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { hubAgentBot, type AgentDependencies } from '../../src/agents/index.js';
import { DEFAULT_TURN_ERROR_NOTICES } from '../../src/adapter/turnErrors.js';
import { createLogger } from '../../src/observability/logger.js';
import { readTranscript } from '../../src/transcripts/readTranscript.js';
import { HUB_CHANNEL_ID } from '../../src/adapter/hubChannel.js';
import { waitFor } from '../support/waitFor.js';
import { Customer } from '../e2e/customerClient.js';

const quiet = createLogger({ level: 'silent' });

type CounterState = TurnState<{ count?: number }, { name?: string }>;

/** An AgentApplication written as the Agents SDK's samples write one, on the SDK's own MemoryStorage. */
function counterApp(): AgentApplication<CounterState> {
  const app = new AgentApplication<CounterState>({ storage: new MemoryStorage() });
  // AgentApplication 1.8 saves the TurnState after a turn only when an afterTurn handler lets it.
  app.onTurn('afterTurn', async () => true);
  app.onConversationUpdate('membersAdded', async (context) => {
    for (const member of context.activity.membersAdded ?? []) {
      if (member.id !== context.activity.recipient?.id) await context.sendActivity(`Welcome, ${member.name || 'friend'}!`);
    }
  });
  app.onMessage('wrong type', async (context) => {
    // agent.join is the hub's own message: a custom_bot may not send it (sender matrix, C5).
    await context.sendActivity({ type: ActivityTypes.Message, channelData: { hubType: 'agent.join' } } as never);
  });
  app.onMessage('edit', async (context) => {
    // The hub has no edit, no delete for a bot, and no attachment store: each says so.
    const attempts = [
      () => context.updateActivity({ type: ActivityTypes.Message, id: 'x', text: 'edited' } as never),
      () => context.deleteActivity('x'),
      () => context.uploadAttachment(context.activity.conversation!.id, { type: 'image/png', name: 'a.png', originalBase64: new Uint8Array(), thumbnailBase64: new Uint8Array() }),
    ];
    const codes: string[] = [];
    for (const attempt of attempts) await attempt().then(() => codes.push('done'), (err: { code?: string }) => codes.push(String(err.code)));
    await context.sendActivity(codes.join(' '));
  });
  app.onMessage('fail', async () => {
    throw new Error('the agent broke');
  });
  app.onActivity(ActivityTypes.Message, async (context, state) => {
    const count = (state.conversation.count ?? 0) + 1;
    state.conversation.count = count;
    const text = context.activity.text ?? '';
    if (text.startsWith('my name is ')) state.user.name = text.slice(11);
    await context.sendActivity({ type: ActivityTypes.Typing } as never);
    await context.sendActivity(`${count}: you said ${text}, ${state.user.name ?? 'stranger'}`);
  });
  return app;
}

describe('an AgentApplication of the Agents SDK on the hub, against the emulator', () => {
  let stack: LocalStack;
  let deps: AgentDependencies;
  const agentErrors: string[] = [];
  before(async () => {
    const app = counterApp();
    const bot = hubAgentBot((d) => {
      deps = d;
      d.adapter.onTurnError = async (_context, error) => void agentErrors.push(error.message);
      return app;
    });
    stack = await startLocalStack({ bot, logger: quiet });
  });
  after(() => stack?.stop());

  it('[G1] [G2] a customer message reaches the AgentApplication and its reply reaches the customer, sent as custom_bot', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('hello');
    const replies = await customer.messages(2);
    expect(replies[1].content?.text).to.equal('1: you said hello, stranger');
    expect(replies.map((r) => r.sender.type)).to.deep.equal(['custom_bot', 'custom_bot']);
  });

  it('[G1] [H4] the agent\'s turns go to the transcript as a botbuilder bot\'s do: the customer\'s message and the reply', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('keep this');
    await customer.messages(2);
    const texts = await waitFor(async () => {
      const kept = (await readTranscript(stack.bot.deps.transcripts!, HUB_CHANNEL_ID, customer.conversationId)).map((a) => a.text);
      return kept.includes('1: you said keep this, stranger') ? kept : undefined;
    }, 'the reply in the transcript');
    expect(texts).to.include('keep this');
  });

  it('[G2] [T4] onConversationUpdate membersAdded welcomes the customer once, before the first answer', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { id: 'cust-w', name: 'Grace' });
    await customer.say('first');
    await customer.say('second');
    const texts = (await customer.messages(3)).map((m) => m.content?.text);
    expect(texts).to.deep.equal(['Welcome, Grace!', '1: you said first, stranger', '2: you said second, stranger']);
  });

  it('[G2] keeps conversation and user state (TurnState on the SDK\'s MemoryStorage) across turns, and pairs typing indicators', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { id: 'cust-42', name: 'Ada' });
    await customer.say('my name is Ada');
    await customer.messages(2);
    await customer.say('again');
    const texts = (await customer.messages(3)).map((m) => m.content?.text);
    expect(texts.slice(1)).to.deep.equal(['1: you said my name is Ada, Ada', '2: you said again, Ada']);
    // The user state follows the customer into a new conversation; the conversation's does not.
    const later = await Customer.start(stack.emulator.url, stack.accountAddress, { id: 'cust-42', name: 'Ada' });
    await later.say('back');
    expect((await later.messages(2))[1].content?.text).to.equal('1: you said back, Ada');
    const types = customer.received.filter((e) => e.message).map((e) => e.message!.type.value);
    expect(types.filter((t) => t === 'typing.start').length).to.equal(types.filter((t) => t === 'typing.end').length);
  });

  it('[G1] [C5] a reply of a type the bot may not send never leaves: the customer gets the notice and the message is parked', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('wrong type');
    const replies = await customer.messages(2);
    expect(replies[1].content?.text).to.equal(DEFAULT_TURN_ERROR_NOTICES.en);
    expect(customer.received.filter((e) => e.message?.type.value === 'agent.join')).to.deep.equal([]);
    const parked = (await stack.bot.inbox.deadLetters()).filter((l) => l.conversationId === customer.conversationId);
    expect(parked.map((l) => l.reason).join()).to.contain('400-120');
  });

  it('[G1] [T1] an error of the agent runs its adapter\'s onTurnError, then the customer gets the notice and the message is parked', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('fail');
    const replies = await customer.messages(2);
    expect(replies[1].content?.text).to.equal(DEFAULT_TURN_ERROR_NOTICES.en);
    expect(agentErrors).to.include('the agent broke');
    const parked = (await stack.bot.inbox.deadLetters()).filter((l) => l.conversationId === customer.conversationId);
    expect(parked.map((l) => l.reason).join()).to.contain('the agent broke');
  });

  it('[G1] updating, deleting and attachments are refused with 403-198, as on the botbuilder adapter', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('edit');
    expect((await customer.messages(2))[1].content?.text).to.equal('403-198 403-198 403-198');
  });

  it('[G1] [T2] sends proactive messages through the Agents adapter\'s continueConversation', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('remember me');
    await customer.messages(2);
    const reference = (await stack.bot.deps.references.get(customer.conversationId)) as unknown as ConversationReference;
    const agentReference = { ...reference, agent: (reference as { bot?: ConversationReference['agent'] }).bot };
    await deps.adapter.continueConversation('', agentReference, async (context) => {
      expect(context.activity.conversation?.id).to.equal(customer.conversationId);
      await context.sendActivity('Your replacement router has shipped.');
    });
    const replies = await customer.messages(3);
    expect(replies[2].content?.text).to.equal('Your replacement router has shipped.');
  });
});

/** An Agents SDK ActivityHandler, written the usual way, unchanged. */
class EchoHandler extends ActivityHandler {
  constructor() {
    super();
    this.onMessage(async (context, next) => {
      await context.sendActivity(`echo: ${context.activity.text}`);
      await next();
    });
  }
}

describe('an ActivityHandler of the Agents SDK on the hub', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: hubAgentBot(new EchoHandler()), logger: quiet });
  });
  after(() => stack?.stop());

  it('[G2] its onMessage answers the customer', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('ping');
    expect((await customer.messages(1))[0].content?.text).to.equal('echo: ping');
  });
});
