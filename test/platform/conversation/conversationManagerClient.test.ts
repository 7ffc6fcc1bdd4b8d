import { expect } from 'chai';
import { ConversationManagerClient } from '../../../src/platform/conversation/conversationManagerClient.js';
import { PlatformError } from '../../../src/errors/platformError.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { CONVERSATION_BASE as B, TEST_TOKEN, testPlatformCore, type RecordingCore } from '../testPlatformCore.js';

const SECRET = 'super-secret-client-secret';

const oauth2Auth = {
  name: 'bot callback auth',
  type: 'oauth2' as const,
  oauth2: {
    tokenRequestUrl: 'https://bot.example.com/oauth/token',
    method: 'POST',
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    payload: JSON.stringify({ client_id: 'bot', client_secret: SECRET }),
    accessTokenPath: '$.access_token',
  },
};

async function rejectionOf(p: Promise<unknown>): Promise<PlatformError> {
  try {
    await p;
  } catch (err) {
    expect(err).to.be.instanceOf(PlatformError);
    return err as PlatformError;
  }
  throw new Error('expected a rejection');
}

describe('ConversationManagerClient over real HTTP', () => {
  let server: RecordingServer;
  let core: RecordingCore;
  let client: ConversationManagerClient;

  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());
  beforeEach(() => {
    server.clear();
    core = testPlatformCore(server.url);
    client = new ConversationManagerClient(core);
  });

  describe('authentications', () => {
    it('[C2] POST /authentications sends name, type and oauth2 (payload as an escaped string) and reads {id}', async () => {
      server.reply('POST', `${B}/authentications`, { status: 201, body: { id: 'auth-1' } });
      const created = await client.authentications.create(oauth2Auth);
      expect(created.id).to.equal('auth-1');
      const [req] = server.requests;
      expect(`${req.method} ${req.path}`).to.equal(`POST ${B}/authentications`);
      expect(req.headers.authorization).to.equal(`Bearer ${TEST_TOKEN}`);
      expect(req.headers['content-type']).to.match(/^application\/json/);
      expect(req.body).to.deep.equal(oauth2Auth);
      expect(typeof (req.body as typeof oauth2Auth).oauth2.payload).to.equal('string');
    });

    it('[C2] GET /authentications reads {authentication: [...]} keeping unknown fields', async () => {
      server.reply('GET', `${B}/authentications`, {
        body: { authentication: [{ ...oauth2Auth, id: 'a1', created: '2024-01-01T00:00:00Z', modified: '2024-01-02T00:00:00Z', extra: 7 }] },
      });
      const list = await client.authentications.list();
      expect(server.calls()).to.deep.equal([`GET ${B}/authentications`]);
      expect(list.items).to.have.length(1);
      expect(list.items[0]).to.include({ id: 'a1', created: '2024-01-01T00:00:00Z', modified: '2024-01-02T00:00:00Z' });
      expect((list.items[0] as Record<string, unknown>).extra).to.equal(7);
    });

    it('[C2] GET /authentications/{id} returns id, created and modified', async () => {
      server.reply('GET', `${B}/authentications/{id}`, {
        body: { ...oauth2Auth, id: 'a 1', created: '2024-01-01T00:00:00Z', modified: '2024-01-02T00:00:00Z' },
      });
      const auth = await client.authentications.get('a 1');
      expect(server.calls()).to.deep.equal([`GET ${B}/authentications/a%201`]);
      expect(auth).to.include({ id: 'a 1', created: '2024-01-01T00:00:00Z', modified: '2024-01-02T00:00:00Z', name: oauth2Auth.name });
    });

    it('[C2] PUT /authentications/{id} carries modified; DELETE /authentications/{id}', async () => {
      server.reply('DELETE', `${B}/authentications/{id}`, { status: 204 });
      await client.authentications.update('a1', { ...oauth2Auth, modified: '2024-01-02T00:00:00Z' });
      await client.authentications.delete('a1');
      expect(server.calls()).to.deep.equal([`PUT ${B}/authentications/a1`, `DELETE ${B}/authentications/a1`]);
      expect((server.requests[0].body as Record<string, unknown>).modified).to.equal('2024-01-02T00:00:00Z');
      expect(server.requests[1].raw.length).to.equal(0);
    });

    it('[C2] an authentication with an unsupported accessTokenPath is refused before the network, without its secret', async () => {
      const bad = { ...oauth2Auth, oauth2: { ...oauth2Auth.oauth2, accessTokenPath: '$..token' } };
      const err = await rejectionOf(client.authentications.create(bad));
      expect(err.code).to.equal('400-101');
      expect(JSON.stringify({ ...err.toErrorBody({ includeUserMessage: true }), msg: err.message })).not.to.include(SECRET);
      expect(server.requests).to.have.length(0);
    });

    it('[E4] a refused delete (in use) reaches the caller as a PlatformError with the body of 2.3', async () => {
      server.reply('DELETE', `${B}/authentications/{id}`, { status: 409, body: { code: '409-100', developerMessage: 'in use', details: [{ key: 'id', value: 'a1' }] } });
      const err = await rejectionOf(client.authentications.delete('a1'));
      expect(err).to.include({ status: 409, code: '409-100', developerMessage: 'in use' });
      expect(err.details).to.deep.equal([{ key: 'id', value: 'a1' }]);
    });
  });

  describe('messages', () => {
    const message = (type: string, senderType = 'custom_bot') => ({
      sender: { type: senderType },
      type: { value: type },
      content: { text: 'hi' },
      conversation: { id: 'conv-1' },
    });

    it('[C5] a batch holding one refused type throws 400-120 naming sender and type, and nothing reaches the hub', async () => {
      const batch = { messages: { message: [message('text'), message('agent.join')] } };
      const err = await rejectionOf(client.sendMessages(batch));
      expect(err.status).to.equal(400);
      expect(err.code).to.equal('400-120');
      expect(err.developerMessage).to.include('custom_bot').and.to.include('agent.join');
      expect(err.details).to.deep.include({ key: 'sender', value: 'custom_bot' });
      expect(err.details).to.deep.include({ key: 'type', value: 'agent.join' });
      expect(server.requests).to.have.length(0);
    });

    it('[C5] a customer-only type from a bot and an unknown type are refused before any call', async () => {
      for (const type of ['customer.active', 'undo', 'no.such.type']) {
        const err = await rejectionOf(client.sendMessages({ messages: { message: [message(type)] } }));
        expect(err.code).to.equal('400-120');
      }
      expect(server.requests).to.have.length(0);
    });

    it('[C5] allowed types of several messages go in one POST /conversations/messages', async () => {
      server.reply('POST', `${B}/conversations/messages`, { status: 202 });
      const batch = {
        metadata: { attributes: [{ name: 'k', value: 'v' }] },
        messages: { message: [message('typing.start'), message('text'), message('richMessage.quickreply'), message('escalation.transfer')] },
      };
      const result = await client.sendMessages(batch);
      expect(result.status).to.equal(202);
      expect(server.calls()).to.deep.equal([`POST ${B}/conversations/messages`]);
      expect(server.requests[0].body).to.deep.equal(batch);
    });
  });

  it('[C11] GET /conversations/{id} returns the completed conversation, unknown fields kept', async () => {
    server.reply('GET', `${B}/conversations/{id}`, {
      body: { id: 'conv-1', state: 'completed', messages: { message: [{ sender: { type: 'customer' }, type: { value: 'text' }, content: { text: 'hello' } }] }, channel: 'chat' },
    });
    const conv = await client.getConversation('conv-1');
    expect(server.calls()).to.deep.equal([`GET ${B}/conversations/conv-1`]);
    expect(conv.state).to.equal('completed');
    expect(conv.messages?.message?.[0].content?.text).to.equal('hello');
    expect((conv as Record<string, unknown>).channel).to.equal('chat');
  });

  it('[C12] every resource of 4.2 is reachable: one call each, with the path template of its rate bucket', async () => {
    server.reply('POST', '*', { status: 201, body: { id: 'new-1', contentUrl: `${server.url}/signed/x` } });
    server.reply('GET', `${B}/assets/{id}`, { body: { id: 'x', contentUrl: `${server.url}/signed/x` } });
    server.reply('POST', `${B}/conversations/messages`, { status: 202 });
    const setup = [
      ['authentications', client.authentications, oauth2Auth],
      ['clientapplications', client.clientApplications, { name: 'app', roles: [{ name: 'custom_bot', version: 'v3', callback: 'https://bot/cb', authentication: { id: 'a1' } }] }],
      ['participants', client.participants, { name: 'bot', type: 'custom_bot', application: { id: 'app-1' } }],
      ['channels', client.channels, { type: 'chat' }],
      ['orchestrations', client.orchestrations, { name: 'o' }],
      ['accounts', client.accounts, { name: 'acc', channel: { id: 'ch-1' } }],
    ] as const;
    const expected: string[] = [];
    const templates: string[] = [];
    for (const [segment, resource, input] of setup) {
      server.reply('GET', `${B}/${segment}/{id}`, { body: { id: '1', ...input } });
      await (resource.create as (i: unknown) => Promise<unknown>)(input);
      await resource.list();
      await resource.get('1');
      await (resource.update as (id: string, i: unknown) => Promise<unknown>)('1', input);
      await resource.delete('1');
      expected.push(`POST ${B}/${segment}`, `GET ${B}/${segment}`, `GET ${B}/${segment}/1`, `PUT ${B}/${segment}/1`, `DELETE ${B}/${segment}/1`);
      templates.push(`POST /${segment}`, `GET /${segment}`, `GET /${segment}/{id}`, `PUT /${segment}/{id}`, `DELETE /${segment}/{id}`);
    }
    await client.sendMessages({ messages: { message: [{ sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text: 'x' } }] } });
    server.reply('GET', `${B}/conversations/{id}`, { body: { id: 'c1' } });
    await client.getConversation('c1');
    await client.assets.create({ contentType: 'text/plain', size: 1 });
    await client.assets.get('x');
    await client.assets.delete('x');
    expected.push(`POST ${B}/conversations/messages`, `GET ${B}/conversations/c1`, `POST ${B}/assets`, `GET ${B}/assets/x`, `DELETE ${B}/assets/x`);
    templates.push('POST /conversations/messages', 'GET /conversations/{id}', 'POST /assets', 'GET /assets/{id}', 'DELETE /assets/{id}');

    expect(server.calls()).to.deep.equal(expected);
    expect(core.specs.map((s) => `${s.method} ${s.template}`)).to.deep.equal(templates);
    expect(core.specs.every((s) => s.service === 'conversationmgr')).to.equal(true);
  });

  it('[C12] lists read {paginationInfo, <resource>: [...]} and a missing id is refused before the network', async () => {
    server.reply('GET', `${B}/participants`, { body: { paginationInfo: { count: 1, pagenum: 1, pagesize: 100 }, participant: [{ id: 7, name: 'bot', extra: true }] } });
    const list = await client.participants.list({ $pagenum: 1 });
    expect(list.paginationInfo?.count).to.equal(1);
    expect(list.items[0]).to.include({ id: '7', name: 'bot', extra: true });
    expect(server.requests[0].query).to.deep.equal({ $pagenum: '1' });
    const err = await rejectionOf(client.channels.get(''));
    expect(err.code).to.equal('400-112');
    expect(server.requests).to.have.length(1);
  });
});
