import { expect } from 'chai';
import { run as deadLetters } from '../../../cli/deadLettersCommand.js';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../../storage/redisTestTenant.js';
import { captureIo } from '../../support/captureIo.js';

describe('hubbot dead-letters --inbox', () => {
  let client: RedisConnection;
  let tenant: string;
  before(async () => {
    client = await createRedisConnection({ url: 'redis://127.0.0.1:6379', clientName: 'test-inbox-dead-letters' });
  });
  after(async () => {
    await deleteTenantKeys(client, tenant);
    await closeRedisConnection(client);
  });

  it('[T1] lists the customer messages the bot failed on, and requeues one to run again', async () => {
    tenant = uniqueTenant('inbox-dead');
    const inbox = new RedisInbox({ client, tenant });
    await inbox.append('conv-1', { id: 'msg-7', payload: { id: 'msg-7', type: { value: 'text' }, content: { text: 'boom' } }, receivedAt: Date.now() });
    const claim = (await inbox.claim('w1', 30_000))!;
    await inbox.deadLetter(claim, 'BotTurnError: the bot failed on this message: TypeError: x is undefined');
    expect(await inbox.depth()).to.equal(0);

    const env = { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant };
    const list = captureIo(env);
    expect(await deadLetters(['list', '--inbox'], list)).to.equal(0);
    expect(list.lines).to.have.length(1);
    expect(list.lines[0]).to.include('msg-7').and.include('conv-1').and.include('TypeError: x is undefined');

    const requeue = captureIo(env);
    expect(await deadLetters(['requeue', '--inbox', 'msg-7', 'nope'], requeue)).to.equal(1);
    expect(requeue.lines).to.deep.equal(['requeued  msg-7', 'not found  nope']);
    expect(await inbox.depth()).to.equal(1);
    const again = (await inbox.claim('w1', 30_000))!;
    expect(again.conversationId).to.equal('conv-1');
    expect(again.item.id).to.match(/^msg-7~replay-/);
    expect((again.item.payload as { id: string }).id).to.equal(again.item.id);
    expect(await inbox.deadLetters()).to.deep.equal([]);
  });
});
