import { expect } from 'chai';
import { ActivityHandler } from 'botbuilder-core';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createLogger } from '../../src/observability/logger.js';
import { eTagConflict } from '../../src/storage/eTagConflict.js';
import { Customer } from './customerClient.js';

/** A bot with a bug on one word, and a storage conflict the first time it sees another. */
class FlakyBot extends ActivityHandler {
  conflicts = 0;
  constructor() {
    super();
    this.onMessage(async (context, next) => {
      const text = context.activity.text ?? '';
      if (text === 'boom') throw new TypeError('cannot read properties of undefined');
      if (text === 'race' && this.conflicts++ === 0) throw eTagConflict('conversation/x');
      await context.sendActivity(`Echo: ${text}`);
      await next();
    });
  }
}

async function counts(stack: LocalStack): Promise<Record<string, number>> {
  const metric = await stack.bot.metrics.turns.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.outcome), v.value]));
}

describe('when a turn fails: the turn error policy', () => {
  let stack: LocalStack;
  const handled: string[] = [];
  before(async () => {
    stack = await startLocalStack({ bot: () => new FlakyBot(), logger: createLogger({ level: 'silent' }), worker: { pollIntervalMs: 50 } });
    // The developer's own onTurnError, as botbuilder samples set one.
    stack.bot.deps.adapter.onTurnError = async (_context, error) => void handled.push(error.message);
  });
  after(() => stack?.stop());

  it('[T1] a bot error tells the customer in their language, parks the message with its error, runs onTurnError, and the conversation goes on', async () => {
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await c.say('boom', { language: 'fr-FR' });
    const [notice] = await c.messages(1);
    expect(notice.content?.text).to.match(/^Désolé, un problème est survenu/);
    expect(handled).to.deep.equal(['cannot read properties of undefined']);
    const dead = await stack.bot.inbox.deadLetters();
    const letter = dead.find((d) => d.conversationId === c.conversationId);
    expect(letter?.reason).to.contain('cannot read properties of undefined');
    expect(letter?.attempts).to.equal(1);
    await c.say('still there?');
    const all = await c.messages(2);
    expect(all[1].content?.text).to.equal('Echo: still there?');
    expect((await counts(stack)).error).to.equal(1);
  });

  it('[T1] a transient error (a storage conflict) runs the turn again from the inbox: the customer sees the answer once and no notice', async () => {
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await c.say('race');
    const replies = await c.messages(1, 15_000);
    expect(replies.map((m) => m.content?.text)).to.deep.equal(['Echo: race']);
    expect((await counts(stack)).retried).to.equal(1);
    expect(handled).to.have.length(1);
  });
});
