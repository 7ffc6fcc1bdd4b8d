import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { CALLBACK_TIMEOUT_MS } from '../../src/emulator/hub/callbackDelivery.js';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';
import { createChain, fetchToken, hub, oauth2Authentication, own, startTestEmulator, type Chain } from './hubTestKit.js';

describe('emulator: callback delivery (spec 5.4)', () => {
  let emu: RunningEmulator;
  let bot: RecordingServer;
  let chain: Chain;
  let issued: number;
  let callbackAnswer: (auth: string | undefined) => number | Promise<number>;
  before(async () => {
    bot = await startRecordingServer();
    // The bot's own token endpoint: each request gets a new token, tok-1, tok-2, ...
    bot.reply('POST', '/token', () => ({ body: { data: { access_token: `tok-${++issued}` } } }));
    bot.reply('POST', '/callback', async (req) => ({ status: await callbackAnswer(req.headers.authorization) }));
    emu = await startTestEmulator({ callbackTimeoutMs: 1000 });
    chain = await createChain(emu, await fetchToken(emu), { callback: `${bot.url}/callback`, tokenRequest: `${bot.url}/token` });
  });
  after(async () => {
    await emu.stop();
    await bot.close();
  });
  beforeEach(async () => {
    // Updating the authentication drops the hub's cached token, so each test starts without one.
    const token = await fetchToken(emu);
    const body = oauth2Authentication(`${bot.url}/token`);
    expect((await hub(emu, 'PUT', `/authentications/${chain.authenticationId}`, { token, body })).status).to.equal(200);
    bot.clear();
    issued = 0;
    callbackAnswer = () => 200;
  });

  const open = async () => (await own(emu, 'POST', '/conversations', { accountId: chain.accountId })).body.id as string;
  const say = async (conv: string, text: string) => expect((await own(emu, 'POST', `/conversations/${conv}/messages`, { text })).status).to.equal(202);
  const failuresOf = async (conv: string) => (await own(emu, 'GET', '/callback-failures')).body.failure.filter((f: { conversationId: string }) => f.conversationId === conv);
  const tokenRequests = () => bot.requests.filter((r) => r.path === '/token');
  const callbackAuths = () => bot.requests.filter((r) => r.path === '/callback').map((r) => r.headers.authorization);

  it('[C9] gets the token with the stored request (method, headers, payload as the body) and reads it at accessTokenPath', async () => {
    const conv = await open();
    await say(conv, 'hello');
    await emu.deliveriesIdle();
    const [tokenReq] = tokenRequests();
    expect(tokenReq.method).to.equal('POST');
    expect(tokenReq.headers['x-test-header']).to.equal('from-authentication');
    expect(tokenReq.raw.toString('utf8')).to.equal(JSON.stringify({ client_id: 'hub', client_secret: 'hub-secret', grant_type: 'client_credentials' }));
    expect(callbackAuths()).to.deep.equal(['Bearer tok-1']);
  });

  it('[C9] reuses the token until the callback answers 401, then gets a new one and retries once', async () => {
    const conv = await open();
    await say(conv, 'one');
    await say(conv, 'two');
    await emu.deliveriesIdle();
    expect(tokenRequests()).to.have.length(1);
    expect(callbackAuths()).to.deep.equal(['Bearer tok-1', 'Bearer tok-1']);
    // The bot now refuses tok-1 (as if it expired): one renewal, one retry with tok-2.
    callbackAnswer = (auth) => (auth === 'Bearer tok-1' ? 401 : 200);
    await say(conv, 'three');
    await emu.deliveriesIdle();
    expect(tokenRequests()).to.have.length(2);
    expect(callbackAuths()).to.deep.equal(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
    expect(await failuresOf(conv)).to.deep.equal([]);
    await say(conv, 'four');
    await emu.deliveriesIdle();
    expect(callbackAuths().at(-1)).to.equal('Bearer tok-2');
    expect(tokenRequests()).to.have.length(2);
  });

  it('[C9] lists the delivery as failed when the callback still answers 401 after the renewal', async () => {
    const conv = await open();
    callbackAnswer = () => 401;
    await say(conv, 'hello');
    await emu.deliveriesIdle();
    expect(callbackAuths()).to.have.length(2);
    const [failure] = await failuresOf(conv);
    expect(failure).to.include({ recipient: 'bot', status: 401, clientApplicationId: chain.clientApplicationId });
  });

  it('counts a callback that does not answer in time as failed (5 s on the platform; shortened here)', async () => {
    expect(CALLBACK_TIMEOUT_MS).to.equal(5000);
    const conv = await open();
    // The bot answers only once the hub has given up on it.
    let answer!: () => void;
    const heldUntilGivenUp = new Promise<void>((resolve) => (answer = resolve));
    callbackAnswer = async () => {
      await heldUntilGivenUp;
      return 200;
    };
    try {
      await say(conv, 'hello');
      await emu.deliveriesIdle();
      const [failure] = await failuresOf(conv);
      expect(failure.reason).to.equal('no answer within 1000 ms');
    } finally {
      answer();
    }
  });

  it('lists a failed token request and does not call the callback without a token', async () => {
    bot.reply('POST', '/token', { status: 500, body: { error: 'down' } });
    try {
      const conv = await open();
      await say(conv, 'hello');
      await emu.deliveriesIdle();
      expect(callbackAuths()).to.deep.equal([]);
      expect((await failuresOf(conv))[0].reason).to.equal('token request answered 500');
    } finally {
      bot.reply('POST', '/token', () => ({ body: { data: { access_token: `tok-${++issued}` } } }));
    }
  });

  it('lists a delivery whose conversation has no bot to reach', async () => {
    const token = await fetchToken(emu);
    const lonely = (await hub(emu, 'POST', '/accounts', { token, body: { name: 'no orchestration', address: 'lonely@example.test' } })).body.id;
    const conv = (await own(emu, 'POST', '/conversations', { accountId: lonely })).body.id;
    await say(conv, 'anyone?');
    expect((await failuresOf(conv))[0].reason).to.match(/names no existing orchestration/);
  });

  it('delivers one conversation in order, one delivery at a time, while another conversation is not held up', async () => {
    const slow = await open();
    const fast = await open();
    let inFlight = 0;
    let maxInFlight = 0;
    callbackAnswer = async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(20);
      inFlight--;
      return 200;
    };
    for (const text of ['1', '2', '3', '4']) await say(slow, text);
    await emu.deliveriesIdle();
    const texts = bot.requests
      .filter((r) => r.path === '/callback')
      .map((r) => (r.body as { messages: { message: { content: { text: string } }[] } }).messages.message[0].content.text);
    expect(texts).to.deep.equal(['1', '2', '3', '4']);
    expect(maxInFlight).to.equal(1);
    // Another conversation is not held up: the slow conversation's callback answers only once
    // the fast conversation's callback has arrived, which would never happen (and the slow one
    // would time out) if deliveries of different conversations waited for each other.
    bot.clear();
    let fastArrived!: () => void;
    const gate = new Promise<void>((resolve) => (fastArrived = resolve));
    bot.reply('POST', '/callback', async (req) => {
      const text = (req.body as { messages: { message: { content: { text: string } }[] } }).messages.message[0].content.text;
      if (text === 'fast') fastArrived();
      else await gate;
      return { status: 200 };
    });
    try {
      await say(slow, 'slow');
      await say(fast, 'fast');
      await emu.deliveriesIdle();
      expect(await failuresOf(slow)).to.deep.equal([]);
      expect(bot.requests.filter((r) => r.path === '/callback')).to.have.length(2);
    } finally {
      bot.reply('POST', '/callback', async (req) => ({ status: await callbackAnswer(req.headers.authorization) }));
    }
  });
});
