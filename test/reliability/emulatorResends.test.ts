/**
 * The emulator behaviours the reliability tests rely on, checked with raw HTTP on the emulator
 * alone (so a misreading cannot hide in both the hub and the bot): a resent message id is taken
 * once, a callback answered 429/502/503 is tried again a bounded number of times, and latency
 * can be put on a share of calls (a few stalls among normal ones).
 */
import { expect } from 'chai';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { CallLog } from '../../src/emulator/callLog.js';
import { FaultInjector } from '../../src/emulator/faults/faultInjector.js';
import { CallbackDelivery } from '../../src/emulator/hub/callbackDelivery.js';
import { CallbackTokens } from '../../src/emulator/hub/callbackTokens.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';
import { batchOf, hub, message, own, type Chain, startEmulatorWithBot } from '../emulator/hubTestKit.js';

describe('emulator: resends and retries', () => {
  let emu: RunningEmulator;
  let bot: RecordingServer;
  let token: string;
  let chain: Chain;
  before(async () => {
    ({ emu, bot, token, chain } = await startEmulatorWithBot());
    bot.reply('POST', '/callback', { status: 200 });
  });
  after(async () => {
    await emu.stop();
    await bot.close();
  });
  afterEach(async () => {
    await own(emu, 'DELETE', '/faults');
  });

  const open = async () => (await own(emu, 'POST', '/conversations', { accountId: chain.accountId })).body.id as string;
  const reply = (conv: string, id: string, type = 'text') => ({ ...message('custom_bot', type, conv, { text: `reply ${id}` }), id });
  const customerSide = async (conv: string) => ((await own(emu, 'GET', `/conversations/${conv}`)).body.received as { message?: { id: string } }[]).filter((e) => e.message).map((e) => e.message!.id);

  it('takes a message id it already holds as a resend: 202 with the same answer, stored and shown once', async () => {
    const conv = await open();
    const first = await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(reply(conv, 'm1:r1'), reply(conv, 'm1:r2')) });
    expect(first.status).to.equal(202);
    // The sender timed out and sends the same batch again, then a batch holding the id twice.
    const again = await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(reply(conv, 'm1:r1'), reply(conv, 'm1:r2')) });
    expect(again.status).to.equal(202);
    expect(again.body).to.deep.equal(first.body);
    const mixed = await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(reply(conv, 'm1:r2'), reply(conv, 'm2:r1'), reply(conv, 'm2:r1')) });
    expect(mixed.body.messages.map((m: { id: string }) => m.id)).to.deep.equal(['m1:r2', 'm2:r1', 'm2:r1']);
    expect(await customerSide(conv)).to.deep.equal(['m1:r1', 'm1:r2', 'm2:r1']);
    const resends = (await own(emu, 'GET', '/calls?kind=messageDuplicate')).body.call.filter((e: { conversationId: string }) => e.conversationId === conv);
    expect(resends.map((e: { messageId: string }) => e.messageId)).to.deep.equal(['m1:r1', 'm1:r2', 'm1:r2', 'm2:r1']);
  });

  it('answers the resend of a conversation.end 202, though the conversation is completed by then', async () => {
    const conv = await open();
    const end = { ...message('custom_bot', 'conversation.end', conv, {}), id: 'end-1' };
    expect((await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(end) })).status).to.equal(202);
    expect((await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(end) })).status).to.equal(202);
    const other = await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf({ ...reply(conv, 'late'), id: 'late-1' }) });
    expect(other.status, 'a new message to a completed conversation is still refused').to.equal(409);
  });

  it('puts latency on a share of the calls only, the same ones for the same seed', async () => {
    const conv = await open();
    const pattern = async () => {
      await own(emu, 'PUT', '/faults', { seed: 3, latency: [{ ms: 1000, share: 0.5, endpoints: ['POST /conversations/messages'] }] });
      const slow: boolean[] = [];
      for (let i = 0; i < 4; i++) {
        const t0 = performance.now();
        expect((await hub(emu, 'POST', '/conversations/messages', { token, body: batchOf(reply(conv, `lat-${i}-${Math.random()}`)) })).status).to.equal(202);
        slow.push(performance.now() - t0 >= 990);
      }
      return slow;
    };
    const first = await pattern();
    expect(first).to.include(true).and.to.include(false);
    expect(await pattern()).to.deep.equal(first);
  });
});

describe('emulator: callback retries (spec silent; assumed: 429/502/503 retried a bounded number of times)', () => {
  let bot: RecordingServer;
  before(async () => {
    bot = await startRecordingServer();
  });
  after(async () => {
    await bot.close();
  });

  const deliver = async (answers: number[]) => {
    bot.clear();
    let n = 0;
    bot.reply('POST', '/callback', () => ({ status: answers[Math.min(n++, answers.length - 1)] }));
    const log = new CallLog(Date.now);
    const delivery = new CallbackDelivery({ now: Date.now, log, faults: new FaultInjector(), tokens: new CallbackTokens(log, 1000), timeoutMs: 1000, retryDelaysMs: [20, 40, 80] });
    const target = { recipient: 'bot' as const, clientApplicationId: 'app-1', url: `${bot.url}/callback`, headers: [], auth: { kind: 'none' as const } };
    delivery.enqueue({ conversationId: 'c1', target, body: batchOf(message('customer', 'text', 'c1')), messageIds: ['m1'] });
    delivery.enqueue({ conversationId: 'c1', target, body: batchOf(message('customer', 'text', 'c1')), messageIds: ['m2'] });
    await delivery.idle();
    return { attempts: log.list({ kind: 'callback' }).map((e) => [(e.messageIds as string[])[0], e.status]), failures: delivery.failures() };
  };

  it('tries a callback answered 503 again, holding the conversation\'s next delivery until it went through', async () => {
    const { attempts, failures } = await deliver([503, 502, 200]);
    expect(attempts).to.deep.equal([['m1', 503], ['m1', 502], ['m1', 200], ['m2', 200]]);
    expect(failures).to.deep.equal([]);
  });

  it('gives up after its last retry and lists the failure; another status is not retried', async () => {
    const always = await deliver([429]);
    expect(always.attempts.filter(([id]) => id === 'm1')).to.have.length(4);
    expect(always.failures.map((f) => [f.messageIds[0], f.status])).to.deep.equal([['m1', 429], ['m2', 429]]);
    const refused = await deliver([500]);
    expect(refused.attempts).to.deep.equal([['m1', 500], ['m2', 500]]);
  });
});
