/**
 * The guided-help bot greets a conversation once (U1), deciding from its Storage: two bot
 * instances over one Redis stand for two replicas, and the start turn and the customer's first
 * message land on different ones, in either order; a start seen a second time greets no more.
 */
import { expect } from 'chai';
import type { Activity } from 'botbuilder-core';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { message } from '../../dialogs/guidedHelp/guidedHelpMessages.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { redisTenant } from '../storage/redisTestTenant.js';
import { Chat, texts } from './guidedHelpHarness.js';
import { portalStubAsPort } from './portalStubAsPort.js';

const TOPICS = [
  { casebaseId: '101', name: 'Home internet' },
  { casebaseId: '202', name: 'Printers' },
];
const GREETING = message('en-US', 'greeting');
const TOPICS_AGAIN = message('en-US', 'topicsAgain');

/** The adapter's start turn (T4) for a hub message of `type`: the customer and the bot added. */
function startTurn(type: 'customer.info' | 'text'): Partial<Activity> {
  return {
    type: 'conversationUpdate',
    from: { id: 'customer-1', name: 'Ana' },
    recipient: { id: 'hub-bot', name: 'hub-bot' },
    membersAdded: [{ id: 'customer-1', name: 'Ana' }, { id: 'hub-bot', name: 'hub-bot' }],
    channelData: { hubMessage: { type: { value: type } } },
  };
}

describe('guided help bot: one greeting per conversation, across replicas (Redis)', () => {
  const redis = redisTenant('greeting-once');
  let n = 0;

  /** A new bot instance over the shared Redis: another replica. */
  const replica = () => new GuidedHelpBot({ storage: new RedisStorage({ client: redis.client, tenant: redis.tenant }), portal: portalStubAsPort(), casebases: TOPICS });
  const newChat = () => new Chat(replica(), { conversationId: `greeting-once-${++n}` });

  it('[U1] the start signal greets on one replica; the first "hello" on another gets the topics in other words, not the greeting again', async () => {
    const chat = newChat();
    expect(texts(await chat.send(startTurn('customer.info')))).to.equal(GREETING);
    chat.use(replica());
    const answer = await chat.say('hello');
    expect(texts(answer)).to.equal(TOPICS_AGAIN);
    expect(answer[0].suggestedActions?.actions.map((a) => a.title), 'the topics to pick from again').to.deep.equal(['Home internet', 'Printers']);
    // A start seen again, on a third replica (a late signal, a start record lost): no greeting.
    chat.use(replica());
    expect(await chat.send(startTurn('customer.info'))).to.deep.equal([]);
  });

  it('[U1] the first message before the start signal: its own turn greets, and the late start on another replica does not greet again', async () => {
    const chat = newChat();
    expect(await chat.send(startTurn('text')), 'the start turn carrying the customer\'s words leaves the answer to them').to.deep.equal([]);
    expect(texts(await chat.say('hello'))).to.equal(GREETING);
    chat.use(replica());
    expect(await chat.send(startTurn('customer.info'))).to.deep.equal([]);
    expect(texts(await chat.say('hi')), 'a second hello').to.equal(TOPICS_AGAIN);
  });

  it('[U1] an ended conversation forgets its greeting: the storage does not keep it', async () => {
    const chat = newChat();
    await chat.send(startTurn('customer.info'));
    const keys = async () => (await redis.client.keys(`*{${redis.tenant}}*${encodeURIComponent(chat.opts.conversationId)}*`)).filter((k) => k.includes('guidedHelpGreeted'));
    expect(await keys()).to.have.length(1);
    await chat.send({ type: 'endOfConversation' });
    expect(await keys()).to.deep.equal([]);
  });
});

describe('guided help bot: the greeting marker gives way to the dialog (Redis)', () => {
  const redis = redisTenant('greeting-marker');
  const replica = () => new GuidedHelpBot({ storage: new RedisStorage({ client: redis.client, tenant: redis.tenant }), portal: portalStubAsPort(), casebases: TOPICS });

  it('[U1] once a topic is picked the marker key is gone, and on another replica a late start still does not greet', async () => {
    const chat = new Chat(replica(), { conversationId: 'greeting-marker-1' });
    const markers = async () => (await redis.client.keys(`*{${redis.tenant}}*${encodeURIComponent(chat.opts.conversationId)}*`)).filter((k) => k.includes('guidedHelpGreeted'));
    expect(texts(await chat.send(startTurn('customer.info')))).to.equal(GREETING);
    expect(await markers(), 'the marker while no dialog exists').to.have.length(1);
    await chat.say('Home internet');
    expect(await markers(), 'the dialog says it now').to.deep.equal([]);
    chat.use(replica());
    expect(await chat.send(startTurn('customer.info'))).to.deep.equal([]);
  });
});
