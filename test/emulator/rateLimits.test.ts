import { expect } from 'chai';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { batchOf, expectRefusal, hub, message, own, startTestEmulator } from './hubTestKit.js';

/** Rate tests run on the emulator's injectable clock: time moves only when the test moves it. */
describe('emulator: rate limits per tenant, method and path (spec 8)', () => {
  let emu: RunningEmulator;
  let clock: number;
  let token: string;
  const T0 = Date.parse('2030-01-01T00:00:00Z');
  const at = (ms: number) => (clock = T0 + ms);
  const status = async (method: string, path: string, t = token, body?: unknown) => (await hub(emu, method, path, { token: t, body })).status;

  beforeEach(async () => {
    clock = T0;
    emu = await startTestEmulator({ now: () => clock, plan: 'Basic' });
    token = emu.tokenFor();
  });
  afterEach(() => emu.stop());

  it('[L3] refills one token every 2 s at 0.5 req/s (Basic default of the conversation manager)', async () => {
    expect(await status('GET', '/accounts')).to.equal(200);
    expect(await status('GET', '/accounts')).to.equal(429);
    at(1900);
    expect(await status('GET', '/accounts')).to.equal(429);
    at(2000);
    expect(await status('GET', '/accounts')).to.equal(200);
    expect(await status('GET', '/accounts')).to.equal(429);
    at(4000);
    expect(await status('GET', '/accounts')).to.equal(200);
  });

  it('[L3] refills one token every 6.25 s at 0.16 req/s (Developer)', async () => {
    emu.setPlan('Developer');
    expect(await status('GET', '/channels')).to.equal(200);
    at(6100);
    expect(await status('GET', '/channels')).to.equal(429);
    at(6250);
    expect(await status('GET', '/channels')).to.equal(200);
  });

  it('[E2] answers over the rate with 429, application/json, code 429-001 and "Too many requests." in every language', async () => {
    await status('GET', '/accounts');
    const r = await hub(emu, 'GET', '/accounts', { token, headers: { 'accept-language': 'fr-FR' } });
    expectRefusal(r, 429, '429-001');
    expect(r.headers.get('content-type')).to.match(/^application\/json/);
    expect(r.body).to.deep.equal({ code: '429-001', developerMessage: 'Too many requests.' });
    expect(Number(r.headers.get('retry-after'))).to.equal(2);
  });

  it('[L2] keeps one bucket per method + path template: throttling one endpoint does not affect another', async () => {
    expect(await status('GET', '/accounts')).to.equal(200);
    expect(await status('GET', '/accounts')).to.equal(429);
    expect(await status('GET', '/channels')).to.equal(200);
    expect(await status('POST', '/accounts', token, { name: 'a' })).to.equal(201);
    // GET /accounts/{id}: one bucket for every id, apart from the GET /accounts list.
    expect(await status('GET', '/accounts/one')).to.equal(404);
    expect(await status('GET', '/accounts/two')).to.equal(429);
  });

  it('[L2] keeps buckets per tenant: another tenant is not throttled, every client of one tenant shares its buckets', async () => {
    const sameTenant = emu.tokenFor({ tenant: 'default' });
    const otherTenant = emu.tokenFor({ tenant: 'acme' });
    expect(await status('GET', '/accounts')).to.equal(200);
    expect(await status('GET', '/accounts', sameTenant)).to.equal(429);
    expect(await status('GET', '/accounts', otherTenant)).to.equal(200);
  });

  it('[L4] gives the special endpoints their own rate (Basic 1 req/s for messages while the default is 0.5)', async () => {
    const send = () => status('POST', '/conversations/messages', token, batchOf(message('custom_bot', 'text', 'no-such-conversation')));
    expect(await send()).to.equal(404);
    expect(await status('GET', '/channels')).to.equal(200);
    at(1000);
    expect(await send()).to.equal(404);
    expect(await status('GET', '/channels')).to.equal(429);
  });

  it('[L4] Enterprise: 5 req/s on the special endpoints, 1 req/s elsewhere', async () => {
    emu.setPlan('Enterprise');
    expect(await status('GET', '/assets/x')).to.equal(404);
    expect(await status('GET', '/accounts')).to.equal(200);
    at(200);
    expect(await status('GET', '/assets/x')).to.equal(404);
    expect(await status('GET', '/accounts')).to.equal(429);
    at(1000);
    expect(await status('GET', '/accounts')).to.equal(200);
  });

  it('lets a client pacing exactly at the rate through, even 30 ms early, and never above the rate in the long run', async () => {
    for (let i = 0; i < 10; i++) {
      at(i * 2000);
      expect(await status('GET', '/accounts'), `call ${i}`).to.equal(200);
    }
    at(10 * 2000 - 30);
    expect(await status('GET', '/accounts'), 'jitter of 30 ms').to.equal(200);
    // The early call did not move the schedule forward: the next slot is still at 22 000 ms.
    at(22_000 - 60);
    expect(await status('GET', '/accounts')).to.equal(429);
  });

  it('sets a plan per tenant, or a custom plan, through the admin API', async () => {
    expect((await own(emu, 'PUT', '/tenants/default/plan', { plan: 'Enterprise' })).status).to.equal(200);
    expect(await status('GET', '/accounts')).to.equal(200);
    at(1000);
    expect(await status('GET', '/accounts')).to.equal(200);
    const custom = { name: 'custom', base: 'Enterprise', specials: { 'GET /accounts': 10 } };
    expect((await own(emu, 'PUT', '/tenants/default/plan', { plan: custom })).status).to.equal(200);
    at(1100);
    expect(await status('GET', '/accounts')).to.equal(200);
    expectRefusal(await own(emu, 'PUT', '/plan', { plan: 'Platinum' }), 400, '400-196');
    expectRefusal(await own(emu, 'PUT', '/plan', { plan: { name: 'custom' } }), 400, '400-101');
    expect((await own(emu, 'GET', '/plan')).body).to.deep.equal({ default: 'Basic', tenants: { default: custom } });
  });
});
