/**
 * The turn pipeline on its own (src/adapter/hubPipeline.ts), mounted on a plain Node server as
 * a developer would: a callback is authenticated, recorded and acked, the bot's reply leaves
 * through the send function, in order, and stop() refuses new callbacks so the hub tries another
 * replica. No composition root is involved: the way from callback to POST is the adapter's.
 */
import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { ActivityHandler } from 'botbuilder-core';
import { HubPipeline } from '../../src/adapter/hubPipeline.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { PlatformError } from '../../src/errors/platformError.js';
import type { MessageBatch } from '../../src/schemas/hubMessages.js';

const TOKEN = 'Bearer pipeline-test';

/** Replies "echo: <text>" to every message. */
class Echo extends ActivityHandler {
  constructor() {
    super();
    this.onMessage(async (context, next) => {
      await context.sendActivity(`echo: ${context.activity.text}`);
      await next();
    });
  }
}

describe('the turn pipeline, on its own', () => {
  let server: Server;
  let url: string;
  let pipeline: HubPipeline;
  const sent: MessageBatch[] = [];
  let onSent: () => void = () => undefined;

  before(async () => {
    pipeline = new HubPipeline({
      inbox: new MemoryInbox(),
      sendAtSlot: async (take) => {
        sent.push(take());
        onSent();
      },
      authenticate: async (req) => {
        if (req.headers.authorization !== TOKEN) throw PlatformError.of('401-104');
      },
      senderType: 'custom_bot',
      conversationStarts: { isNew: async () => false, started: async () => undefined },
      logger: pino({ level: 'silent' }),
      worker: { pollIntervalMs: 20 },
    });
    pipeline.start(new Echo());
    server = createServer((req, res) => void pipeline.process(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  });
  after(async () => {
    await pipeline.stop({ graceMs: 100 });
    server.close();
  });

  const callback = (conversationId: string, texts: string[], authorization = TOKEN) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({
        messages: {
          message: texts.map((text, i) => ({ id: `${conversationId}-${i}`, conversation: { id: conversationId }, sender: { type: 'customer' }, type: { value: 'text' }, content: { text } })),
        },
      }),
    });

  /** Resolves when the sent batches hold `n` replies to `conversationId`. */
  function repliesTo(conversationId: string, n: number): Promise<string[]> {
    const texts = () => sent.flatMap((b) => b.messages.message).filter((m) => m.conversation?.id === conversationId).map((m) => m.content?.text ?? '');
    return new Promise((resolve) => {
      const check = () => {
        if (texts().length >= n) resolve(texts());
      };
      const previous = onSent;
      onSent = () => {
        previous();
        check();
      };
      check();
    });
  }

  it('[B1] [B2] acks an authenticated callback, runs the bot and sends its replies in arrival order [B4]', async () => {
    const res = await callback('pipe-1', ['one', 'two', 'three']);
    expect(res.status).to.equal(200);
    expect(await repliesTo('pipe-1', 3)).to.deep.equal(['echo: one', 'echo: two', 'echo: three']);
  });

  it('[C9] refuses a callback without the right token with 401 and the error body, and records nothing', async () => {
    const depth = await pipeline.inbox.depth();
    const res = await callback('pipe-2', ['hello'], 'Bearer wrong');
    expect(res.status).to.equal(401);
    expect(((await res.json()) as { code: string }).code).to.match(/^401-/);
    expect(await pipeline.inbox.depth()).to.equal(depth);
  });

  it('[T7] after stop(), a callback gets 503 so the hub tries another replica', async () => {
    await pipeline.stop({ graceMs: 100 });
    const res = await callback('pipe-3', ['late']);
    expect(res.status).to.equal(503);
  });
});
