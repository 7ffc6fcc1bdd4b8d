/**
 * A conversation the hub has ended or refused never holds back another conversation's replies
 * (S11): its end is known from the hub's own `conversation.end` before anything is sent, so
 * replies to it are dropped without a POST; and a large batch the hub refuses is halved until
 * the refusing conversation is alone, the rest delivered in a few POSTs rather than one each.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Outbox } from '../../src/adapter/outbox/outbox.js';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { StaticTokenProvider } from '../../src/platform/auth/staticTokenProvider.js';
import { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import { createPlatformHttpCore } from '../../src/platform/http/platformHttpCore.js';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../platform/recordingServer.js';
import { waitFor } from '../support/waitFor.js';
import { CLIENT_ID, request, securityConfig } from './securityKit.js';

const conversationsOf = (r: RecordedRequest) => [...new Set(((r.body as { messages?: { message?: HubMessage[] } }).messages?.message ?? []).map((x) => x.conversation!.id!))];

describe('security: ended and refused conversations hold no one back', () => {
  let hub: RecordingServer;
  /** Conversations the hub has ended: a POST carrying any of them is refused whole with 409. */
  const ended = new Set<string>();
  const messagePosts = () => hub.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/conversations/messages'));
  beforeEach(async () => {
    ended.clear();
    hub = await startRecordingServer();
    hub.reply('POST', '*', (r) => {
      if (!r.path.endsWith('/conversations/messages')) return { status: 200, body: { access_token: 'platform-token', token_type: 'Bearer', expires_in: 3600 } };
      if (conversationsOf(r).some((id) => ended.has(id))) return { status: 409, body: { code: '409-101', developerMessage: 'The conversation has ended.' } };
      return { status: 200, body: {} };
    });
  });
  afterEach(() => hub.close());

  it('[S11] a batch of 40 conversations refused for one of them is halved: the 39 others are delivered in a few POSTs, not one each', async () => {
    let seq = 0;
    const core = createPlatformHttpCore({ baseUrl: hub.url, tenant: 'acme', customRates: { name: 'custom', defaultRate: 1000 }, tokenProvider: new StaticTokenProvider('t') });
    const client = new ConversationManagerClient(core);
    const box = new Outbox({ send: async (batch, call) => void (await client.sendMessages(batch, { backoff: 'caller', signal: call.signal })) });
    const ids = Array.from({ length: 40 }, (_, i) => `live-${i}`);
    ids[17] = 'gone';
    ended.add('gone');
    for (const id of [...ids, 'warm']) box.markLive(id);
    // warm's POST goes at once; the forty queue meanwhile and share the next one.
    const warm = box.enqueue('warm', [{ id: `m-${++seq}`, sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text: 'warm' }, conversation: { id: 'warm' } }]);
    const all = ids.flatMap((id) => box.enqueue(id, [{ id: `m-${++seq}`, sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text: id }, conversation: { id } }]));
    await Promise.all([...warm, ...all]);
    const posts = messagePosts();
    const delivered = posts.filter((r) => !conversationsOf(r).includes('gone')).flatMap(conversationsOf);
    expect(new Set(delivered)).to.have.lengthOf(40); // warm and the 39 live ones
    expect(posts.length, 'POSTs in all').to.be.at.most(2 + 2 * Math.ceil(Math.log2(40)));
    expect(box.isClosed('gone')).to.equal(true);
    expect(ids.filter((id) => id !== 'gone').some((id) => box.isClosed(id))).to.equal(false);
  });

  // Basic is the plan of the review's finding (live replies waited 40 s there): one POST a second.
  for (const plan of ['Enterprise', 'Basic'] as const) describe(`the running bot, told of ends by the hub (${plan} plan)`, () => {
    let bot: HubBotServer;
    let token: string;
    const cfg = () => securityConfig({ PLATFORM_BASE_URL: hub.url, PLATFORM_TOKEN_URL: `${hub.url}/oauth2/token`, PLATFORM_PLAN: plan });
    beforeEach(async () => {
      const config = cfg();
      bot = await startHubBotServer({
        config,
        logger: createLogger({ level: 'silent' }),
        // Every message is answered; the end too would be, were it not ended.
        bot: () => ({ run: async (context) => void (context.activity.type === 'message' && (await context.sendActivity(`echo ${context.activity.text ?? ''}`))) }),
        worker: { pollIntervalMs: 20 },
      });
      token = (await tokenIssuerFromConfig(config)!.issue(CLIENT_ID)).access_token;
    });
    afterEach(() => bot?.stop());

    const message = (conversationId: string, type: string, text?: string): HubMessage => ({ id: `m-${randomUUID()}`, sender: { type: 'customer', id: 'c' }, type: { value: type }, content: text === undefined ? {} : { text }, conversation: { id: conversationId } });
    const deliver = (messages: HubMessage[]) =>
      request(`${bot.url}${cfg().BOT_CALLBACK_PATH}`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ messages: { message: messages } }) });

    it(`[S11] 60 conversations, each with 3 messages and its end, cost no POST; a live customer's reply is the next POST (${plan} plan)`, async () => {
      const dead = Array.from({ length: 60 }, (_, i) => `ended-${i}-${randomUUID().slice(0, 6)}`);
      for (const id of dead) ended.add(id);
      // What the hub delivers for a customer who opens a conversation, says three things and ends it at once.
      for (const id of dead) {
        const answer = await deliver([message(id, 'text', 'one'), message(id, 'text', 'two'), message(id, 'text', 'three'), message(id, 'conversation.end')]);
        expect(answer.status, answer.text).to.equal(200);
      }
      const live = `live-${randomUUID().slice(0, 6)}`;
      const postsBefore = messagePosts().length;
      expect((await deliver([message(live, 'text', 'are you there?')])).status).to.equal(200);
      await waitFor(() => messagePosts().find((r) => conversationsOf(r).includes(live)), 'the live reply');
      await waitFor(async () => (await bot.inbox.depth()) === 0, 'every turn to be done');
      // Counted rather than timed: the live reply is the very next POST, so it waits at most one
      // slot of the plan's budget, as it would with no attack going on.
      expect(postsBefore, 'POSTs before the live message').to.equal(0);
      expect(conversationsOf(messagePosts()[0]!), 'the first POST after it').to.include(live);
      expect(messagePosts().filter((r) => conversationsOf(r).some((id) => ended.has(id))), 'POSTs naming an ended conversation').to.have.lengthOf(0);
      const dropped = (await bot.metrics.sends.get()).values.find((v) => v.labels.outcome === 'dropped')?.value ?? 0;
      expect(dropped).to.equal(60 * 3);
    });
  });
});
