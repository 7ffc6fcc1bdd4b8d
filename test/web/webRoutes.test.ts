/**
 * The web part of the emulator over plain HTTP (no browser): the pages and their scripts are
 * served with a strict Content-Security-Policy, an unknown or crafted module name is a 404
 * error body, and what the pages rely on from the emulator's API is there: the accounts list,
 * the `language` of customer messages, and the rate-bucket state in the call log.
 */
import { expect } from 'chai';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { webChatPart } from '../../src/emulator/web/webChatPart.js';
import { createChain, fetchToken, hub, own } from '../emulator/hubTestKit.js';

describe('emulator web part (HTTP)', () => {
  let emu: RunningEmulator;
  let clock: number;

  before(async () => {
    clock = Date.parse('2026-03-01T10:00:00Z');
    emu = await startEmulator({ plan: 'Developer', now: () => clock, parts: [webChatPart()] });
  });
  after(() => emu?.stop());

  it('serves the chat and inspector pages with a strict Content-Security-Policy and no inline script', async () => {
    for (const [path, script] of [['/chat', 'chatPage.js'], ['/inspector', 'inspectorPage.js']]) {
      const res = await fetch(`${emu.url}${path}`);
      const html = await res.text();
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).to.contain("script-src 'self'").and.contain("default-src 'self'");
      expect(html).to.contain(`<script type="module" src="/emulator/web/${script}"></script>`);
      // The one script is the module; any other script element is a data block the browser never
      // runs (the page's texts as JSON), which the CSP's script-src does not cover.
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      expect(scripts.filter((attrs) => !/type="application\/json"/.test(attrs))).to.have.length(1);
      expect(html).to.not.match(/https?:\/\/(?!127\.0\.0\.1)/); // no CDN
    }
  });

  it('serves the browser modules as JavaScript (transpiled from TypeScript when running from source)', async () => {
    const res = await fetch(`${emu.url}/emulator/web/chatRendering.js`);
    const code = await res.text();
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect(code).to.contain("from './dom.js'").and.contain('export function messageItem(message, choose)');
    expect(code, 'types are gone').to.not.match(/: HubMessage|import type/);
    const css = await fetch(`${emu.url}/emulator/web/webchat.css`);
    expect(css.headers.get('content-type')).to.equal('text/css; charset=utf-8');
  });

  it('answers 404 with the error body for unknown or crafted module names', async () => {
    for (const name of ['nope.js', '..%2FwebChatPart.js', 'dom.ts', 'dom.d.js', '.env']) {
      const res = await fetch(`${emu.url}/emulator/web/${name}`);
      const body = await res.json();
      expect(res.status, name).to.equal(404);
      expect(isErrorBodyFor(404, body), JSON.stringify(body)).to.equal(true);
    }
  });

  it('lists the accounts a customer can chat on, and keeps the language of customer messages', async () => {
    const token = await fetchToken(emu);
    clock += 60_000; // setup calls on the Developer plan wait for their rate tokens
    const chain = await createChain(emu, token, { callback: 'http://127.0.0.1:9/callback', tokenRequest: 'http://127.0.0.1:9/token' }, 'web@example.test');
    const accounts = await own(emu, 'GET', '/accounts');
    expect(accounts.body.account).to.deep.include({ id: chain.accountId, tenant: 'default', name: 'support', address: 'web@example.test' });
    const started = await own(emu, 'POST', '/conversations', { accountAddress: 'web@example.test' });
    const sent = await own(emu, 'POST', `/conversations/${started.body.id}/messages`, { text: 'bonjour', language: 'fr-FR' });
    expect(sent.status).to.equal(202);
    const conv = await own(emu, 'GET', `/conversations/${started.body.id}`);
    // After the start signal (customer.info, N4): the customer's message.
    expect(conv.body.messages.message.at(-1)).to.deep.include({ language: 'fr-FR', content: { text: 'bonjour' } });
    const refused = await own(emu, 'POST', `/conversations/${started.body.id}/messages`, { text: 'x', language: 'f' });
    expect(refused.status).to.equal(400);
  });

  it('[L3] records the rate bucket of each call for the inspector: no token left, the next one due after 6.25 s at 0.16 req/s', async () => {
    const token = emu.tokenFor({ tenant: 'bucket-test' });
    clock += 60_000;
    const since = (await own(emu, 'GET', '/calls')).body.next;
    expect((await hub(emu, 'GET', '/channels', { token })).status).to.equal(200);
    expect((await hub(emu, 'GET', '/channels', { token })).status).to.equal(429);
    clock += 3000;
    expect((await hub(emu, 'GET', '/channels', { token })).status).to.equal(429);
    clock += 3250;
    expect((await hub(emu, 'GET', '/channels', { token })).status).to.equal(200);
    const calls = (await own(emu, 'GET', `/calls?since=${since}&kind=call`)).body.call.filter((c: { path: string }) => c.path.endsWith('/channels'));
    expect(calls.map((c: { status: number; rate: unknown }) => [c.status, c.rate])).to.deep.equal([
      [200, { bucket: 'conversationmgr/v3 GET /channels', plan: 'Developer', ratePerSecond: 0.16, tokens: 0, burst: 1, nextTokenInMs: 6250 }],
      [429, { bucket: 'conversationmgr/v3 GET /channels', plan: 'Developer', ratePerSecond: 0.16, tokens: 0, burst: 1, nextTokenInMs: 6250 }],
      [429, { bucket: 'conversationmgr/v3 GET /channels', plan: 'Developer', ratePerSecond: 0.16, tokens: 0, burst: 1, nextTokenInMs: 3250 }],
      [200, { bucket: 'conversationmgr/v3 GET /channels', plan: 'Developer', ratePerSecond: 0.16, tokens: 0, burst: 1, nextTokenInMs: 6250 }],
    ]);
  });
});
