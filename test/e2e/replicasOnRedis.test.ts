import { expect } from 'chai';
import { EchoBot } from '../../bots/echoBot.js';
import { Customer } from './customerClient.js';
import { twoReplicasOnRedis } from './twoReplicasOnRedis.js';

describe('two bot replicas on one Redis', () => {
  const rig = twoReplicasOnRedis('replicas', (deps) => new EchoBot(deps.storage));

  it('[B4] keeps order and loses nothing when the replica that acked stops before the turn', async () => {
    const customer = await Customer.start(rig.stack.emulator.url, rig.stack.accountAddress);
    await customer.say('one');
    await customer.messages(1);
    // Replica A keeps acknowledging callbacks but runs no more turns (as if it died after the ack).
    await rig.stack.bot.worker.stop();
    for (const word of ['two', 'three', 'four', 'five']) await customer.say(word);
    const replies = await customer.messages(5, 20_000);
    // Replica B ran them, in order, with the conversation state A had written to Redis.
    expect(replies.map((r) => r.content?.text)).to.deep.equal([
      'You said: one (message 1)',
      'You said: two (message 2)',
      'You said: three (message 3)',
      'You said: four (message 4)',
      'You said: five (message 5)',
    ]);
    expect(await rig.replicaB.inbox.depth()).to.equal(0);
  });
});
