/**
 * The start of a conversation end to end (N4, U1): the emulated hub signals a new conversation
 * with `customer.info` (its name and language), so an ordinary welcome handler greets before
 * the customer types, by name and in their language; the signal can be turned off; and a
 * message naming no language reaches the bot in the server's DEFAULT_LANGUAGE.
 */
import { expect } from 'chai';
import { ActivityHandler } from 'botbuilder-core';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../cli/localStack.js';
import { READY_BOTS } from '../../bots/readyBots.js';
import { createLogger } from '../../src/observability/logger.js';
import { waitFor } from '../support/waitFor.js';
import { Customer } from './customerClient.js';

/** Microsoft's welcome pattern, saying what it knows of the customer. */
class GreetingBot extends ActivityHandler {
  constructor() {
    super();
    this.onMembersAdded(async (context, next) => {
      for (const member of context.activity.membersAdded ?? []) {
        if (member.id !== context.activity.recipient.id) await context.sendActivity(`Welcome ${context.activity.from.name || '?'} [${context.activity.locale ?? 'none'}]`);
      }
      await next();
    });
    this.onMessage(async (context, next) => {
      await context.sendActivity(`${context.activity.text} [${context.activity.locale ?? 'none'}]`);
      await next();
    });
  }
}

async function stackWith(opts: Partial<LocalStackOptions>): Promise<LocalStack> {
  return startLocalStack({ bot: () => new GreetingBot(), logger: createLogger({ level: 'silent' }), ...opts });
}

describe('conversation start signalled by the emulated hub (end to end)', function () {
  this.timeout(30_000);
  let stack: LocalStack | undefined;
  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
  });

  it('[N4] [U1] opening a conversation greets the customer before they type, by name and in their language', async () => {
    stack = await stackWith({});
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { name: 'Ana' }, 'fr-FR');
    const [welcome] = await customer.messages(1);
    expect(welcome.content?.text).to.equal('Welcome Ana [fr-FR]');
    // What the hub held: the signal, from the customer, carrying the name and the language.
    const conv = await (await fetch(`${stack.emulator.url}/emulator/conversations/${customer.conversationId}`)).json();
    const [signal] = conv.messages.message;
    expect(signal).to.deep.include({ type: { value: 'customer.info' }, content: { name: 'Ana', language: 'fr-FR' }, language: 'fr-FR' });
    expect(signal.sender.type).to.equal('customer');
    await customer.say('bonjour');
    const all = await customer.messages(2);
    expect(all.map((m) => m.content?.text), 'one greeting, then the answer').to.deep.equal(['Welcome Ana [fr-FR]', 'bonjour [fr-FR]']);
  });

  it('[N4] without a language from the channel, the signal carries the account\'s default language', async () => {
    stack = await stackWith({ env: { DEFAULT_LANGUAGE: 'es-ES' } });
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    const [welcome] = await customer.messages(1);
    expect(welcome.content?.text).to.equal('Welcome ? [es-ES]');
  });

  it('[N4] the emulator setting turns the signal off: the bot first hears of the conversation with the customer\'s message', async () => {
    stack = await stackWith({ emulator: { conversationStart: false } });
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { name: 'Bo' });
    await customer.say('hi');
    const all = await customer.messages(2);
    expect(all.map((m) => m.content?.text)).to.deep.equal(['Welcome Bo [en-US]', 'hi [en-US]']);
  });

  it('[N4] an own signal replaces customer.info', async () => {
    stack = await stackWith({ emulator: { conversationStart: (s) => ({ type: { value: 'customer.info' }, content: { customer: { name: `${s.name} (VIP)`, locale: 'de-DE' } } as never }) } });
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { name: 'Cy' });
    const [welcome] = await customer.messages(1);
    expect(welcome.content?.text).to.equal('Welcome Cy (VIP) [de-DE]');
  });

  it('[N4] a message naming no language reaches the bot in the server\'s DEFAULT_LANGUAGE', async () => {
    stack = await stackWith({ env: { DEFAULT_LANGUAGE: 'de-DE' }, emulator: { conversationStart: false } });
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    // Through the hub's own API, as a channel naming no language would send it (the emulator's
    // customer route would fill in the account's language).
    const token = stack.emulator.tokenFor({ senderType: 'customer' });
    const res = await fetch(`${stack.emulator.hubUrl}/conversations/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ messages: { message: [{ sender: { type: 'customer', id: 'c-1' }, type: { value: 'text' }, content: { text: 'hallo' }, conversation: { id: customer.conversationId } }] } }),
    });
    expect(res.status, await res.text()).to.equal(202);
    const all = await customer.messages(2);
    expect(all.map((m) => m.content?.text)).to.deep.equal(['Welcome ? [de-DE]', 'hallo [de-DE]']);
  });

  it('[N4] a conversation opened by a customer\'s first message is signalled before that message', async () => {
    stack = await stackWith({});
    const token = stack.emulator.tokenFor({ senderType: 'customer' });
    const first = { sender: { type: 'customer', id: 'c-9', name: 'Dee' }, type: { value: 'text' }, content: { text: 'hola' }, conversation: { account: { address: stack.accountAddress } }, language: 'es-ES' };
    const res = await fetch(`${stack.emulator.hubUrl}/conversations/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ messages: { message: [first] } }),
    });
    expect(res.status).to.equal(202);
    const [{ conversationId }] = (await res.json()).messages;
    const received = await waitFor(async () => {
      const body = await (await fetch(`${stack!.emulator.url}/emulator/conversations/${conversationId}/received?since=0&waitMs=2000`)).json();
      const texts = body.events.map((e: { message?: { content?: { text?: string } } }) => e.message?.content?.text).filter(Boolean);
      return texts.length >= 2 ? texts : undefined;
    }, 'the greeting and the answer');
    expect(received).to.deep.equal(['Welcome Dee [es-ES]', 'hola [es-ES]']);
    const conv = await (await fetch(`${stack.emulator.url}/emulator/conversations/${conversationId}`)).json();
    expect(conv.messages.message.map((m: { type: { value: string } }) => m.type.value).slice(0, 2)).to.deep.equal(['customer.info', 'text']);
  });

  it('[U1] without the start signal, the guided-help bot answers a blank first message once, not with two greetings', async () => {
    stack = await startLocalStack({ bot: READY_BOTS['guided-help'].create, logger: createLogger({ level: 'silent' }), emulator: { conversationStart: false } });
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say(' ');
    // Turns run in order: all that answers the blank message comes before the answer to "help".
    await customer.say('help');
    const all = await customer.waitFor((r) => r.some((e) => e.message?.content?.text?.startsWith('Answer my questions')), 20_000);
    const replies = all.filter((e) => e.message && !e.message.type.value.startsWith('typing.')).map((e) => e.message!.content?.text ?? '');
    expect(replies.length, replies.join(' | ')).to.equal(2);
    expect(replies[0]).to.contain('What do you need help with?');
  });
});
