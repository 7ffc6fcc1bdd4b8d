import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { isBotModulePath, loadBotModule } from '../../cli/botModule.js';
import { createLogger } from '../../src/observability/logger.js';
import { ROOT } from '../package/importGraph.js';
import { Customer } from '../e2e/customerClient.js';

const quiet = createLogger({ level: 'silent' });

describe('the Agents SDK sample, as hubbot start --bot loads it', () => {
  let stack: LocalStack;
  before(async () => {
    // What `hubbot start --bot samples/agentsApp/index.ts` does with the path, then the local stack.
    expect(isBotModulePath('samples/agentsApp/index.ts')).to.equal(true);
    stack = await startLocalStack({ bot: await loadBotModule('samples/agentsApp/index.ts', ROOT), logger: quiet });
  });
  after(() => stack?.stop());

  it('[G2] the AgentApplication of samples/agentsApp chats on the emulator unchanged: welcome, counted echo, reset', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('hello');
    await customer.say('again');
    await customer.say('reset');
    await customer.say('once more');
    const texts = (await customer.messages(5)).map((m) => m.content?.text);
    expect(texts).to.deep.equal([
      'Hello! I repeat what you say, and count. Say "reset" to start again.',
      '[1] You said: hello',
      '[2] You said: again',
      'The count starts again.',
      '[1] You said: once more',
    ]);
  });

  it('--bot refuses a module whose default export is not the bot option, saying what it must be', async () => {
    const attempt = loadBotModule('samples/agentsApp/agent.ts', ROOT);
    await attempt.then(
      () => expect.fail('loaded'),
      (err: Error) => expect(err.message).to.contain('export default hubAgentBot(app)'),
    );
    expect(isBotModulePath('echo')).to.equal(false);
  });
});
