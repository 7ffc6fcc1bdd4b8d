import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { EchoBot } from '../../bots/echoBot.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer } from '../e2e/customerClient.js';
import { Outbox, type OutboxOptions } from '../../src/adapter/outbox/outbox.js';
import { StaticTokenProvider } from '../../src/platform/auth/staticTokenProvider.js';
import { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import { createPlatformHttpCore } from '../../src/platform/http/platformHttpCore.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../platform/recordingServer.js';

async function sendPosts(stack: LocalStack): Promise<{ status: number }[]> {
  const calls = (await (await fetch(`${stack.emulator.url}/emulator/calls?kind=call`)).json()).call as { method: string; path: string; status: number }[];
  return calls.filter((c) => c.method === 'POST' && c.path.endsWith('/conversations/messages'));
}

describe('security: replies to conversations the hub refuses', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), logger: createLogger({ level: 'silent' }) });
  });
  after(() => stack?.stop());

  it('[S6] a conversation the hub answers 404 for is closed: its later replies are dropped and counted, not sent or retried; live ones still go', async () => {
    const adapter = stack.bot.deps.adapter;
    const ghost = { channelId: 'conversation-hub', conversation: { id: 'no-such-conversation', isGroup: false, conversationType: 'hub', name: '' }, bot: { id: 'hub-bot', name: 'bot' }, user: { id: 'u', name: '' } };
    const before = (await sendPosts(stack)).length;
    for (let i = 0; i < 5; i++) await adapter.continueConversationAsync('bot', ghost, async (context) => void (await context.sendActivity(`reply ${i}`)));
    const posts = (await sendPosts(stack)).slice(before);
    expect(posts.map((p) => p.status)).to.deep.equal([404]);
    expect(stack.bot.outbox.isClosed('no-such-conversation')).to.equal(true);
    const sends = await stack.bot.metrics.sends.get();
    expect(sends.values.find((v) => v.labels.outcome === 'dropped')?.value).to.equal(5);

    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('still served?');
    const [reply] = await customer.messages(1);
    expect(reply.content?.text).to.match(/still served\?/);
  });
});

describe('security: closed conversations, against a hub that refuses some of them', () => {
  let hub: RecordingServer;
  /** Conversations the hub refuses, with the status it answers for a POST that carries any of them (the whole POST is refused). */
  const refused = new Map<string, number>();
  let seq = 0;
  const reply = (conversation: string, text = 'hi'): HubMessage => ({ id: `s6-${++seq}`, sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text }, conversation: { id: conversation } });
  const conversationsOf = (r: RecordedRequest) => [...new Set((r.body as { messages: { message: HubMessage[] } }).messages.message.map((x) => x.conversation!.id!))];
  const posts = () => hub.requests.filter((r) => r.method === 'POST');

  beforeEach(async () => {
    refused.clear();
    hub = await startRecordingServer();
    hub.reply('POST', '*', (r) => {
      const status = conversationsOf(r).map((id) => refused.get(id)).find((s) => s !== undefined);
      if (status === undefined) return { status: 200, body: {} };
      return { status, body: { code: `${status}-101`, developerMessage: status === 404 ? 'Not found: conversation.' : 'The conversation has ended.' } };
    });
  });
  afterEach(() => hub.close());

  /** The outbox as the bot server builds it: through the real core and client, over HTTP. */
  function outbox(opts: Partial<OutboxOptions> = {}): Outbox {
    const core = createPlatformHttpCore({ baseUrl: hub.url, tenant: 'acme', customRates: { name: 'custom', defaultRate: 1000 }, tokenProvider: new StaticTokenProvider('t') });
    const client = new ConversationManagerClient(core);
    return new Outbox({ send: async (batch, call) => void (await client.sendMessages(batch, { backoff: 'caller', signal: call.signal })), ...opts });
  }

  it('[S6] a conversation the hub answers 409 (ended) for is closed after one POST: its later replies are dropped and counted', async () => {
    refused.set('ended', 409);
    const dropped: [string, number, string][] = [];
    const box = outbox({ onDropped: (id, n, why) => dropped.push([id, n, why]) });
    box.markLive('ended');
    await Promise.all(box.enqueue('ended', [reply('ended'), reply('ended')]));
    await Promise.all(box.enqueue('ended', [reply('ended')]));
    expect(posts()).to.have.length(1);
    expect(box.isClosed('ended')).to.equal(true);
    expect(dropped.map(([id, n, why]) => [id, n, why.startsWith('409-101')])).to.deep.equal([
      ['ended', 2, true],
      ['ended', 1, true],
    ]);
  });

  it('[S6] a 404 on a batch with live conversations: each is sent again alone; the live ones are delivered, only the one whose own POST got 404 is closed', async () => {
    const box = outbox();
    for (const id of ['warm', 'live-1', 'live-2', 'gone']) box.markLive(id);
    refused.set('gone', 404);
    // warm's POST goes at once; the three others queue meanwhile and share the next one.
    const warm = box.enqueue('warm', [reply('warm')]);
    const live = [...box.enqueue('live-1', [reply('live-1')]), ...box.enqueue('gone', [reply('gone')]), ...box.enqueue('live-2', [reply('live-2')])];
    await Promise.all([...warm, ...live]);
    expect(posts().map(conversationsOf)).to.deep.equal([['warm'], ['live-1', 'gone', 'live-2'], ['live-1'], ['gone'], ['live-2']]);
    expect(['live-1', 'gone', 'live-2'].map((id) => box.isClosed(id))).to.deep.equal([false, true, false]);
  });

  it('[S6] a conversation never seen before is sent alone: an unknown one costs one POST and spoils no batch', async () => {
    refused.set('stranger', 404);
    const box = outbox();
    box.markLive('a');
    box.markLive('b');
    box.enqueue('a', [reply('a')]);
    const all = [...box.enqueue('stranger', [reply('stranger'), reply('stranger')]), ...box.enqueue('a', [reply('a')]), ...box.enqueue('b', [reply('b')])];
    await Promise.all(all);
    expect(posts().map(conversationsOf)).to.deep.equal([['a'], ['stranger'], ['a', 'b']]);
    expect(box.isClosed('stranger')).to.equal(true);
  });

  it('[S6] 10,000 replies to 200 dead conversations delay a live reply by one POST at most, and cost one POST per dead conversation', async () => {
    let dropped = 0;
    const box = outbox({ onDropped: (_id, n) => (dropped += n) });
    box.markLive('live');
    const dead = Array.from({ length: 200 }, (_, i) => `dead-${i}`);
    for (const id of dead) refused.set(id, 404);
    const sends: Promise<void>[] = [];
    for (const id of dead) sends.push(...box.enqueue(id, Array.from({ length: 50 }, () => reply(id))));
    const live = box.enqueue('live', [reply('live', 'for the live customer')]);
    await Promise.all(live);
    const before = posts().findIndex((r) => conversationsOf(r).includes('live'));
    expect(before, 'POSTs before the live reply departed').to.be.at.most(1);
    await Promise.all(sends);
    expect(posts()).to.have.length(201);
    expect(dropped).to.equal(10_000);
    expect(dead.every((id) => box.isClosed(id))).to.equal(true);
  });
});
