/**
 * Every refusal is counted and logged (S14), the ones made below the routes included: the 429s
 * of the cap on unauthenticated token requests and the 408s of requests that do not arrive in
 * time. And /metrics, by default, answers this machine only.
 */
import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { waitFor } from '../support/waitFor.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { CLIENT_ID, expectRefusal, request, securityConfig } from './securityKit.js';

/** A request that never finishes: headers (and perhaps a body start) only. */
function hold(url: string, head: string, from?: string): Socket {
  const { hostname, port } = new URL(url);
  const socket = connect({ port: Number(port), host: hostname, localAddress: from });
  socket.on('error', () => undefined);
  socket.write(head);
  return socket;
}

/** A bot logging its warnings into `lines`. */
async function loggingBot(env: Record<string, string>, lines: Array<Record<string, unknown>>): Promise<HubBotServer> {
  const destination = new Writable({ write: (chunk: Buffer, _e, done) => void (lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>), done()) });
  return startHubBotServer({ config: securityConfig(env), logger: createLogger({ level: 'warn', destination }), bot: () => ({ run: async () => undefined }) });
}

async function refusedBy(bot: HubBotServer, route: string): Promise<number> {
  const metric = await bot.metrics.refusals.get();
  return metric.values.find((v) => v.labels.route === route)?.value ?? 0;
}

describe('security: refusals below the routes are counted and logged', () => {
  let bot: HubBotServer | undefined;
  const lines: Array<Record<string, unknown>> = [];
  const held: Socket[] = [];
  afterEach(async () => {
    for (const s of held.splice(0)) s.destroy();
    await bot?.stop();
    bot = undefined;
    lines.length = 0;
  });

  it('[S14] the token cap\'s refusals are each counted under route="token", and logged (rate-limited): slow requests it sheds, whole ones it refuses', async () => {
    const b = (bot = await loggingBot({ HTTP_MAX_UNAUTHENTICATED_PER_ADDRESS: '2' }, lines));
    const attacker = '127.0.7.1';
    const trickle = `POST /oauth2/token HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"client_id":`;
    // Two fill the address's places; each of the 30 after them sheds the oldest (S9).
    for (let i = 0; i < 32; i++) {
      held.push(hold(b.url, trickle, attacker));
      await waitFor(async () => (await refusedBy(b, 'token')) >= i - 1, 'the slow request to be taken in');
    }
    expect(await refusedBy(b, 'token')).to.equal(30);
    const shedLines = lines.filter((l) => String(l.msg).includes('slow request shed'));
    expect(shedLines.length).to.be.within(1, 20);
    expect(shedLines[0]).to.include({ address: attacker, status: 408 });
  });

  it('[S14] 408s are counted and logged: a stalled body under its route, headers that never come under route="connection"', async () => {
    const cfg = securityConfig();
    const b = (bot = await loggingBot({ HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '400' }, lines));
    const token = (await tokenIssuerFromConfig(cfg)!.issue(CLIENT_ID)).access_token;
    held.push(hold(b.url, `POST ${cfg.BOT_CALLBACK_PATH} HTTP/1.1\r\nHost: bot\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{`));
    held.push(hold(b.url, `POST ${cfg.BOT_CALLBACK_PATH} HTTP/1.1\r\nHost: bot\r\nContent-`));
    await waitFor(async () => (await refusedBy(b, 'connection')) === 1, 'the headers timeout to be counted');
    await waitFor(async () => (await refusedBy(b, 'callback')) === 1, 'the stalled callback body to be counted');
    const timeouts = lines.filter((l) => l.status === 408 && String(l.msg).includes('did not arrive in time'));
    expect(timeouts.length).to.equal(2);
  });
});

describe('security: /metrics is not public by default', () => {
  let bot: HubBotServer | undefined;
  afterEach(async () => {
    await bot?.stop();
    bot = undefined;
  });
  const idle = () => ({ run: async () => undefined });
  const quiet = createLogger({ level: 'silent' });

  it('[S14] without METRICS_TOKEN it answers a caller on this machine, and refuses one that comes through a proxy (403 error body)', async () => {
    bot = await startHubBotServer({ config: securityConfig(), logger: quiet, bot: idle });
    const local = await fetch(`${bot.url}/metrics`);
    expect(local.status).to.equal(200);
    expect(await local.text()).to.contain('hubbot_refusals_total');
    const forwarded = await request(`${bot.url}/metrics`, { method: 'GET', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expectRefusal(forwarded, 403, '403-198');
    expect(forwarded.text).not.to.contain('hubbot_');
  });

  it('[S14] METRICS_PUBLIC=true opens it to every caller, by choice', async () => {
    bot = await startHubBotServer({ config: securityConfig({ METRICS_PUBLIC: 'true' }), logger: quiet, bot: idle });
    expect((await request(`${bot.url}/metrics`, { method: 'GET', headers: { 'x-forwarded-for': '203.0.113.9' } })).status).to.equal(200);
  });
});
