/**
 * The pipeline tells the memory inbox that a message was validated only when the callback's
 * default parser read it: a developer's own parser may let anything through, so its messages
 * are read by the hub message schema when their turn claims them, and one that does not fit is
 * parked as unreadable.
 */
import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { ActivityHandler } from 'botbuilder-core';
import { HubPipeline } from '../../src/adapter/hubPipeline.js';
import type { AppendOptions, AppendResult, InboxItem } from '../../src/adapter/inbox/inbox.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { waitFor } from '../support/waitFor.js';

/** A MemoryInbox that notes what each append was told. */
class NotingInbox extends MemoryInbox {
  readonly told: Array<boolean | undefined> = [];
  override async append(conversationId: string, item: InboxItem, opts: AppendOptions = {}): Promise<AppendResult> {
    this.told.push(opts.validated);
    return super.append(conversationId, item, opts);
  }
}

async function pipelineOn(inbox: MemoryInbox, parse?: (body: unknown) => HubMessage[]): Promise<{ url: string; close: () => Promise<void> }> {
  const pipeline = new HubPipeline({
    inbox,
    sendAtSlot: async () => undefined,
    authenticate: async () => undefined,
    senderType: 'custom_bot',
    conversationStarts: { isNew: async () => false, started: async () => undefined },
    logger: pino({ level: 'silent' }),
    worker: { pollIntervalMs: 20 },
    ...(parse ? { parse } : {}),
  });
  pipeline.start(new ActivityHandler());
  const server: Server = createServer((req, res) => void pipeline.process(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    close: async () => {
      await pipeline.stop({ graceMs: 100 });
      server.close();
    },
  };
}

const post = (url: string, message: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: { message: [message] } }) });

describe('the pipeline and messages validated at the callback', () => {
  it('[T2] records a message the default parser read as validated', async () => {
    const inbox = new NotingInbox();
    const { url, close } = await pipelineOn(inbox);
    try {
      const res = await post(url, { id: 'm1', conversation: { id: 'c1' }, sender: { type: 'customer' }, type: { value: 'text' }, content: { text: 'hi' } });
      expect(res.status).to.equal(200);
      expect(inbox.told).to.deep.equal([true]);
    } finally {
      await close();
    }
  });

  it('[T1] with a parser of the developer\'s own, the turn reads the message with the schema and parks one that does not fit', async () => {
    const inbox = new NotingInbox();
    // Lets a message without a sender through, as a careless parser might.
    const { url, close } = await pipelineOn(inbox, (body) => (body as { messages: { message: HubMessage[] } }).messages.message);
    try {
      const res = await post(url, { id: 'm1', conversation: { id: 'c1' }, type: { value: 'text' }, content: { text: 'hi' } });
      expect(res.status).to.equal(200);
      expect(inbox.told).to.deep.equal([false]);
      await waitFor(async () => (await inbox.deadLetters()).length === 1, 'the dead letter');
      expect((await inbox.deadLetters())[0].reason).to.match(/UnreadableInboxItemError: .*not readable at sender/);
    } finally {
      await close();
    }
  });
});
