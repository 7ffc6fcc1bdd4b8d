import { expect } from 'chai';
import { ActivityTypes } from '@microsoft/agents-activity';
import { AgentApplication, TurnState } from '@microsoft/agents-hosting';
import type { LocalStack } from '../../cli/localStack.js';
import { hubAgentBot, type AgentDependencies } from '../../src/agents/index.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { Customer } from '../e2e/customerClient.js';
import { twoReplicasOnRedis } from '../e2e/twoReplicasOnRedis.js';

type CounterState = TurnState<{ count?: number }, { messages?: number }>;

/** An AgentApplication whose TurnState lives on the server's storage: RedisStorage with REDIS_URL. */
function counterApp(deps: AgentDependencies): AgentApplication<CounterState> {
  const app = new AgentApplication<CounterState>({ storage: deps.storage });
  app.onTurn('afterTurn', async () => true);
  app.onActivity(ActivityTypes.Message, async (context, state) => {
    state.conversation.count = (state.conversation.count ?? 0) + 1;
    state.user.messages = (state.user.messages ?? 0) + 1;
    await context.sendActivity(`${context.activity.text} (message ${state.conversation.count})`);
  });
  return app;
}

describe('an AgentApplication on two bot replicas sharing Redis', () => {
  const rig = twoReplicasOnRedis('agents', hubAgentBot(counterApp));

  it('[G2] the TurnState, conversation and user, is kept in our RedisStorage, which satisfies the Agents SDK\'s Storage', async () => {
    expect(rig.stack.bot.deps.storage).to.be.instanceOf(RedisStorage);
    const customer = await Customer.start(rig.stack.emulator.url, rig.stack.accountAddress, { id: 'redis-user' });
    await customer.say('one');
    await customer.say('two');
    await customer.messages(2);
    // Written by the TurnState under the Agents SDK's own keys, with the eTags RedisStorage gave them.
    const { conversation, user } = await storedState(rig.stack, customer.conversationId, 'redis-user');
    expect(conversation).to.deep.include({ count: 2 });
    expect(user).to.deep.include({ messages: 2 });
    expect([typeof conversation?.eTag, typeof user?.eTag]).to.deep.equal(['string', 'string']);
  });

  it('[G1] [G2] [B4] answers in order per conversation across conversations, and replica B carries on with the state A wrote', async () => {
    const customers = await Promise.all(Array.from({ length: 4 }, () => Customer.start(rig.stack.emulator.url, rig.stack.accountAddress)));
    await Promise.all(customers.map(async (c, ci) => {
      for (let i = 0; i < 4; i++) await c.say(`c${ci}-m${i}`);
    }));
    for (const [ci, c] of customers.entries()) {
      const texts = (await c.messages(4, 30_000)).map((r) => r.content?.text);
      expect(texts).to.deep.equal(Array.from({ length: 4 }, (_, i) => `c${ci}-m${i} (message ${i + 1})`));
    }
    // Replica A keeps acknowledging callbacks but runs no more turns: B runs them, from Redis.
    await rig.stack.bot.worker.stop();
    for (const word of ['five', 'six']) await customers[0].say(word);
    const texts = (await customers[0].messages(6, 20_000)).map((r) => r.content?.text);
    expect(texts.slice(4)).to.deep.equal(['five (message 5)', 'six (message 6)']);
    expect(await rig.replicaB.inbox.depth()).to.equal(0);
  });
});

type Item = Record<string, unknown> | undefined;

/** The state the AgentApplication wrote, read back through the storage it used. */
async function storedState(stack: LocalStack, conversationId: string, userId: string): Promise<{ conversation: Item; user: Item }> {
  const reference = await stack.bot.deps.references.get(conversationId);
  const base = `${reference?.channelId}/${reference?.bot?.id}`;
  const keys = [`${base}/conversations/${conversationId}`, `${base}/users/${userId}`];
  const items = await stack.bot.deps.storage.read(keys);
  return { conversation: items[keys[0]] as Item, user: items[keys[1]] as Item };
}
