import { expect } from 'chai';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import type { RecordingServer } from '../platform/recordingServer.js';
import { batchOf, expectRefusal, hub, message, own, type Chain, startEmulatorWithBot } from './hubTestKit.js';

describe('emulator: messages, routing and conversations', () => {
  let emu: RunningEmulator;
  let bot: RecordingServer;
  let token: string;
  let chain: Chain;
  before(async () => {
    ({ emu, bot, token, chain } = await startEmulatorWithBot());
  });
  after(async () => {
    await emu.stop();
    await bot.close();
  });
  beforeEach(() => bot.clear());

  const callbacks = () => bot.requests.filter((r) => r.path === '/callback');
  const open = async () => (await own(emu, 'POST', '/conversations', { accountId: chain.accountId, customer: { name: 'Ada' } })).body.id as string;

  it('delivers a customer message to the bot callback as a batch body with conversation.id set', async () => {
    const conv = await open();
    const sent = await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'my printer is offline' });
    expect(sent.status).to.equal(202);
    await emu.deliveriesIdle();
    const [cb] = callbacks();
    expect(cb.headers.authorization).to.equal('Bearer bot-token');
    expect(cb.headers['x-role-header']).to.equal('bot');
    const msg = (cb.body as { messages: { message: Record<string, any>[] } }).messages.message; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(msg).to.have.length(1);
    expect(msg[0]).to.deep.include({ sender: { type: 'customer', id: msg[0].sender.id, name: 'Ada' }, type: { value: 'text' }, content: { text: 'my printer is offline' } });
    expect(msg[0].conversation.id).to.equal(conv);
  });

  it("[U2] a customer message without a language carries the conversation's, else the account's default", async () => {
    const created = await hub(emu, 'POST', '/accounts', {
      token,
      body: { name: 'support fr', address: 'support-fr@example.test', channel: { id: chain.channelId }, chatConfigurations: { orchestration: { id: chain.orchestrationId }, defaultLanguage: 'fr-FR' } },
    });
    expect(created.status).to.equal(201);
    const accountId = created.body.id as string;
    const conv = (await own(emu, 'POST', '/conversations', { accountId })).body.id as string;
    const languages = async () => {
      await emu.deliveriesIdle();
      return callbacks().map((c) => (c.body as { messages: { message: { language?: string }[] } }).messages.message[0].language);
    };
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'mon imprimante est en panne' });
    expect(await languages()).to.deep.equal(['fr-FR']);
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'mi impresora no imprime', language: 'es-ES' });
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'sigue sin imprimir' });
    expect(await languages()).to.deep.equal(['fr-FR', 'es-ES', 'es-ES']);
  });

  it('opens a conversation from a customer message sent through the hub API with the account address', async () => {
    const body = { metadata: { attributes: [{ name: 'channel', value: 'test' }] }, ...batchOf({ ...message('customer', 'text'), conversation: { account: { address: chain.address } } }) };
    const sent = await hub(emu, 'POST', '/conversations/messages', { token: emu.tokenFor({ senderType: 'customer' }), body });
    expect(sent.status).to.equal(202);
    const conv = sent.body.messages[0].conversationId as string;
    await emu.deliveriesIdle();
    const cb = callbacks()[0].body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(cb.metadata).to.deep.equal({ attributes: [{ name: 'channel', value: 'test' }] });
    expect(cb.messages.message[0].conversation.id).to.equal(conv);
  });

  it('hands bot messages to the customer side: long-poll from a cursor, and server-sent events', async () => {
    const conv = await open();
    const waiting = own(emu, 'GET', `/conversations/${conv}/received?since=0&waitMs=5000`);
    const stream = await fetch(`${emu.url}/emulator/conversations/${conv}/stream`);
    const reader = stream.body!.getReader();
    expect((await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(message('custom_bot', 'text', conv, { text: 'Hello, I am the bot' })) })).status).to.equal(202);
    const polled = await waiting;
    expect(polled.body.events).to.have.length(1);
    expect(polled.body.events[0].message.content.text).to.equal('Hello, I am the bot');
    expect(polled.body.next).to.equal(1);
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).to.match(/^id: 1\nevent: message\ndata: /);
    expect(JSON.parse(text.split('data: ')[1]).message.content.text).to.equal('Hello, I am the bot');
    const nothingNew = await own(emu, 'GET', `/conversations/${conv}/received?since=1`);
    expect(nothingNew.body.events).to.deep.equal([]);
  });

  it('[C5] refuses a customer sending agent.join (400-120) and routes nothing', async () => {
    const conv = await open();
    expectRefusal(await own(emu, 'POST', `/conversations/${conv}/messages`, { type: 'agent.join' }), 400, '400-120');
    expectRefusal(await hub(emu, 'POST', '/conversations/messages', { token: emu.tokenFor({ senderType: 'customer' }), body: batchOf(message('customer', 'agent.join', conv)) }), 400, '400-120');
    await emu.deliveriesIdle();
    expect(callbacks()).to.have.length(0);
    expect((await own(emu, 'GET', `/conversations/${conv}`)).body.messages.message).to.have.length(0);
  });

  it('[C5] a client bound to its participant (custom_bot) cannot post as an agent or a customer', async () => {
    const conv = await open();
    const botToken = emu.tokenFor({ senderType: 'custom_bot' });
    for (const posing of ['platform_agent', 'customer']) {
      const r = await hub(emu, 'POST', '/conversations/messages', { token: botToken, body: batchOf(message(posing, 'text', conv)) });
      expectRefusal(r, 403, '403-198');
    }
    expect((await hub(emu, 'POST', '/conversations/messages', { token: botToken, body: batchOf(message('custom_bot', 'text', conv)) })).status).to.equal(202);
    const seen = await own(emu, 'GET', `/conversations/${conv}`);
    expect(seen.body.messages.message.map((m: { sender: { type: string } }) => m.sender.type)).to.deep.equal(['custom_bot']);
  });

  it('[F4] every client has a sender type: the default client and one registered without a type send as custom_bot only', async () => {
    const conv = await open();
    const unbound = emu.tokenFor({});
    for (const t of [token, unbound]) {
      for (const posing of ['platform_agent', 'customer', 'platform_bot']) {
        const r = await hub(emu, 'POST', '/conversations/messages', { token: t, body: batchOf(message(posing, 'text', conv)) });
        expectRefusal(r, 403, '403-198');
        expect(r.body.developerMessage).to.contain(`sends as custom_bot, not ${posing}`);
      }
    }
    expect(emu.services.clients.get(emu.defaultClient.clientId)!.senderType).to.equal('custom_bot');
    expect(emu.services.clients.list().every((c) => c.senderType !== undefined)).to.equal(true);
    expect((await hub(emu, 'POST', '/conversations/messages', { token: unbound, body: batchOf(message('custom_bot', 'text', conv)) })).status).to.equal(202);
    // A client registered as a customer sends as one, and only as one.
    const customer = emu.tokenFor({ senderType: 'customer' });
    expectRefusal(await hub(emu, 'POST', '/conversations/messages', { token: customer, body: batchOf(message('custom_bot', 'text', conv)) }), 403, '403-198');
    expect((await hub(emu, 'POST', '/conversations/messages', { token: customer, body: batchOf(message('customer', 'text', conv)) })).status).to.equal(202);
  });

  it('[C5] refuses every type a custom_bot may not send, and a batch holding one of them routes nothing', async () => {
    const conv = await open();
    const refused = ['conversation.state', 'agent.join', 'agent.available', 'agent.unavailable', 'agent.transfer', 'queue.transfer', 'authentication.success', 'authentication.failure', 'customer.active', 'customer.inactive', 'delete.soft', 'delete.permanent', 'undo'];
    for (const type of refused) {
      const r = await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(message('custom_bot', type, conv)) });
      expectRefusal(r, 400, '400-120');
      expect(r.body.details).to.deep.include({ key: 'type', value: type });
    }
    const mixed = batchOf(message('custom_bot', 'text', conv), message('custom_bot', 'agent.join', conv));
    expectRefusal(await hub(emu, 'POST', '/conversations/messages', { token, body: mixed }), 400, '400-120');
    const seen = await own(emu, 'GET', `/conversations/${conv}`);
    expect(seen.body.messages.message).to.have.length(0);
    expect(seen.body.received).to.have.length(0);
  });

  it('[U6] puts an escalation.transfer in the agent queue; later customer messages go there and to the bot (default handover mode)', async () => {
    const conv = await open();
    const transfer = message('custom_bot', 'escalation.transfer', conv, { summary: 'printer offline after reset' });
    expect((await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(transfer) })).status).to.equal(202);
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'still there?' });
    await emu.deliveriesIdle();
    // The bot offered what the customer may answer while the transfer waits: it hears them.
    expect(callbacks().map((c) => (c.body as { messages: { message: { content?: { text?: string } }[] } }).messages.message[0].content?.text)).to.deep.equal(['still there?']);
    const queue = (await own(emu, 'GET', '/escalations')).body.escalation.filter((e: { conversationId: string }) => e.conversationId === conv);
    expect(queue).to.have.length(1);
    expect(queue[0]).to.include({ agentId: 'agent-7', summary: 'printer offline after reset' });
    expect(queue[0].customerMessages[0].content.text).to.equal('still there?');
    const received = (await own(emu, 'GET', `/conversations/${conv}/received`)).body.events;
    expect(received.map((e: { kind: string }) => e.kind)).to.deep.equal(['escalated']);
  });

  it('[U8] a customer message sent again with its id (after a lost answer) is taken once', async () => {
    const conv = await open();
    for (let i = 0; i < 2; i++) expect((await own(emu, 'POST', `/conversations/${conv}/messages`, { id: 'web-1', text: 'sent twice' })).status).to.equal(202);
    await emu.deliveriesIdle();
    const texts = (await own(emu, 'GET', `/conversations/${conv}`)).body.messages.message.map((m: { content?: { text?: string } }) => m.content?.text);
    expect(texts.filter((t: string | undefined) => t === 'sent twice')).to.have.length(1);
    expect(callbacks().filter((c) => JSON.stringify(c.body).includes('sent twice'))).to.have.length(1);
  });

  it('[C11] GET /conversations/{id} returns the completed conversation with its messages (409 before, 404 unknown)', async () => {
    const conv = await open();
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'hi' });
    await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(message('custom_bot', 'text', conv, { text: 'hello' })) });
    expectRefusal(await hub(emu, 'GET', `/conversations/${conv}`, { token }), 409, '409-101');
    await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(message('custom_bot', 'conversation.end', conv, {})) });
    const done = await hub(emu, 'GET', `/conversations/${conv}`, { token });
    expect(done.status).to.equal(200);
    expect(done.body).to.include({ id: conv, state: 'completed' });
    expect(done.body.completed).to.be.a('string');
    expect(done.body.messages.message.map((m: { type: { value: string } }) => m.type.value)).to.deep.equal(['text', 'text', 'conversation.end']);
    expectRefusal(await hub(emu, 'GET', '/conversations/00000000-0000-0000-0000-000000000000', { token }), 404, '404-101');
    expectRefusal(await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'too late' }), 409, '409-101');
  });

  it('completes a conversation when the customer ends it, after delivering the end to the bot', async () => {
    const conv = await open();
    await own(emu, 'POST', `/conversations/${conv}/messages`, { type: 'conversation.end' });
    await emu.deliveriesIdle();
    expect((callbacks()[0].body as any).messages.message[0].type.value).to.equal('conversation.end'); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect((await hub(emu, 'GET', `/conversations/${conv}`, { token })).body.state).to.equal('completed');
  });

  it('records calls, messages and callbacks for the inspector, without tokens or secrets', async () => {
    const since = (await own(emu, 'GET', '/calls')).body.next as number;
    const conv = await open();
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'log me' });
    await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(message('custom_bot', 'text', conv, { text: 'logged' })) });
    await emu.deliveriesIdle();
    const log = (await own(emu, 'GET', `/calls?since=${since}`)).body.call as Record<string, unknown>[];
    expect(log.find((e) => e.kind === 'call' && e.method === 'POST' && e.path === '/conversation/conversationmgr/v3/conversations/messages')).to.include({ status: 202, clientId: 'emulator-client', tenant: 'default' });
    expect(log.filter((e) => e.kind === 'message').map((e) => e.type)).to.deep.equal(['text', 'text']);
    expect(log.find((e) => e.kind === 'callback')).to.include({ conversationId: conv, recipient: 'bot', status: 200 });
    const text = JSON.stringify(log);
    for (const secret of [token, 'bot-token', 'hub-secret', 'emulator-secret']) expect(text).to.not.include(secret);
    const onlyMessages = (await own(emu, 'GET', `/calls?since=${since}&kind=message`)).body.call;
    expect(onlyMessages).to.have.length(2);
  });

  it('refuses a malformed batch (400) and a bot message without conversation.id (400-112)', async () => {
    expectRefusal(await hub(emu, 'POST', '/conversations/messages', { token, body: { messages: { message: [] } } }), 400);
    expectRefusal(await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(message('custom_bot', 'text')) }), 400, '400-112');
  });
});
