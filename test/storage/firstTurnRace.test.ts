/**
 * T9 end to end: two first turns of one conversation race on two replicas sharing Redis. One
 * runs from the inbox (the customer's first message), the other outside it at the same moment
 * (a proactive turn, or a turn whose lease ran out). Both read "no state yet"; the bot writes
 * back with the eTag it read, and, having read nothing, asks for create-if-absent explicitly
 * (a write without an eTag overwrites, N1), as the guided-help dialog does. Exactly one first write wins; the other
 * fails with an eTag conflict, which the adapter treats as transient, so the inbox runs that
 * turn again on the state the winner wrote. Nothing is overwritten.
 */
import { expect } from 'chai';
import type { TurnContext } from 'botbuilder-core';
import { HubAdapter } from '../../src/adapter/hubAdapter.js';
import { InboxWorker } from '../../src/adapter/inbox/inboxWorker.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { Outbox } from '../../src/adapter/outbox/outbox.js';
import { isTransientTurnError } from '../../src/adapter/turnErrors.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { withReadETag } from '../../src/storage/createIfAbsent.js';
import { isETagConflict } from '../../src/storage/eTagConflict.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { waitFor } from '../support/waitFor.js';
import { deleteTenantKeys, uniqueTenant } from './redisTestTenant.js';

const CONVERSATION = 'race-1';
const message = (id: string, text: string): HubMessage => ({
  id,
  sender: { type: 'customer', id: 'c1' },
  type: { value: 'text' },
  content: { text },
  conversation: { id: CONVERSATION },
});

/** Opens once both turns have read the state, so their writes really race. */
function barrier(parties: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return async () => {
    if (++arrived === parties) open();
    await opened;
  };
}

describe('state: two first turns of one conversation racing on two replicas (real Redis)', () => {
  let clients: RedisConnection[];
  let tenant: string;
  let worker: InboxWorker | undefined;

  beforeEach(async () => {
    clients = [await createRedisConnection(), await createRedisConnection()];
    tenant = uniqueTenant('t9');
  });
  afterEach(async () => {
    await worker?.stop();
    await deleteTenantKeys(clients[0], tenant);
    for (const c of clients) await closeRedisConnection(c);
  });

  it('[T9] exactly one first write wins; the other turn gets an eTag conflict, runs again from the inbox, and the state keeps both', async () => {
    const bothRead = barrier(2);
    const writes: string[] = [];
    const conflicts: unknown[] = [];
    /** The bot: appends the text to what it read, writing back with the eTag it read (create-if-absent when new). */
    const botOn = (storage: RedisStorage, firstWriter: boolean) => async (context: TurnContext) => {
      const key = `conversation/${CONVERSATION}`;
      const read = (await storage.read([key]))[key] as { texts: string[]; eTag?: string } | undefined;
      await bothRead();
      // The turn outside the inbox writes first, so the inbox's turn is the one that loses.
      if (!firstWriter) await waitFor(() => writes.length > 0, 'the other first write');
      await storage.write({ [key]: withReadETag({ texts: [...(read?.texts ?? []), context.activity.text] }, read?.eTag) });
      writes.push(context.activity.text!);
    };
    const replica = (client: RedisConnection) => {
      const storage = new RedisStorage({ client, tenant });
      const adapter = new HubAdapter({ outbox: new Outbox({ send: async () => {} }) });
      adapter.onTurnError = async () => {};
      return { storage, adapter };
    };
    const a = replica(clients[0]);
    const b = replica(clients[1]);

    // Replica A runs the customer's first message from the inbox.
    const inbox = new RedisInbox({ client: clients[0], tenant });
    worker = new InboxWorker(inbox, (conversationId, item) => a.adapter.processHubMessage(conversationId, item.payload as HubMessage, botOn(a.storage, false)).then(() => undefined), {
      retryDelayMs: () => 10,
      pollIntervalMs: 20,
      onError: (err, where) => where.stage === 'handler' && conflicts.push(err),
    });
    await inbox.append(CONVERSATION, { id: 'm-first', payload: message('m-first', 'from the inbox'), receivedAt: Date.now() });
    worker.start();
    // Replica B runs a first turn of the same conversation at the same moment, outside the inbox.
    await b.adapter.processHubMessage(CONVERSATION, message('m-other', 'outside the inbox'), botOn(b.storage, true));

    await waitFor(async () => (await inbox.depth()) === 0 && writes.length === 2, 'the inbox turn run again and completed');
    expect(conflicts).to.have.length(1);
    expect(isETagConflict(conflicts[0]) && isTransientTurnError(conflicts[0])).to.equal(true);
    const state = (await b.storage.read([`conversation/${CONVERSATION}`]))[`conversation/${CONVERSATION}`];
    expect(state.texts).to.deep.equal(['outside the inbox', 'from the inbox']);
    expect(await inbox.deadLetters()).to.deep.equal([]);
  });
});
