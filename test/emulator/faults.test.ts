import { expect } from 'chai';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import type { RecordingServer } from '../platform/recordingServer.js';
import { answerOf, batchOf, expectRefusal, fetchToken, hub, message, own, type Chain, startEmulatorWithBot } from './hubTestKit.js';

describe('emulator: fault injection', () => {
  let emu: RunningEmulator;
  let bot: RecordingServer;
  let token: string;
  let chain: Chain;
  before(async () => {
    ({ emu, bot, token, chain } = await startEmulatorWithBot());
  });
  after(async () => {
    await emu.stop();
    await bot.close();
  });
  beforeEach(() => bot.clear());
  afterEach(async () => {
    expect((await own(emu, 'DELETE', '/faults')).status).to.equal(200);
  });

  const send = (conv = 'no-such-conversation') => hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(message('custom_bot', 'text', conv)) });
  const texts = () => bot.requests.filter((r) => r.path === '/callback').map((r) => (r.body as { messages: { message: { content: { text: string } }[] } }).messages.message[0].content.text);

  it('adds latency to the chosen endpoints', async () => {
    expect((await own(emu, 'PUT', '/faults', { latency: [{ ms: 300, endpoints: ['GET /channels'] }] })).status).to.equal(200);
    const started = performance.now();
    expect((await hub(emu, 'GET', '/channels', { token })).status).to.equal(200);
    expect(performance.now() - started).to.be.at.least(290);
  });

  it('answers 503, 502 or 429 with their error bodies on the chosen endpoints only', async () => {
    for (const [status, code] of [
      [503, '503-100'],
      [502, '502-100'],
      [429, '429-001'],
    ] as const) {
      await own(emu, 'PUT', '/faults', { errors: [{ status, share: 1, endpoints: ['POST /conversations/messages'] }] });
      expectRefusal(await send(), status, code);
      expect((await hub(emu, 'GET', '/channels', { token })).status).to.equal(200);
    }
  });

  it('picks the same calls on every run with the same seed', async () => {
    const pattern = async () => {
      await own(emu, 'PUT', '/faults', { seed: 42, errors: [{ status: 503, share: 0.5, endpoints: ['/conversations/messages'] }] });
      const out: number[] = [];
      for (let i = 0; i < 24; i++) out.push((await send()).status);
      return out;
    };
    const first = await pattern();
    expect(first).to.include(503).and.to.include(404);
    expect(await pattern()).to.deep.equal(first);
  });

  it('fails the token endpoint too when chosen', async () => {
    await own(emu, 'PUT', '/faults', { errors: [{ status: 503, share: 1, endpoints: ['/oauth2/token'] }] });
    const r = await answerOf(await fetch(emu.tokenUrl, { method: 'POST', body: 'grant_type=client_credentials&client_id=emulator-client&client_secret=emulator-secret' }));
    expectRefusal(r, 503, '503-100');
  });

  it('expires every token now; new tokens work', async () => {
    const old = await fetchToken(emu);
    expect((await own(emu, 'POST', '/tokens/expire')).status).to.equal(204);
    expectRefusal(await hub(emu, 'GET', '/channels', { token: old }), 401, '401-105');
    token = await fetchToken(emu);
    expect((await hub(emu, 'GET', '/channels', { token })).status).to.equal(200);
  });

  it('sends callback deliveries twice', async () => {
    await own(emu, 'PUT', '/faults', { callbacks: { duplicateShare: 1 } });
    const conv = (await own(emu, 'POST', '/conversations', { accountId: chain.accountId })).body.id;
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'once' });
    await emu.deliveriesIdle();
    expect(texts()).to.deep.equal(['once', 'once']);
  });

  it('lets a callback delivery go after the next one of its conversation', async () => {
    await own(emu, 'PUT', '/faults', { callbacks: { reorderShare: 1, reorderHoldMs: 5000 } });
    const conv = (await own(emu, 'POST', '/conversations', { accountId: chain.accountId })).body.id;
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'first' });
    await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'second' });
    await emu.deliveriesIdle();
    expect(texts()).to.deep.equal(['second', 'first']);
  });

  it('refuses fault settings it cannot apply (400)', async () => {
    expectRefusal(await own(emu, 'PUT', '/faults', { errors: [{ status: 500, share: 1 }] }), 400, '400-101');
    expectRefusal(await own(emu, 'PUT', '/faults', { errors: [{ status: 503, share: 2 }] }), 400, '400-101');
    expectRefusal(await own(emu, 'PUT', '/faults', { latency: [{ ms: 1, endpoints: ['not a selector'] }] }), 400, '400-101');
  });
});
