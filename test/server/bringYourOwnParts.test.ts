import { expect } from 'chai';
import { Writable } from 'node:stream';
import pino from 'pino';
import { MemoryStorage, type StoreItems } from 'botbuilder-core';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { defaultCallbackParser } from '../../src/adapter/callbackHandler.js';
import type { InboxItem } from '../../src/adapter/inbox/inbox.js';
import { EchoBot } from '../../bots/echoBot.js';
import { Customer } from '../e2e/customerClient.js';

/** A Storage of the developer's own (a Cosmos DB or Blob one in real life): counts its writes. */
class CountingStorage extends MemoryStorage {
  writes = 0;
  override async write(changes: StoreItems): Promise<void> {
    this.writes++;
    return super.write(changes);
  }
}

/** An inbox of the developer's own: counts what it recorded. */
class CountingInbox extends MemoryInbox {
  appended: string[] = [];
  override async append(conversationId: string, item: InboxItem): Promise<{ duplicate: boolean }> {
    this.appended.push(conversationId);
    return super.append(conversationId, item);
  }
}

describe('a bot server built from the developer\'s own parts', () => {
  let stack: LocalStack;
  const storage = new CountingStorage();
  const inbox = new CountingInbox();
  const logLines: string[] = [];
  let parsed = 0;

  before(async () => {
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => { logLines.push(String(chunk)); done(); } }));
    stack = await startLocalStack({
      bot: (deps) => new EchoBot(deps.storage),
      logger,
      parts: {
        storage,
        inbox,
        // The developer's parser sees every callback body; here it marks each text it read.
        parse: (body) => {
          parsed++;
          return defaultCallbackParser(body).map((m) => (m.content?.text ? { ...m, content: { ...m.content, text: `[parsed] ${m.content.text}` } } : m));
        },
      },
    });
  });
  after(() => stack?.stop());

  it('[K5] the injected Storage, inbox, callback parser and logger carry a whole round trip', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('hello');
    const [reply] = await customer.messages(1);
    expect(reply.content?.text).to.equal('You said: [parsed] hello (message 1)');
    expect(parsed).to.be.greaterThan(0);
    expect(inbox.appended).to.include(customer.conversationId);
    expect(storage.writes).to.be.greaterThan(0);
    expect(stack.bot.deps.storage).to.equal(storage);
    expect(stack.bot.inbox).to.equal(inbox);
    expect(logLines.join('')).to.contain('hub bot listening');
  });
});
