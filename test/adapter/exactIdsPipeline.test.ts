/**
 * S17 through the whole turn pipeline on the real Redis: the attack's three message ids (which
 * differ only in a lone surrogate) in a conversation whose id holds one are three turns, each
 * seeing its own id, and the replies name the conversation exactly as the hub sent it.
 */
import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { ActivityHandler } from 'botbuilder-core';
import { HubPipeline } from '../../src/adapter/hubPipeline.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import type { MessageBatch } from '../../src/schemas/hubMessages.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { waitFor } from '../support/waitFor.js';

describe('Exact ids through the turn pipeline on Redis (S17)', function () {
  this.timeout(60_000);
  let redis: RedisConnection;
  let server: Server | undefined;
  let pipeline: HubPipeline | undefined;
  const tenant = uniqueTenant('exact-pipeline');
  before(async () => {
    redis = await createRedisConnection();
  });
  after(async () => {
    await pipeline?.stop({ graceMs: 100 });
    server?.close();
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  });

  it('[S17] messages m\\ud800, m\\udbff and m\\udc00 in conversation c\\ud800 are three turns, and the replies go to c\\ud800', async () => {
    const seen: string[] = [];
    const sent: MessageBatch[] = [];
    class Echo extends ActivityHandler {
      constructor() {
        super();
        this.onMessage(async (context, next) => {
          seen.push(context.activity.id ?? '');
          await context.sendActivity(`echo: ${context.activity.text}`);
          await next();
        });
      }
    }
    pipeline = new HubPipeline({
      inbox: new RedisInbox({ client: redis, tenant }),
      sendAtSlot: async (take) => void sent.push(take()),
      authenticate: async () => undefined,
      senderType: 'custom_bot',
      conversationStarts: { isNew: async () => false, started: async () => undefined },
      logger: pino({ level: 'silent' }),
      worker: { pollIntervalMs: 20 },
    });
    pipeline.start(new Echo());
    const p = pipeline;
    server = createServer((req, res) => void p.process(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    const ids = ['m\ud800', 'm\udbff', 'm\udc00'];
    const message = ids.map((id, i) => ({ id, conversation: { id: 'c\ud800' }, sender: { type: 'customer' }, type: { value: 'text' }, content: { text: `${i}` } }));
    // JSON.stringify writes each lone surrogate as its escape, as the hub's JSON would carry it.
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: { message } }) });
    expect(res.status).to.equal(200);
    const replies = () => sent.flatMap((b) => b.messages.message);
    await waitFor(() => replies().length >= 3, 'the three replies');
    expect(seen).to.deep.equal(ids);
    expect(replies().map((m) => [m.conversation?.id, m.content?.text])).to.deep.equal([
      ['c\ud800', 'echo: 0'],
      ['c\ud800', 'echo: 1'],
      ['c\ud800', 'echo: 2'],
    ]);
  });
});
