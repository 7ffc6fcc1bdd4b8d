import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { CLIENT_ID, securityConfig } from './securityKit.js';

/** Sends `size` bytes at once and reads the answer; an error before the answer is the failure (T6). */
function bigPost(url: string, size: number, chunked: boolean, token: string): Promise<{ status: number; body: string } | { error: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(chunked ? {} : { 'content-length': size }) };
    const req = httpRequest({ host: hostname, port, path: pathname, method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (e) => resolve({ error: e.message }));
    });
    req.on('error', (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    // Written in pieces, as a client streaming a file does.
    const piece = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < size; sent += piece.length) req.write(piece);
    req.end();
  });
}

describe('security: a body over the limit', () => {
  let bot: HubBotServer;
  let token: string;
  const cfg = securityConfig({ BODY_LIMIT_BYTES: String(64 * 1024) });
  before(async () => {
    bot = await startHubBotServer({ config: cfg, logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
    token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
  });
  after(() => bot?.stop());

  it('[T6] gets its 413 read by the client, not a reset: the server lingers, reading and dropping the rest, before closing', async () => {
    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push(await bigPost(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, 4 * 1024 * 1024, false, token));
      answers.push(await bigPost(`${bot.url}${cfg.BOT_CALLBACK_PATH}`, 4 * 1024 * 1024, true, token));
    }
    for (const a of answers) {
      expect(a, JSON.stringify(a)).to.have.property('status', 413);
      expect(JSON.parse((a as { body: string }).body).code).to.equal('413-100');
    }
    expect(await bot.inbox.depth()).to.equal(0);
  });
});
