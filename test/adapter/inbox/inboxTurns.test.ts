/**
 * HubAdapter turns of every inbox item kind (T2), run by a real InboxWorker over MemoryInbox
 * and RedisInbox (the real Redis): customer messages, proactive turns (continueConversation)
 * and scheduled events, in one line per conversation; unreadable items parked with a reason.
 */
import { expect } from 'chai';
import { MemoryStorage, type TurnContext } from 'botbuilder-core';
import { ConversationReferenceStore } from '../../../src/storage/conversationReferenceStore.js';
import { HubAdapter } from '../../../src/adapter/hubAdapter.js';
import { Outbox } from '../../../src/adapter/outbox/outbox.js';
import type { Inbox } from '../../../src/adapter/inbox/inbox.js';
import { MemoryInbox } from '../../../src/adapter/inbox/memoryInbox.js';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { InboxWorker } from '../../../src/adapter/inbox/inboxWorker.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import type { HubMessage } from '../../../src/schemas/hubMessages.js';
import { deleteTenantKeys, uniqueTenant } from '../../storage/redisTestTenant.js';
import { waitFor } from '../../support/waitFor.js';

const reference = (conversationId: string) => ({ conversation: { id: conversationId, isGroup: false, conversationType: 'hub', name: '' }, bot: { id: 'hub-bot', name: 'bot' }, user: { id: 'cust-1', name: '' }, locale: 'fr-FR' });
const textItem = (id: string, text: string) => ({ id, payload: { id, sender: { type: 'customer' }, type: { value: 'text' }, content: { text }, language: 'fr-FR' }, receivedAt: Date.now() });

const fixtures: Array<[string, () => Promise<{ inbox: Inbox; cleanup: () => Promise<void> }>]> = [
  ['MemoryInbox', async () => ({ inbox: new MemoryInbox(), cleanup: async () => {} })],
  [
    'RedisInbox',
    async () => {
      const tenant = uniqueTenant('turns');
      const client: RedisConnection = await createRedisConnection();
      const inbox = new RedisInbox({ client, tenant });
      return { inbox, cleanup: async () => (await deleteTenantKeys(client, tenant), await closeRedisConnection(client)) };
    },
  ],
];

for (const [name, makeInbox] of fixtures) {
  describe(`HubAdapter turns from the inbox: ${name}`, () => {
    let inbox: Inbox;
    let cleanup: () => Promise<void>;
    let adapter: HubAdapter;
    let worker: InboxWorker;
    let sent: HubMessage[];
    let gates: Map<string, Promise<void>>;
    let seen: Array<{ type: string; name?: string; text?: string; locale?: string; value?: unknown }>;
    const said = () => sent.filter((m) => m.type.value === 'text').map((m) => m.content?.text);

    const logic = async (context: TurnContext) => {
      const a = context.activity;
      seen.push({ type: a.type, name: a.name, text: a.text, locale: a.locale, value: a.value });
      await gates.get(a.text ?? '');
      if (a.type === 'message') await context.sendActivity(`echo: ${a.text}`);
      if (a.type === 'event' && a.name === 'reminder') await context.sendActivity('reminder');
    };

    beforeEach(async () => {
      ({ inbox, cleanup } = await makeInbox());
      sent = [];
      seen = [];
      gates = new Map();
      adapter = new HubAdapter({ inbox, workerId: 'replica-1', outbox: new Outbox({ send: async (batch) => void sent.push(...batch.messages.message) }) });
      worker = new InboxWorker(inbox, (c, item) => adapter.processInboxItem(c, item, logic).then(() => undefined), { workerId: 'replica-1', pollIntervalMs: 10 });
      worker.start();
    });
    afterEach(async () => {
      await worker.stop();
      await inbox.close();
      await cleanup();
    });

    it('[T2] a proactive turn keeps its place in line with the customer\'s turns', async () => {
      let open!: () => void;
      gates.set('one', new Promise<void>((resolve) => (open = resolve)));
      await inbox.append('c1', textItem('m1', 'one'));
      await waitFor(() => seen.length === 1, 'the first turn to start');
      const proactive = adapter.continueConversation(reference('c1'), async (context) => void (await context.sendActivity('shipped')));
      await waitFor(async () => (await inbox.depth()) === 2, 'the proactive turn to wait in line');
      await inbox.append('c1', textItem('m2', 'two'));
      open();
      await proactive;
      await waitFor(() => said().length === 3, 'three replies');
      expect(said()).to.deep.equal(['echo: one', 'shipped', 'echo: two']);
    });

    it('[T2] a proactive turn asked on one replica runs there, in line with the turns another replica runs', async () => {
      const b = new HubAdapter({ inbox, workerId: 'replica-2', outbox: new Outbox({ send: async (batch) => void sent.push(...batch.messages.message) }) });
      const workerB = new InboxWorker(inbox, (c, item) => b.processInboxItem(c, item, logic).then(() => undefined), { workerId: 'replica-2', pollIntervalMs: 10 });
      workerB.start();
      try {
        for (let round = 1; round <= 3; round++) {
          let open!: () => void;
          gates.set(`one-${round}`, new Promise<void>((resolve) => (open = resolve)));
          await inbox.append('c1', textItem(`m${round}a`, `one-${round}`));
          await waitFor(() => seen.some((a) => a.text === `one-${round}`), 'the customer turn to start');
          const proactive = b.continueConversation(reference('c1'), async (context) => void (await context.sendActivity(`from B ${round}`)));
          await waitFor(async () => (await inbox.depth()) === 2, 'the proactive turn to wait in line');
          await inbox.append('c1', textItem(`m${round}b`, `two-${round}`));
          open();
          await proactive;
          await waitFor(() => said().length === 3 * round, 'three replies');
        }
      } finally {
        await workerB.stop();
      }
      expect(said()).to.deep.equal([1, 2, 3].flatMap((r) => [`echo: one-${r}`, `from B ${r}`, `echo: two-${r}`]));
      expect(await inbox.deadLetters()).to.deep.equal([]);
    });

    it('[T2] continueConversation inside the conversation\'s own turn runs at once, without waiting for itself', async () => {
      const inner = new HubAdapter({ inbox, workerId: 'replica-1', outbox: new Outbox({ send: async (batch) => void sent.push(...batch.messages.message) }) });
      await worker.stop();
      worker = new InboxWorker(
        inbox,
        (c, item) =>
          inner
            .processInboxItem(c, item, async (context) => {
              await context.sendActivity('first');
              await inner.continueConversation(reference(c), async (nested) => void (await nested.sendActivity('nested')));
            })
            .then(() => undefined),
        { workerId: 'replica-1', pollIntervalMs: 10 },
      );
      worker.start();
      await inbox.append('c1', textItem('m1', 'hi'));
      await waitFor(() => said().length === 2, 'both replies');
      expect(said()).to.deep.equal(['first', 'nested']);
      // The item is completed once both replies have left (after the hub took them).
      await waitFor(async () => (await inbox.depth()) === 0, 'the item to be completed');
    });

    it('[T2] a scheduled event runs as a named event activity of the reference\'s conversation, in its language', async () => {
      await adapter.scheduleEvent(reference('c1'), { name: 'reminder', value: { n: 1 } }, Date.now() + 50);
      await waitFor(() => said().length === 1, 'the event turn');
      expect(seen).to.deep.equal([{ type: 'event', name: 'reminder', text: undefined, locale: 'fr-FR', value: { n: 1 } }]);
      expect(sent[0].id, 'reply ids derive from the item, the same on a rerun').to.match(/^reminder@[0-9a-z]+:r1$/);
    });

    it('[T4] keeps the conversation\'s reference, its locale included, at its first message, and a proactive turn speaks that language', async () => {
      const references = new ConversationReferenceStore(new MemoryStorage());
      const greeting = new HubAdapter({ inbox, workerId: 'replica-1', conversationStarts: references.asConversationStarts(), outbox: new Outbox({ send: async (batch) => void sent.push(...batch.messages.message) }) });
      await worker.stop();
      worker = new InboxWorker(inbox, (c, item) => greeting.processInboxItem(c, item, logic).then(() => undefined), { workerId: 'replica-1', pollIntervalMs: 10 });
      worker.start();
      await inbox.append('c1', textItem('m1', 'bonjour'));
      await waitFor(() => said().length === 1, 'the reply');
      const stored = await references.get('c1');
      expect(stored).to.deep.include({ locale: 'fr-FR', activityId: 'm1', channelId: 'conversation-hub' });
      expect(stored?.conversation?.id).to.equal('c1');
      await greeting.continueConversation(stored!, async (context) => void (await context.sendActivity(`locale ${context.activity.locale}`)));
      expect(said()).to.deep.equal(['echo: bonjour', 'locale fr-FR']);
    });

    it('[T1] a proactive turn that keeps failing on a transient error is parked, and its caller is told', async () => {
      await worker.stop();
      worker = new InboxWorker(inbox, (c, item) => adapter.processInboxItem(c, item, logic).then(() => undefined), {
        workerId: 'replica-1',
        pollIntervalMs: 10,
        maxAttempts: 2,
        retryDelayMs: () => 10,
        onDeadLetter: (letter) => adapter.inboxItemParked(letter),
      });
      worker.start();
      let tries = 0;
      const outcome = await adapter
        .continueConversation(reference('c1'), async () => {
          tries++;
          throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
        })
        .then(
          () => 'resolved',
          (err: Error) => err.message,
        );
      expect(outcome).to.match(/^the proactive turn was parked in the dead letters: .*connection reset/);
      expect(tries).to.equal(2);
      expect((await inbox.deadLetters()).map((l) => l.item.kind)).to.deep.equal(['proactive']);
    });

    it('[T1] parks an unreadable item with its reason and goes on with the conversation', async () => {
      await inbox.append('c1', { id: 'bad', payload: { type: { value: 'text' }, content: { text: 'no sender' } }, receivedAt: Date.now() });
      await inbox.append('c1', { id: 'orphan', kind: 'proactive', payload: { reference: reference('c1') }, receivedAt: Date.now() });
      await inbox.append('c1', { id: 'elsewhere', kind: 'deadline', payload: { reference: reference('c2'), name: 'reminder' }, receivedAt: Date.now() });
      await inbox.append('c1', textItem('m2', 'fine'));
      await waitFor(() => said().length === 1, 'the next message');
      expect(said()).to.deep.equal(['echo: fine']);
      const letters = await inbox.deadLetters();
      expect(letters.map((l) => l.item.id).sort()).to.deep.equal(['bad', 'elsewhere', 'orphan']);
      const reasons = Object.fromEntries(letters.map((l) => [l.item.id, l.reason]));
      expect(reasons.bad).to.match(/^UnreadableInboxItemError: .*message is not readable at sender/);
      expect(reasons.orphan).to.contain('lived in another process');
      expect(reasons.elsewhere).to.contain('another conversation');
    });
  });
}
