/**
 * The start of a conversation as the hub signals it (N4): a `customer.info` message, read
 * leniently or by the deployment's own reader, gives the start turn (a conversationUpdate with
 * membersAdded, before any message) the customer's name and language; a message naming no
 * language gets the adapter's default locale (the account's default language). The start happens
 * once whether the signal or the first message comes first, and on whichever adapter (replica)
 * shares the start store (U1).
 */
import { expect } from 'chai';
import { MemoryStorage, type Activity, type TurnContext } from 'botbuilder-core';
import { HubAdapter } from '../../src/adapter/hubAdapter.js';
import type { HubAdapterOptions } from '../../src/adapter/hubAdapterOptions.js';
import { readCustomerInfo } from '../../src/adapter/customerInfo.js';
import { Outbox } from '../../src/adapter/outbox/outbox.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { ConversationReferenceStore } from '../../src/storage/conversationReferenceStore.js';

const CONVERSATION = 'start-1';

const hubMessage = (id: string, type: string, extra: Partial<HubMessage> = {}): HubMessage => ({
  id,
  sender: { type: 'customer', id: 'customer-7' },
  type: { value: type },
  conversation: { id: CONVERSATION },
  ...extra,
});

/** An adapter with a start record, and the activities its bot saw, in order. */
function adapterSeeing(opts: Partial<HubAdapterOptions> = {}) {
  const seen: Partial<Activity>[] = [];
  const adapter = new HubAdapter({ outbox: new Outbox({ send: async () => {} }), conversationStarts: new ConversationReferenceStore(new MemoryStorage()).asConversationStarts(), ...opts });
  const bot = async (context: TurnContext) => {
    const a = context.activity;
    seen.push({ type: a.type, name: a.name, from: a.from, locale: a.locale, membersAdded: a.membersAdded, text: a.text });
  };
  return { adapter, seen, run: (message: HubMessage) => adapter.processHubMessage(CONVERSATION, message, bot) };
}

describe('conversation start from the hub\'s customer.info (N4)', () => {
  it('[N4] customer.info starts the conversation: a conversationUpdate with the customer\'s name and language comes before any message, once', async () => {
    const { run, seen } = adapterSeeing({ defaultLocale: 'en-US' });
    await run(hubMessage('info-1', 'customer.info', { content: { name: 'Ana Lima', language: 'pt-BR' } as HubMessage['content'] }));
    await run(hubMessage('m-1', 'text', { content: { text: 'hello' } }));
    expect(seen.map((a) => a.type)).to.deep.equal(['conversationUpdate', 'event', 'message']);
    const [update, info, message] = seen;
    expect(update.membersAdded!.map((m) => m.id)).to.deep.equal(['customer-7', 'hub-bot']);
    expect(update.from).to.include({ id: 'customer-7', name: 'Ana Lima' });
    expect(update.locale).to.equal('pt-BR');
    expect([info.name, info.locale]).to.deep.equal(['customer.info', 'pt-BR']);
    // The message names no language: the account's default, not the customer's (the hub did not say).
    expect([message.text, message.locale]).to.deep.equal(['hello', 'en-US']);
  });

  it('[N4] a message without a language gets the default locale; one with a language keeps it; without a default there is none', async () => {
    const withDefault = adapterSeeing({ defaultLocale: 'de-DE' });
    await withDefault.run(hubMessage('m-1', 'text', { content: { text: 'hallo' } }));
    await withDefault.run(hubMessage('m-2', 'text', { content: { text: 'bonjour' }, language: 'fr-FR' }));
    expect(withDefault.seen.map((a) => `${a.type}:${a.locale}`)).to.deep.equal(['conversationUpdate:de-DE', 'message:de-DE', 'message:fr-FR']);
    const without = adapterSeeing();
    await without.run(hubMessage('m-1', 'text', { content: { text: 'hi' } }));
    expect(without.seen.map((a) => a.locale)).to.deep.equal([undefined, undefined]);
  });

  it('[N4] the customer.info content is read leniently: other field names, the sender\'s name, the message\'s language; blanks and non-text ignored', () => {
    const read = (content: unknown, extra: Partial<HubMessage> = {}) => readCustomerInfo(hubMessage('x', 'customer.info', { content: content as HubMessage['content'], ...extra }));
    expect(read({ customer: { name: ' Bo ', locale: 'sv-SE' } })).to.deep.equal({ name: 'Bo', language: 'sv-SE' });
    expect(read({ customerName: 'Cy', locale: 'it-IT' })).to.deep.equal({ name: 'Cy', language: 'it-IT' });
    expect(read({ name: '  ', language: 42 }, { sender: { type: 'customer', id: 'c', name: 'Di' }, language: 'es-ES' })).to.deep.equal({ name: 'Di', language: 'es-ES' });
    expect(read(undefined)).to.deep.equal({});
    expect(read('not an object')).to.deep.equal({});
  });

  it('[U1] the first message before the start signal: one conversationUpdate, from the message; the late customer.info is an event only', async () => {
    const { run, seen } = adapterSeeing();
    await run(hubMessage('m-1', 'text', { content: { text: 'hello' } }));
    await run(hubMessage('info-1', 'customer.info', { content: { name: 'Ana Lima' } as HubMessage['content'] }));
    expect(seen.map((a) => a.type)).to.deep.equal(['conversationUpdate', 'message', 'event']);
  });

  it('[U1] the start decided from the stored start, not one process\'s memory: a second adapter over the same storage (another replica) does not start again', async () => {
    const storage = new MemoryStorage();
    const first = adapterSeeing({ conversationStarts: new ConversationReferenceStore(storage).asConversationStarts() });
    const second = adapterSeeing({ conversationStarts: new ConversationReferenceStore(storage).asConversationStarts() });
    await first.run(hubMessage('info-1', 'customer.info', { content: { name: 'Ana Lima' } as HubMessage['content'] }));
    await second.run(hubMessage('m-1', 'text', { content: { text: 'hello' } }));
    expect(first.seen.map((a) => a.type)).to.deep.equal(['conversationUpdate', 'event']);
    expect(second.seen.map((a) => a.type)).to.deep.equal(['message']);
  });

  it('[N4] a deployment whose hub says it differently passes its own reader', async () => {
    const { run, seen } = adapterSeeing({ readCustomerInfo: (m) => ({ name: String((m.content as { who?: string }).who), language: 'nl-NL' }) });
    await run(hubMessage('info-1', 'customer.info', { content: { who: 'Eva' } as HubMessage['content'] }));
    expect(seen[0]).to.deep.include({ type: 'conversationUpdate', locale: 'nl-NL' });
    expect(seen[0].from!.name).to.equal('Eva');
  });
});
