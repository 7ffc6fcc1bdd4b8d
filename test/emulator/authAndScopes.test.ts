import { expect } from 'chai';
import { sendJson } from '../../src/httpServer/jsonServer.js';
import type { EmulatorPart } from '../../src/emulator/emulatorContext.js';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { answerOf, expectRefusal, fetchToken, hub, I_MANAGE, I_READ, MANAGE, message, batchOf, own, READ, startTestEmulator } from './hubTestKit.js';

/** A part that answers who the caller is: checks the parts hook and the token's subject. */
const whoAmI: EmulatorPart = (ctx) => {
  ctx.app.route('get', '/test/whoami', async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'portalmgr', template: '/test/whoami' });
    sendJson(rc.res, 200, { ...caller, token: undefined });
  });
};

describe('emulator: token endpoint, bearer tokens and scopes', () => {
  let emu: RunningEmulator;
  // Real time plus a skew the TTL test moves forward.
  let skew = 0;
  before(async () => {
    emu = await startTestEmulator({ now: () => Date.now() + skew, tokenTtlSeconds: 60, parts: [whoAmI] });
  });
  after(() => emu.stop());

  it('issues a client-credentials token (form body, Basic header or JSON body)', async () => {
    const form = await fetchToken(emu);
    expect(form).to.match(/^emu_/);
    const basic = await answerOf(
      await fetch(emu.tokenUrl, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('emulator-client:emulator-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      }),
    );
    expect(basic.status).to.equal(200);
    expect(basic.body).to.include({ token_type: 'Bearer', expires_in: 60 });
    expect(basic.body.scope.split(' ')).to.have.members([MANAGE, READ, I_MANAGE, I_READ]);
    const json = await answerOf(
      await fetch(emu.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'emulator-client', client_secret: 'emulator-secret' }) }),
    );
    expect(json.status).to.equal(200);
  });

  it('[E1] refuses bad client credentials with 401 and an error body that never echoes the secret', async () => {
    const res = await answerOf(
      await fetch(emu.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=emulator-client&client_secret=wrong-secret-123' }),
    );
    expectRefusal(res, 401, '401-106');
    expect(JSON.stringify(res.body)).to.not.include('wrong-secret-123');
    expectRefusal(await answerOf(await fetch(emu.tokenUrl, { method: 'POST', body: 'grant_type=password' })), 400, '400-196');
    expectRefusal(await answerOf(await fetch(emu.tokenUrl, { method: 'POST', body: 'client_id=x' })), 400, '400-112');
  });

  it('[E1] answers a missing or unknown bearer token with 401-104 and an error body', async () => {
    expectRefusal(await hub(emu, 'GET', '/channels'), 401, '401-104');
    expectRefusal(await hub(emu, 'GET', '/channels', { token: 'not-a-token' }), 401, '401-104');
    expectRefusal(await hub(emu, 'GET', '/channels', { headers: { authorization: 'Basic abc' } }), 401, '401-104');
  });

  it('[E1] answers an expired token with 401-105 once its TTL has passed', async () => {
    const token = await fetchToken(emu);
    expect((await hub(emu, 'GET', '/channels', { token })).status).to.equal(200);
    skew += 60_000;
    expectRefusal(await hub(emu, 'GET', '/channels', { token }), 401, '401-105');
  });

  it('[E1] adds userMessage only when the request carries X-platform-error-message: yes', async () => {
    const plain = await hub(emu, 'GET', '/channels');
    expect(plain.body).to.have.keys('code', 'developerMessage');
    const asked = await hub(emu, 'GET', '/channels', { headers: { 'X-platform-error-message': 'yes' } });
    expect(asked.body.userMessage).to.be.a('string').with.length.greaterThan(0);
  });

  it('[E3] writes the error text in the language of Accept-Language', async () => {
    const fr = await hub(emu, 'GET', '/channels', { headers: { 'accept-language': 'fr-FR' } });
    expect(fr.body.developerMessage).to.match(/autorisation/);
    const en = await hub(emu, 'GET', '/channels', { headers: { 'accept-language': 'en-US' } });
    expect(en.body.developerMessage).to.match(/authorization header/);
  });

  describe('[C7] each operation needs the scope of spec 5.2', () => {
    const tokens: Record<string, string> = {};
    before(async () => {
      for (const [name, scope] of Object.entries({ manage: MANAGE, read: READ, iManage: I_MANAGE, iRead: I_READ })) tokens[name] = await fetchToken(emu, undefined, undefined, scope);
    });

    it('[C7] create, update and delete of setup resources need manage (read is refused with 403-197)', async () => {
      expectRefusal(await hub(emu, 'POST', '/channels', { token: tokens.read, body: { type: 'chat' } }), 403, '403-197');
      expectRefusal(await hub(emu, 'POST', '/channels', { token: tokens.iManage, body: { type: 'chat' } }), 403, '403-197');
      const created = await hub(emu, 'POST', '/channels', { token: tokens.manage, body: { type: 'chat' } });
      expect(created.status).to.equal(201);
      expectRefusal(await hub(emu, 'PUT', `/channels/${created.body.id}`, { token: tokens.read, body: { type: 'sms' } }), 403, '403-197');
      expect((await hub(emu, 'PUT', `/channels/${created.body.id}`, { token: tokens.manage, body: { type: 'sms' } })).status).to.equal(200);
      expectRefusal(await hub(emu, 'DELETE', `/channels/${created.body.id}`, { token: tokens.read }), 403, '403-197');
      expect((await hub(emu, 'DELETE', `/channels/${created.body.id}`, { token: tokens.manage })).status).to.equal(204);
    });

    it('[C7] GET of setup resources takes manage or read', async () => {
      const id = (await hub(emu, 'POST', '/accounts', { token: tokens.manage, body: { name: 'a' } })).body.id;
      for (const t of [tokens.manage, tokens.read]) {
        expect((await hub(emu, 'GET', '/accounts', { token: t })).status).to.equal(200);
        expect((await hub(emu, 'GET', `/accounts/${id}`, { token: t })).status).to.equal(200);
      }
      expectRefusal(await hub(emu, 'GET', '/accounts', { token: tokens.iRead }), 403, '403-197');
    });

    it('[C7] listing authentications needs manage (read is not enough), getting one takes read', async () => {
      expectRefusal(await hub(emu, 'GET', '/authentications', { token: tokens.read }), 403, '403-197');
      expect((await hub(emu, 'GET', '/authentications', { token: tokens.manage })).status).to.equal(200);
      const created = await hub(emu, 'POST', '/authentications', { token: tokens.manage, body: { name: 'b', type: 'basic' } });
      expect((await hub(emu, 'GET', `/authentications/${created.body.id}`, { token: tokens.read })).status).to.equal(200);
    });

    it('[C7] sending messages, creating and deleting assets need interaction.manage', async () => {
      for (const t of [tokens.iRead, tokens.manage]) {
        expectRefusal(await hub(emu, 'POST', '/conversations/messages', { token: t, body: batchOf(message('custom_bot', 'text', 'c1')) }), 403, '403-197');
        expectRefusal(await hub(emu, 'POST', '/assets', { token: t, body: { contentType: 'text/plain', size: 1 } }), 403, '403-197');
        expectRefusal(await hub(emu, 'DELETE', '/assets/x', { token: t }), 403, '403-197');
      }
      // Past the scope check, the unknown conversation and asset are what is refused.
      expectRefusal(await hub(emu, 'POST', '/conversations/messages', { token: tokens.iManage, body: batchOf(message('custom_bot', 'text', 'c1')) }), 404, '404-101');
      expect((await hub(emu, 'POST', '/assets', { token: tokens.iManage, body: { contentType: 'text/plain', size: 1 } })).status).to.equal(201);
      expectRefusal(await hub(emu, 'DELETE', '/assets/x', { token: tokens.iManage }), 404, '404-101');
    });

    it('[C7] getting a conversation or an asset takes interaction.manage or interaction.read', async () => {
      for (const t of [tokens.iManage, tokens.iRead]) {
        expectRefusal(await hub(emu, 'GET', '/conversations/nope', { token: t }), 404, '404-101');
        expectRefusal(await hub(emu, 'GET', '/assets/nope', { token: t }), 404, '404-101');
      }
      expectRefusal(await hub(emu, 'GET', '/conversations/nope', { token: tokens.manage }), 403, '403-197');
      expectRefusal(await hub(emu, 'GET', '/assets/nope', { token: tokens.read }), 403, '403-197');
    });
  });

  it('registers clients through the admin API, with a tenant and a user subject for portal calls', async () => {
    const reg = await own(emu, 'POST', '/clients', { tenant: 'acme', scopes: [READ], subject: { kind: 'user', id: 'u-1', profileIds: ['1', '7'], admin: true } });
    expect(reg.status).to.equal(201);
    expect(reg.body.clientSecret).to.be.a('string');
    const token = await fetchToken(emu, reg.body.clientId, reg.body.clientSecret);
    const who = await answerOf(await fetch(`${emu.url}/test/whoami`, { headers: { authorization: `Bearer ${token}` } }));
    expect(who.body).to.deep.include({ tenant: 'acme', scopes: [READ], subject: { kind: 'user', id: 'u-1', profileIds: ['1', '7'], admin: true } });
    const listed = await own(emu, 'GET', '/clients');
    expect(JSON.stringify(listed.body)).to.not.include(reg.body.clientSecret);
  });

  it('keeps tenants apart: one tenant cannot see or delete another tenant\'s resources', async () => {
    const other = emu.tokenFor({ tenant: 'other-tenant' });
    const mine = await fetchToken(emu);
    const id = (await hub(emu, 'POST', '/channels', { token: mine, body: { type: 'chat' } })).body.id;
    expectRefusal(await hub(emu, 'GET', `/channels/${id}`, { token: other }), 404, '404-101');
    expectRefusal(await hub(emu, 'DELETE', `/channels/${id}`, { token: other }), 404, '404-101');
    expect((await hub(emu, 'GET', '/channels', { token: other })).body.channel).to.deep.equal([]);
  });
});
