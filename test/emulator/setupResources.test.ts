import { expect } from 'chai';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { batchOf, createChain, expectRefusal, fetchToken, hub, message, oauth2Authentication, own, startTestEmulator, type Chain } from './hubTestKit.js';

describe('emulator: setup resources of the conversation manager', () => {
  let emu: RunningEmulator;
  let token: string;
  before(async () => {
    emu = await startTestEmulator();
    token = await fetchToken(emu);
  });
  after(() => emu.stop());

  it('[C2] authentications: POST returns {id}, GET list {authentication: [...]}, GET one with id, created, modified, PUT, DELETE', async () => {
    const body = oauth2Authentication('https://idp.example.test/token', { extraField: { kept: true } });
    const created = await hub(emu, 'POST', '/authentications', { token, body });
    expect(created.status).to.equal(201);
    expect(created.body).to.have.keys('id');
    const id = created.body.id as string;

    const list = await hub(emu, 'GET', '/authentications', { token });
    expect(list.status).to.equal(200);
    expect(list.body).to.have.keys('authentication');
    expect(list.body.authentication.map((a: { id: string }) => a.id)).to.include(id);

    const one = await hub(emu, 'GET', `/authentications/${id}`, { token });
    expect(one.status).to.equal(200);
    expect(one.body).to.include({ id, name: 'bot token', type: 'oauth2' });
    expect(one.body.oauth2).to.deep.include({ tokenRequestUrl: 'https://idp.example.test/token', accessTokenPath: '$.data.access_token' });
    expect(one.body.extraField, 'unknown fields are kept').to.deep.equal({ kept: true });
    expect(Number.isNaN(Date.parse(one.body.created))).to.equal(false);
    expect(Date.parse(one.body.modified)).to.be.at.least(Date.parse(one.body.created));

    const put = await hub(emu, 'PUT', `/authentications/${id}`, { token, body: { ...body, name: 'renamed', modified: one.body.modified } });
    expect(put.status).to.equal(200);
    expect(put.body).to.include({ id, name: 'renamed', created: one.body.created });
    expect(Date.parse(put.body.modified)).to.be.greaterThan(Date.parse(one.body.modified));

    expect((await hub(emu, 'DELETE', `/authentications/${id}`, { token })).status).to.equal(204);
    expectRefusal(await hub(emu, 'GET', `/authentications/${id}`, { token }), 404, '404-101');
  });

  it('[C2] refuses an authentication that does not fit 2.1 (payload not a JSON document, unsupported JSONPath, missing name)', async () => {
    const good = oauth2Authentication('https://idp.example.test/token');
    const bad = (patch: Record<string, unknown>) => ({ ...good, oauth2: { ...(good.oauth2 as object), ...patch } });
    expectRefusal(await hub(emu, 'POST', '/authentications', { token, body: bad({ payload: 'client_id=x' }) }), 400, '400-101');
    expectRefusal(await hub(emu, 'POST', '/authentications', { token, body: bad({ accessTokenPath: '$..token' }) }), 400, '400-101');
    const { name: _n, ...noName } = good;
    expectRefusal(await hub(emu, 'POST', '/authentications', { token, body: noName }), 400, '400-112');
    expectRefusal(await hub(emu, 'POST', '/authentications', { token, body: '{not json' as unknown as object }), 400);
  });

  it('serves the other five resources with create 201 {id}, list {paginationInfo, <resource>: [...]}, get, PUT and DELETE', async () => {
    const chain = await createChain(emu, token, { callback: 'http://127.0.0.1:9/cb', tokenRequest: 'http://127.0.0.1:9/token' }, 'list@example.test');
    const fields: Record<string, [string, string]> = {
      clientapplications: ['clientApplication', chain.clientApplicationId],
      participants: ['participant', chain.participantId],
      channels: ['channel', chain.channelId],
      orchestrations: ['orchestration', chain.orchestrationId],
      accounts: ['account', chain.accountId],
    };
    for (const [resource, [field, id]] of Object.entries(fields)) {
      const list = await hub(emu, 'GET', `/${resource}`, { token });
      expect(list.status).to.equal(200);
      expect(list.body.paginationInfo).to.include({ pagenum: 1 });
      expect(list.body[field].map((r: { id: string }) => r.id), resource).to.include(id);
      const one = await hub(emu, 'GET', `/${resource}/${id}`, { token });
      expect(one.body).to.include({ id });
      expect(one.body).to.have.property('created');
      expect(one.body).to.have.property('modified');
    }
    const paged = await hub(emu, 'GET', '/channels?$pagenum=1&$pagesize=1', { token });
    expect(paged.body.channel).to.have.length(1);
    expect(paged.body.paginationInfo.pagesize).to.equal(1);
  });

  it('refuses a reference to a resource that does not exist (400-113) and a channel without type (400-112)', async () => {
    expectRefusal(await hub(emu, 'POST', '/participants', { token, body: { name: 'p', application: { id: 'missing-app' } } }), 400, '400-113');
    expectRefusal(await hub(emu, 'POST', '/accounts', { token, body: { name: 'a', channel: { id: 'missing-channel' } } }), 400, '400-113');
    expectRefusal(await hub(emu, 'POST', '/channels', { token, body: { name: 'no type' } }), 400, '400-112');
    expectRefusal(await hub(emu, 'POST', '/clientapplications', { token, body: { name: 'x', roles: [{ name: 'robot' }] } }), 400, '400-101');
  });

  describe('[C4] refused deletes (409-100 naming what uses the resource)', () => {
    let chain: Chain;
    before(async () => {
      chain = await createChain(emu, token, { callback: 'http://127.0.0.1:9/cb', tokenRequest: 'http://127.0.0.1:9/token' }, 'c4@example.test');
    });

    it('[C4] an authentication used by a client application cannot be deleted', async () => {
      const r = await hub(emu, 'DELETE', `/authentications/${chain.authenticationId}`, { token });
      expectRefusal(r, 409, '409-100');
      expect(r.body.developerMessage).to.include(`client application ${chain.clientApplicationId}`);
    });

    it('[C4] a client application used by a participant cannot be deleted', async () => {
      const r = await hub(emu, 'DELETE', `/clientapplications/${chain.clientApplicationId}`, { token });
      expectRefusal(r, 409, '409-100');
      expect(r.body.details).to.deep.include({ key: 'usedBy', value: `participant ${chain.participantId}` });
    });

    it('[C4] a channel in use (named by an account, or by a client application) cannot be deleted', async () => {
      const byAccount = await hub(emu, 'DELETE', `/channels/${chain.channelId}`, { token });
      expectRefusal(byAccount, 409, '409-100');
      expect(byAccount.body.developerMessage).to.include(`account ${chain.accountId}`);
      const channel = (await hub(emu, 'POST', '/channels', { token, body: { type: 'sms' } })).body.id;
      const app = (await hub(emu, 'POST', '/clientapplications', { token, body: { name: 'sms app', roles: [{ name: 'customer' }], channels: [{ id: channel }] } })).body.id;
      const byApp = await hub(emu, 'DELETE', `/channels/${channel}`, { token });
      expectRefusal(byApp, 409, '409-100');
      expect(byApp.body.developerMessage).to.include(`client application ${app}`);
    });

    it('[C4] an orchestration used by an account cannot be deleted', async () => {
      const r = await hub(emu, 'DELETE', `/orchestrations/${chain.orchestrationId}`, { token });
      expectRefusal(r, 409, '409-100');
      expect(r.body.developerMessage).to.include(`account ${chain.accountId}`);
    });

    it('[C4] an asset used in a message cannot be deleted; an unused one can', async () => {
      const used = (await hub(emu, 'POST', '/assets', { token, body: { contentType: 'text/plain', size: 2 } })).body.id;
      const unused = (await hub(emu, 'POST', '/assets', { token, body: { contentType: 'text/plain', size: 2 } })).body.id;
      const conv = (await own(emu, 'POST', '/conversations', { accountId: chain.accountId })).body.id;
      const sent = await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(message('custom_bot', 'text', conv, { text: 'see file', assetId: used })) });
      expect(sent.status).to.equal(202);
      const r = await hub(emu, 'DELETE', `/assets/${used}`, { token });
      expectRefusal(r, 409, '409-100');
      expect(r.body.developerMessage).to.include(`message ${sent.body.messages[0].id}`);
      expect((await hub(emu, 'DELETE', `/assets/${unused}`, { token })).status).to.equal(204);
    });

    it('[C4] teardown in reverse setup order succeeds once nothing uses a resource', async () => {
      for (const [res, id] of [
        ['accounts', chain.accountId],
        ['orchestrations', chain.orchestrationId],
        ['channels', chain.channelId],
        ['participants', chain.participantId],
        ['clientapplications', chain.clientApplicationId],
        ['authentications', chain.authenticationId],
      ]) {
        expect((await hub(emu, 'DELETE', `/${res}/${id}`, { token })).status, res).to.equal(204);
      }
    });
  });
});
