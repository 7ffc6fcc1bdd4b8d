/**
 * What the fuzz tests found, pinned as plain examples so each fix stays fixed even on a run
 * whose random inputs would not hit it again: bodies nested thousands of levels deep, numeric
 * ids in setup resources, HTTP that node refuses before any route, `Expect` and `Upgrade`
 * headers, and a keep-alive connection after a 413.
 */
import { expect } from 'chai';
import { createJsonServer, sendJson, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { UNLIMITED } from '../emulator/hubTestKit.js';
import { parseRawAnswers, send, sendRaw, targetOf, type FuzzTarget } from './fuzzHttp.js';
import { nestedText } from './fuzzMutations.js';

describe('fuzz findings, pinned', function () {
  describe('on the emulator', () => {
    let emu: RunningEmulator;
    let token: string;
    let target: FuzzTarget;
    before(async () => {
      emu = await startEmulator({ plan: UNLIMITED, rateBurst: 10_000 });
      token = emu.tokenFor({});
      target = targetOf(emu.url);
    });
    after(async () => {
      target.agent.destroy();
      await emu.stop();
    });
    const post = (path: string, body: string) =>
      send(target, { method: 'POST', path: `/conversation/conversationmgr/v3${path}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: Buffer.from(body) });

    it('[E1] refuses a body nested 20,000 levels deep with 400 (it was stored, then every list of the tenant answered 500)', async () => {
      const a = await post('/accounts', `{"name":"deep","x":${nestedText(20_000, 'a')}}`);
      expect(a.status, a.text).to.equal(400);
      expect(isErrorBodyFor(400, JSON.parse(a.text))).to.equal(true);
      const list = await send(target, { method: 'GET', path: '/conversation/conversationmgr/v3/accounts', headers: { authorization: `Bearer ${token}` } });
      expect(list.status, list.text).to.equal(200);
      // Ordinary nesting is untouched.
      expect((await post('/accounts', `{"name":"nested","x":${nestedText(50, 'o')}}`)).status).to.equal(201);
    });

    it('[E1] accepts numeric ids in references (a zod intersection threw on them: 500)', async () => {
      const app = await post('/clientapplications', JSON.stringify({ name: 'app', roles: [{ name: 'custom_bot' }] }));
      expect(app.status, app.text).to.equal(201);
      const participant = await post('/participants', JSON.stringify({ name: 'p', application: { id: JSON.parse(app.text).id } }));
      expect(participant.status, participant.text).to.equal(201);
      const orchestration = await post('/orchestrations', JSON.stringify({ name: 'o', applications: { botConfiguration: { bots: [{ id: 0, participant: { id: JSON.parse(participant.text).id } }] } } }));
      expect(orchestration.status, orchestration.text).to.equal(201);
      const numeric = await post('/participants', JSON.stringify({ name: 'p', application: { id: 12345 } }));
      expect(numeric.status, numeric.text).to.equal(400);
      expect(JSON.parse(numeric.text).code).to.equal('400-113');
    });
  });

  describe('on the one JSON server', () => {
    let app: JsonServer;
    let base: string;
    before(async () => {
      app = createJsonServer({ name: 'findings', bodyLimitBytes: 1000 });
      app.route('get', '/ok', ({ res }) => sendJson(res, 200, { ok: true }));
      app.route('post', '/ok', ({ res }) => sendJson(res, 200, { ok: true }));
      base = await app.listen();
    });
    after(() => app.close());

    const only = async (bytes: string) => {
      const answers = parseRawAnswers(await sendRaw(base, Buffer.from(bytes, 'latin1')));
      expect(answers, 'one answer').to.have.length(1);
      return answers[0]!;
    };

    it('[E1] answers a request that is not HTTP with a 400 error body (node sent an empty one)', async () => {
      const a = await only('GARBAGE\r\n\r\n');
      expect(a.status).to.equal(400);
      expect(isErrorBodyFor(400, JSON.parse(a.body))).to.equal(true);
      const b = await only('POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n');
      expect(isErrorBodyFor(b.status, JSON.parse(b.body))).to.equal(true);
    });

    it('[E1] answers headers past node\'s limit with a 431 error body, and a HEAD request without one', async () => {
      const a = await only(`GET /ok HTTP/1.1\r\nHost: x\r\nX-Long: ${'v'.repeat(20_000)}\r\n\r\n`);
      expect(a.status).to.equal(431);
      expect(isErrorBodyFor(431, JSON.parse(a.body))).to.equal(true);
      const raw = await sendRaw(base, Buffer.from(`HEAD /ok HTTP/1.1\r\nHost: x\r\nX-Long: ${'v'.repeat(20_000)}\r\n\r\n`));
      expect(raw).to.match(/^HTTP\/1\.1 431 /);
      expect(raw.endsWith('\r\n\r\n'), 'no body after the head').to.equal(true);
    });

    it('[E1] answers an Expect it cannot meet with a 417 error body and closes, so a body sent anyway is not read as a request', async () => {
      const raw = await sendRaw(base, Buffer.from('POST /ok HTTP/1.1\r\nHost: x\r\nExpect: x-odd\r\nContent-Length: 39\r\n\r\nGET /ok HTTP/1.1\r\nHost: x\r\n\r\n\r\n\r\n\r\n'));
      const answers = parseRawAnswers(raw);
      expect(answers.map((a) => a.status)).to.deep.equal([417]);
      expect(isErrorBodyFor(417, JSON.parse(answers[0]!.body))).to.equal(true);
    });

    it('answers a request asking for an Upgrade as an ordinary one (nobody answered it)', async () => {
      const a = await only('GET /ok HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n');
      expect(a.status).to.equal(200);
    });

    it('[E1] closes the connection after a 413 sent before the body was read, so a keep-alive client does not reuse it', async () => {
      const target = targetOf(base);
      try {
        const refused = await send(target, { method: 'POST', path: '/ok', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(200_000, 0x20), chunked: true });
        expect(refused.status).to.equal(413);
        expect(refused.headers.connection).to.equal('close');
        // The next request on the same agent used to meet a reset socket.
        expect((await send(target, { method: 'GET', path: '/ok', headers: {} })).status).to.equal(200);
      } finally {
        target.agent.destroy();
      }
    });
  });
});
