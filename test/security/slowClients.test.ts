import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { PlatformError } from '../../src/errors/platformError.js';
import { createJsonServer, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { connectionLimitOf } from '../../src/httpServer/slowClientLimits.js';
import { createUnauthenticatedCap, type UnauthenticatedCap } from '../../src/httpServer/unauthenticatedCap.js';
import { createHubCallbackHandler } from '../../src/adapter/callbackHandler.js';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import { once, waitFor } from '../support/waitFor.js';
import { CLIENT_ID, CLIENT_SECRET, expectRefusal, request, securityConfig, textBatch } from './securityKit.js';

/** The first bytes of the answer: the status line comes before the body is read. */
const firstBytes = async (socket: Socket): Promise<string> => ((await once(socket, 'data', 'the first bytes of the answer'))[0] as Buffer).toString('latin1');

/**
 * Opens a raw connection (from a loopback address of its own when `from` is given), writes
 * `head`, and collects what comes back until the server closes it.
 */
function rawExchange(url: string, head: string, from?: string): { socket: Socket; answer: Promise<{ text: string; closedAfterMs: number }> } {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  const socket = connect({ port: Number(port), host: hostname, localAddress: from });
  socket.write(head);
  const answer = new Promise<{ text: string; closedAfterMs: number }>((resolve) => {
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.on('error', () => undefined);
  });
  return { socket, answer };
}

describe('security: what a slow or silent client may hold', () => {
  let bot: HubBotServer;
  let token: string;
  const cfg = securityConfig({ HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600' });
  before(async () => {
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
    token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
  });
  after(() => bot?.stop());

  it('[S1] a connection that never finishes its headers is answered 408 and closed after the headers timeout', async () => {
    const { answer } = rawExchange(bot.url, `POST ${cfg.BOT_CALLBACK_PATH} HTTP/1.1\r\nHost: bot\r\nContent-Type: app`);
    const { text, closedAfterMs } = await answer;
    expect(text).to.match(/^HTTP\/1\.1 408/);
    expect(text).to.contain('"code":"408-100"');
    expect(closedAfterMs).to.be.lessThan(20_000);
  });

  it('[S1] an unauthenticated callback is refused from its headers: its 1 MB body is never waited for', async () => {
    const { socket, answer } = rawExchange(bot.url, `POST ${cfg.BOT_CALLBACK_PATH} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"messages":`);
    const first = await firstBytes(socket);
    expect(first).to.match(/^HTTP\/1\.1 401/);
    expect(first).to.contain('401-');
    socket.destroy();
    await answer;
    expect(await bot.inbox.depth()).to.equal(0);
  });

  it('[S1] an authenticated callback whose body stalls is answered 408 after the request timeout', async () => {
    const { answer } = rawExchange(bot.url, `POST ${cfg.BOT_CALLBACK_PATH} HTTP/1.1\r\nHost: bot\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"messages":`);
    const { text, closedAfterMs } = await answer;
    expect(text).to.match(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).to.be.lessThan(20_000);
    expect(await bot.inbox.depth()).to.equal(0);
  });

  it('[S1] the server carries a connection limit and keep-alive limits', () => {
    const server = bot.app.server.server;
    expect(connectionLimitOf(server)).to.equal(1000);
    expect(server.keepAliveTimeout).to.equal(5000);
    expect(server.maxRequestsPerSocket).to.equal(1000);
  });

  it('[S1] the keep-alive limits are configuration', async () => {
    const tuned = await startHubBotServer({
      config: securityConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '2500', HTTP_MAX_REQUESTS_PER_SOCKET: '50', HTTP_MAX_CONNECTIONS: '200' }),
      logger: createLogger({ level: 'silent' }),
      bot: () => ({ run: async () => undefined }),
    });
    try {
      const server = tuned.app.server.server;
      expect([server.keepAliveTimeout, server.maxRequestsPerSocket, connectionLimitOf(server)]).to.deep.equal([2500, 50, 200]);
    } finally {
      await tuned.stop();
    }
  });
});

/** A token request whose body never finishes: it holds its place until the request timeout. */
const TRICKLING_TOKEN_REQUEST = (path: string) => `POST ${path} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"client_id":`;

describe('security: unauthenticated requests in flight per address', () => {
  let bot: HubBotServer;
  let token: string;
  const cfg = securityConfig({ HTTP_MAX_UNAUTHENTICATED_PER_ADDRESS: '2' });
  const held: Socket[] = [];
  before(async () => {
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
    token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
  });
  after(async () => {
    for (const s of held) s.destroy();
    await bot?.stop();
  });

  const tokenRequest = (from: string, body: object) =>
    request(`${bot.url}/oauth2/token`, { from, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('[S9] slow token requests from one address cannot keep the right credentials from a token: the oldest slow one is shed (408), a whole request never', async () => {
    const attacker = '127.0.5.1';
    let arrived = 0;
    const count = (req: IncomingMessage) => void (req.socket.remoteAddress === attacker && arrived++);
    bot.app.server.server.on('request', count);
    const firstTwo = [rawExchange(bot.url, TRICKLING_TOKEN_REQUEST('/oauth2/token'), attacker), rawExchange(bot.url, TRICKLING_TOKEN_REQUEST('/oauth2/token'), attacker)];
    held.push(...firstTwo.map((x) => x.socket));
    await waitFor(() => arrived === 2, 'the two slow requests to take the places');
    bot.app.server.server.off('request', count);
    // Eighteen more slow ones: each takes the place of the oldest, which is told 408 and closed.
    const later = Array.from({ length: 18 }, () => rawExchange(bot.url, TRICKLING_TOKEN_REQUEST('/oauth2/token'), attacker));
    held.push(...later.map((x) => x.socket));
    const shedFirst = await firstTwo[0].answer;
    expect(shedFirst.text).to.match(/^HTTP\/1\.1 408/);
    expect(shedFirst.text).to.contain('"code":"408-100"');

    // The hub, from that same address, with the right credentials: a token within a second,
    // while callbacks signed with it keep coming.
    const started = Date.now();
    const granted = await tokenRequest(attacker, { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect(granted.status, granted.text).to.equal(200);
    expect(Date.now() - started).to.be.lessThan(1000);
    for (let i = 0; i < 5; i++) {
      const callback = await request(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, {
        from: attacker,
        headers: { authorization: `Bearer ${granted.body.access_token as string}`, 'content-type': 'application/json' },
        body: textBatch(`c-${randomUUID()}`, `still here ${i}`),
      });
      expect(callback.status, callback.text).to.equal(200);
    }
    for (const s of held.splice(0)) s.destroy();
  });

  it('[S1] an authenticated callback from an address whose token requests are all held still passes', async () => {
    const attacker = '127.0.5.3';
    for (let i = 0; i < 3; i++) held.push(rawExchange(bot.url, TRICKLING_TOKEN_REQUEST('/oauth2/token'), attacker).socket);
    const callback = await request(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, {
      from: attacker,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: textBatch(`c-${randomUUID()}`, 'still here'),
    });
    expect(callback.status, callback.text).to.equal(200);
    expect((await tokenRequest('127.0.5.2', { client_id: CLIENT_ID, client_secret: CLIENT_SECRET })).status).to.equal(200);
    for (const s of held.splice(0)) s.destroy();
  });
});

describe('security: callbacks whose token is still being checked, per address', () => {
  let app: JsonServer;
  let url: string;
  let cap: UnauthenticatedCap;
  let open: () => void = () => undefined;
  const checking = new Promise<void>((resolve) => (open = resolve));

  before(async () => {
    app = createJsonServer({ name: 'callback-cap' });
    cap = createUnauthenticatedCap({ maxPerAddress: 2 });
    // A token check that stalls (an issuer's key set slow to fetch, say) for tokens other than "good".
    const handler = createHubCallbackHandler({
      authenticate: async (req) => {
        if (req.headers.authorization === 'Bearer good') return;
        await checking;
        throw PlatformError.of('401-104');
      },
      record: async () => ({ duplicate: false }),
      unauthenticated: cap,
    });
    app.route('post', '/callback', ({ req, res }) => handler(req, res), { parseJson: false });
    url = `${await app.listen(0, '127.0.0.1')}/callback`;
  });
  after(async () => {
    open();
    await app.close();
  });

  const callback = (from: string, auth: string) =>
    request(url, { from, headers: { authorization: auth, 'content-type': 'application/json' }, body: textBatch(`c-${randomUUID()}`, 'hi') });

  it('[S1] refuses the N+1th callback from one address while its token checks are pending; an authenticated one passes once they are answered', async () => {
    const attacker = '127.0.6.1';
    const pending = [callback(attacker, 'Bearer stalled-1'), callback(attacker, 'Bearer stalled-2')];
    await waitFor(() => cap.inFlight(attacker) === 2, 'both token checks to be pending');
    expectRefusal(await callback(attacker, 'Bearer stalled-3'), 429, '429-001');
    // Another address is not affected.
    expect((await callback('127.0.6.2', 'Bearer good')).status).to.equal(200);
    open();
    for (const a of await Promise.all(pending)) expectRefusal(a, 401, '401-104');
    expect(cap.inFlight(attacker)).to.equal(0);
    expect((await callback(attacker, 'Bearer good')).status).to.equal(200);
  });
});
