/**
 * A scheduled event's conversation reference: with a reference store, the scheduled item names
 * only the conversation and its turn runs on the stored reference (an idle conversation's
 * pending deadline no longer holds a copy of it); an item of an earlier version, which carries
 * the reference, runs on its own; with no reference stored any more the event is dropped.
 */
import { expect } from 'chai';
import { MemoryStorage, type TurnContext } from 'botbuilder-core';
import { ConversationReferenceStore } from '../../../src/storage/conversationReferenceStore.js';
import { HubAdapter } from '../../../src/adapter/hubAdapter.js';
import { Outbox } from '../../../src/adapter/outbox/outbox.js';
import type { Inbox } from '../../../src/adapter/inbox/inbox.js';
import { deadlineItem } from '../../../src/adapter/inbox/inboxItems.js';
import { MemoryInbox } from '../../../src/adapter/inbox/memoryInbox.js';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { InboxWorker } from '../../../src/adapter/inbox/inboxWorker.js';
import { closeRedisConnection, createRedisConnection } from '../../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../../storage/redisTestTenant.js';
import { waitFor } from '../../support/waitFor.js';

const reference = (conversationId: string, locale: string) => ({ conversation: { id: conversationId, isGroup: false, conversationType: 'hub', name: '' }, bot: { id: 'hub-bot', name: 'bot' }, user: { id: 'cust-1', name: '' }, locale, channelId: 'conversation-hub' });
const textItem = (id: string, text: string) => ({ id, payload: { id, sender: { type: 'customer' }, type: { value: 'text' }, content: { text }, language: 'fr-FR' }, receivedAt: Date.now() });

const fixtures: Array<[string, () => Promise<{ inbox: Inbox; cleanup: () => Promise<void> }>]> = [
  ['MemoryInbox', async () => ({ inbox: new MemoryInbox(), cleanup: async () => {} })],
  [
    'RedisInbox',
    async () => {
      const tenant = uniqueTenant('schedref');
      const client = await createRedisConnection();
      return { inbox: new RedisInbox({ client, tenant }), cleanup: async () => (await deleteTenantKeys(client, tenant), await closeRedisConnection(client)) };
    },
  ],
];

for (const [name, makeInbox] of fixtures) {
  describe(`HubAdapter scheduled events on the stored reference: ${name}`, () => {
    let inbox: Inbox;
    let cleanup: () => Promise<void>;
    let references: ConversationReferenceStore;
    let adapter: HubAdapter;
    let worker: InboxWorker;
    let seen: Array<{ type: string; name?: string; locale?: string; user?: string; value?: unknown }>;

    const logic = async (context: TurnContext) => {
      const a = context.activity;
      seen.push({ type: a.type, name: a.name, locale: a.locale, user: a.recipient?.id === 'hub-bot' ? a.from?.id : a.recipient?.id, value: a.value });
    };

    beforeEach(async () => {
      ({ inbox, cleanup } = await makeInbox());
      seen = [];
      references = new ConversationReferenceStore(new MemoryStorage());
      adapter = new HubAdapter({ inbox, workerId: 'replica-1', conversationStarts: references.asConversationStarts(), outbox: new Outbox({ send: async () => {} }) });
      worker = new InboxWorker(inbox, (c, item) => adapter.processInboxItem(c, item, logic).then(() => undefined), { workerId: 'replica-1', pollIntervalMs: 10 });
    });
    afterEach(async () => {
      await worker.stop();
      await inbox.close();
      await cleanup();
    });

    it('[T2] the scheduled item carries no copy of the stored reference, and its turn runs on the stored one', async () => {
      await references.save(reference('c1', 'fr-FR'));
      await adapter.scheduleEvent(reference('c1', 'fr-FR'), { name: 'reminder', value: { n: 1 } }, Date.now() + 60_000);
      const [pending] = await inbox.scheduled('c1');
      expect(pending.payload).to.deep.equal({ name: 'reminder', value: { n: 1 } });
      await adapter.cancelScheduledEvent('c1', 'reminder');
      await adapter.scheduleEvent(reference('c1', 'fr-FR'), { name: 'reminder', value: { n: 2 } }, Date.now() + 20);
      worker.start();
      await waitFor(() => seen.length === 1, 'the event turn');
      expect(seen).to.deep.equal([{ type: 'event', name: 'reminder', locale: 'fr-FR', user: 'cust-1', value: { n: 2 } }]);
    });

    it('[T2] an item of an earlier version, carrying its reference, runs on that reference', async () => {
      await references.save(reference('c1', 'de-DE'));
      await inbox.schedule('c1', 'reminder', deadlineItem('reminder', reference('c1', 'fr-FR'), { name: 'reminder' }, Date.now() + 20, Date.now()));
      worker.start();
      await waitFor(() => seen.length === 1, 'the event turn');
      expect(seen[0]).to.deep.include({ name: 'reminder', locale: 'fr-FR' });
    });

    it('[T2] an event whose conversation has no stored reference any more is dropped, not parked', async () => {
      await adapter.scheduleEvent(reference('c1', 'fr-FR'), { name: 'reminder' }, Date.now() + 20);
      worker.start();
      await waitFor(async () => (await inbox.scheduled('c1')).length === 0, 'the event to come due');
      // Items of a conversation run in order: the message's turns come after the event's.
      await inbox.append('c1', textItem('m1', 'hello'));
      await waitFor(() => seen.some((s) => s.type === 'message'), 'the message turn');
      expect(seen.map((s) => s.type)).to.deep.equal(['conversationUpdate', 'message']);
      expect(await inbox.deadLetters()).to.deep.equal([]);
    });
  });
}
