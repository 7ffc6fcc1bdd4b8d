/**
 * The calls the emulator makes itself, as the inspector shows them (F7): the hub's request for
 * the bot's token (the authentication's method and headers; its payload, which holds the
 * credentials, masked) and its answer with the token masked; a callback's batch and the bot's
 * answer, the bearer masked and everything else visible. Over real HTTP, to a recording bot.
 */
import { expect } from 'chai';
import { REDACTED } from '../../src/emulator/callBodies.js';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';
import { createChain, fetchToken, own, startTestEmulator, type Chain } from './hubTestKit.js';

describe('[F7] the inspector shows the emulator\'s own outgoing calls: request and answer, secrets masked', () => {
  let emu: RunningEmulator;
  let bot: RecordingServer;
  let chain: Chain;
  before(async () => {
    bot = await startRecordingServer();
    bot.reply('POST', '/token', () => ({ body: { data: { access_token: 'tok-secret-1', expires_in: 600 } } }));
    bot.reply('POST', '/callback', () => ({ status: 200, body: { received: 1 } }));
    emu = await startTestEmulator();
    chain = await createChain(emu, await fetchToken(emu), { callback: `${bot.url}/callback`, tokenRequest: `${bot.url}/token` });
  });
  after(async () => {
    await emu.stop();
    await bot.close();
  });

  it('[F7] the token request shows its method and headers, the payload masked, and its answer with the token masked', async () => {
    const conv = (await own(emu, 'POST', '/conversations', { accountId: chain.accountId })).body.id as string;
    expect((await own(emu, 'POST', `/conversations/${conv}/messages`, { text: 'hello' })).status).to.equal(202);
    await emu.deliveriesIdle();
    const [token] = emu.services.log.list({ kind: 'callbackToken' });
    expect(token).to.include({ method: 'POST', status: 200, request: REDACTED, log: 'conversation' });
    expect(token!.requestHeaders).to.include({ 'x-test-header': 'from-authentication', 'content-type': 'application/json' });
    expect(token!.response).to.deep.equal({ data: { access_token: REDACTED, expires_in: 600 } });
    const callback = emu.services.log.list({ kind: 'callback' }).find((e) => e.conversationId === conv)!;
    expect(callback.requestHeaders).to.include({ authorization: REDACTED, 'x-role-header': 'bot', 'content-type': 'application/json' });
    const sent = callback.request as { messages: { message: { content?: { text?: string } }[] } };
    expect(sent.messages.message.map((m) => m.content?.text)).to.include('hello');
    expect(callback.response).to.deep.equal({ received: 1 });
    const log = JSON.stringify(emu.services.log.list());
    expect(log).to.not.contain('hub-secret').and.not.contain('tok-secret-1');
  });
});
