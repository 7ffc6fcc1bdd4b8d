/**
 * Which inbox items a turn reads without the hub message schema: only a MemoryInbox item
 * appended as validated (the callback's default parser read it in this process). RedisInbox
 * items, items appended without the flag, and dead letters replayed are read with the schema,
 * so an unreadable one is still refused.
 */
import { expect } from 'chai';
import type { Inbox, InboxItem } from '../../../src/adapter/inbox/inbox.js';
import { MemoryInbox } from '../../../src/adapter/inbox/memoryInbox.js';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { readInboxItem, UnreadableInboxItemError } from '../../../src/adapter/inbox/inboxItems.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../../storage/redisTestTenant.js';

/** Not a hub message (no sender): the schema refuses it, so a reading without it shows. */
const senderless = (id: string): InboxItem => ({ id, payload: { id, type: { value: 'text' }, content: { text: 'hi' } }, receivedAt: Date.now() });

async function claimedItem(inbox: Inbox): Promise<InboxItem> {
  const claim = await inbox.claim('w1', 30_000);
  if (!claim) throw new Error('nothing to claim');
  return claim.item;
}

describe('Inbox items validated in this process', () => {
  it('[T2] a MemoryInbox item appended as validated is read without the schema pass', async () => {
    const inbox = new MemoryInbox();
    await inbox.append('c1', senderless('m1'), { validated: true });
    const read = readInboxItem('c1', await claimedItem(inbox));
    expect(read.kind).to.equal('message');
    expect(read.kind === 'message' && read.message.content?.text).to.equal('hi');
    await inbox.close();
  });

  it('[T2] a MemoryInbox item appended without the flag is read with the schema', async () => {
    const inbox = new MemoryInbox();
    await inbox.append('c1', senderless('m1'));
    const item = await claimedItem(inbox);
    expect(() => readInboxItem('c1', item)).to.throw(UnreadableInboxItemError, /sender/);
    await inbox.close();
  });

  it('[T1] a dead letter replayed is read with the schema again, whatever its first append said', async () => {
    const inbox = new MemoryInbox();
    await inbox.append('c1', senderless('m1'), { validated: true });
    const claim = (await inbox.claim('w1', 30_000))!;
    await inbox.deadLetter(claim, 'test');
    expect(await inbox.requeueDeadLetter('m1')).to.equal(true);
    const item = await claimedItem(inbox);
    expect(() => readInboxItem('c1', item)).to.throw(UnreadableInboxItemError, /sender/);
    await inbox.close();
  });

  describe('RedisInbox', () => {
    let client: RedisConnection;
    let tenant: string;
    before(async () => {
      client = await createRedisConnection();
    });
    after(async () => {
      await closeRedisConnection(client);
    });
    beforeEach(() => {
      tenant = uniqueTenant('validated');
    });
    afterEach(async () => {
      await deleteTenantKeys(client, tenant);
    });

    it('[T2] ignores the flag: its items crossed a process boundary and are read with the schema', async () => {
      const inbox = new RedisInbox({ client, tenant });
      await inbox.append('c1', senderless('m1'), { validated: true });
      const item = await claimedItem(inbox);
      expect(() => readInboxItem('c1', item)).to.throw(UnreadableInboxItemError, /sender/);
      await inbox.close();
    });
  });
});
