import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { startHubBotServer, type HubBotServer } from '../../src/runtime/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/server/logger.js';
import { CLIENT_ID, securityConfig } from './securityKit.js';

/** Opens a raw connection, writes `head`, and collects what comes back until the server closes it. */
function rawExchange(url: string, head: string): { socket: Socket; answer: Promise<{ text: string; closedAfterMs: number }> } {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  const socket = connect(Number(port), hostname);
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
    const first = await new Promise<string>((resolve) => socket.once('data', (d) => resolve(d.toString('latin1'))));
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
    expect(server.maxConnections).to.equal(1000);
    expect(server.keepAliveTimeout).to.equal(5000);
    expect(server.maxRequestsPerSocket).to.equal(1000);
  });
});
