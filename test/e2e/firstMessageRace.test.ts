/**
 * The customer's first seconds with the ready guided-help bot, over the emulator's customer API
 * (U1): the customer writes at once, before the greeting arrived, or their first message even
 * reaches the bot before the hub's start signal. Whatever the order, the conversation is
 * greeted once, and a first "hello" after the greeting gets an answer of its own rather than
 * the greeting again. Each walk ends with "help", whose answer comes after everything the
 * earlier turns sent (turns run in order), so counting before it is not a race of its own.
 */
import { expect } from 'chai';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../cli/localStack.js';
import { READY_BOTS } from '../../bots/readyBots.js';
import { message } from '../../dialogs/guidedHelp/guidedHelpMessages.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer } from './customerClient.js';

const GREETING = message('en-US', 'greeting');
const HELLO_ANSWER = message('en-US', 'topicsAgain');
const HELP = message('en-US', 'help');

/** Every reply's text up to the answer to "help", typing indicators left out. */
async function repliesUntilHelp(customer: Customer): Promise<string[]> {
  await customer.say('help');
  const all = await customer.waitFor((r) => r.some((e) => e.message?.content?.text === HELP), 20_000);
  return all.filter((e) => e.message && !e.message.type.value.startsWith('typing.')).map((e) => e.message!.content?.text ?? '');
}

describe('the first message racing the greeting (end to end, guided-help bot)', function () {
  this.timeout(60_000);
  let stack: LocalStack | undefined;
  const start = async (opts: Partial<LocalStackOptions> = {}) => {
    stack = await startLocalStack({ bot: READY_BOTS['guided-help'].create, logger: createLogger({ level: 'silent' }), ...opts });
    return stack;
  };
  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
  });

  it('[U1] a hello sent the moment the chat opens, before the greeting arrived: one greeting, then an answer of its own', async () => {
    const { emulator, accountAddress } = await start();
    const customer = await Customer.start(emulator.url, accountAddress);
    await customer.say('hello');
    const replies = await repliesUntilHelp(customer);
    expect(replies, replies.join(' | ')).to.deep.equal([GREETING, HELLO_ANSWER, HELP]);
  });

  it('[U1] a hello sent after the greeting arrived gets the same answer: the topics again, not a second greeting', async () => {
    const { emulator, accountAddress } = await start();
    const customer = await Customer.start(emulator.url, accountAddress);
    await customer.messages(1, 20_000);
    await customer.say('hello');
    const replies = await repliesUntilHelp(customer);
    expect(replies, replies.join(' | ')).to.deep.equal([GREETING, HELLO_ANSWER, HELP]);
  });

  it('[U1] the first message reaching the bot before the start signal: greeted once, the greeting answering it', async () => {
    // The emulator signals at opening; here the channel's signal comes late, after "hello".
    const { emulator, accountAddress } = await start({ emulator: { conversationStart: false } });
    const customer = await Customer.start(emulator.url, accountAddress, { name: 'Ana' });
    await customer.say('hello');
    expect(await customer.send('customer.info', { name: 'Ana', language: 'en-US' })).to.equal(202);
    const replies = await repliesUntilHelp(customer);
    expect(replies, replies.join(' | ')).to.deep.equal([GREETING, HELP]);
  });
});
