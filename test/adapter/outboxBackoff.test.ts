/**
 * The outbox over the real HTTP core and conversation client, against a real local server:
 * backoff, failures and stop, seen from what reaches the server (fake timers drive time).
 */
import { expect } from 'chai';
import type sinon from 'sinon';
import { Outbox, type OutboxOptions } from '../../src/adapter/outbox/outbox.js';
import { isDeadLetterNow } from '../../src/adapter/turnErrors.js';
import { PlatformError } from '../../src/errors/platformError.js';
import { StaticTokenProvider } from '../../src/platform/auth/staticTokenProvider.js';
import { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import { createPlatformHttpCore } from '../../src/platform/http/platformHttpCore.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { useFakeTime } from '../platform/http/fakeTime.js';
import { waitFor } from '../support/waitFor.js';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../platform/recordingServer.js';

let seq = 0;
const reply = (conversation: string, text: string): HubMessage => ({
  id: `r${++seq}`,
  sender: { type: 'custom_bot' },
  type: { value: 'text' },
  content: { text },
  conversation: { id: conversation },
});
const conversationsOf = (r: RecordedRequest) => ((r.body as { messages: { message: HubMessage[] } }).messages.message ?? []).map((x) => x.conversation?.id);
const BUSY = { status: 503, body: { code: '503-100', developerMessage: 'busy' } };

describe('outbox over the real HTTP core', () => {
  let server: RecordingServer;
  let clock: sinon.SinonFakeTimers;

  beforeEach(async () => {
    server = await startRecordingServer();
    clock = useFakeTime();
  });
  afterEach(async () => {
    clock.restore();
    await server.close();
  });

  /** An outbox sending through the core the way the bot server does; the core's own waits move fake time. */
  function outboxOverCore(opts: Partial<OutboxOptions> = {}): Outbox {
    const core = createPlatformHttpCore({
      baseUrl: server.url,
      tenant: 'acme',
      customRates: { name: 'custom', defaultRate: 1000 },
      tokenProvider: new StaticTokenProvider('t'),
      sleep: async (ms) => void (await clock.tickAsync(ms)),
      timeoutMs: 3_600_000,
    });
    const client = new ConversationManagerClient(core);
    return new Outbox({ sendAtSlot: async (take, call) => void (await client.sendMessages(take, { backoff: 'caller', signal: call.signal })), ...opts });
  }

  it("[T3] two 503s for conversation A: B's reply departs at once, without waiting for A's backoff", async () => {
    let refusals = 0;
    server.reply('POST', '*', (r) => (conversationsOf(r).includes('A') && refusals++ < 2 ? BUSY : { status: 200, body: {} }));
    const outbox = outboxOverCore();
    outbox.markLive('A');
    outbox.markLive('B');
    const a = outbox.enqueue('A', [reply('A', 'for A')]);
    await waitFor(() => server.requests.length === 1, "A's first POST");
    await Promise.all(outbox.enqueue('B', [reply('B', 'for B')]));
    expect(server.requests.map(conversationsOf)).to.deep.equal([['A'], ['B']]);
    expect(server.requests[1].at, 'B left before any of A backoff had passed').to.be.below(1000);
    await clock.tickAsync(1000);
    await waitFor(() => server.requests.length === 3, "A's second POST");
    await clock.tickAsync(2000);
    await Promise.all(a);
    expect(server.requests.map(conversationsOf)).to.deep.equal([['A'], ['B'], ['A'], ['A']]);
    expect(server.requests.map((r) => r.at >= 1000)).to.deep.equal([false, false, true, true]);
  });

  it('[T3] a 503 on a batch holds each of its conversations, not the others', async () => {
    let refused = false;
    server.reply('POST', '*', (r) => (conversationsOf(r).length > 1 && !refused ? ((refused = true), BUSY) : { status: 200, body: {} }));
    const outbox = outboxOverCore();
    for (const id of ['A', 'B', 'C', 'W']) outbox.markLive(id);
    // W's POST goes first; A and B, queued once it is on the wire, leave together in the next, refused.
    const w = outbox.enqueue('W', [reply('W', 'warm')]);
    await waitFor(() => server.requests.length === 1, "W's POST");
    const held = [...outbox.enqueue('A', [reply('A', 'a')]), ...outbox.enqueue('B', [reply('B', 'b')])];
    await Promise.all(w);
    await waitFor(() => server.requests.length === 2, 'the batch of A and B');
    await Promise.all(outbox.enqueue('C', [reply('C', 'c')]));
    expect(server.requests.map(conversationsOf)).to.deep.equal([['W'], ['A', 'B'], ['C']]);
    await clock.tickAsync(1000);
    await Promise.all(held);
    expect(server.requests.map(conversationsOf)[3]).to.deep.equal(['A', 'B']);
  });

  it('[T3] each conversation of a refused batch backs off by its own failures: a fresh reply is not held as long as one retried before', async () => {
    // A is refused twice on its own; then A (third attempt) and B (first) share a POST, refused.
    let posts = 0;
    server.reply('POST', '*', () => (++posts <= 3 ? BUSY : { status: 200, body: {} }));
    const outbox = outboxOverCore();
    for (const id of ['A', 'B']) outbox.markLive(id);
    const a = outbox.enqueue('A', [reply('A', 'a')]);
    await waitFor(() => server.requests.length === 1, "A's first POST");
    await clock.tickAsync(1000);
    await waitFor(() => server.requests.length === 2, "A's second POST");
    const b = outbox.enqueue('B', [reply('B', 'b')]);
    await clock.tickAsync(2000);
    await waitFor(() => server.requests.length === 3, 'A and B together');
    expect(conversationsOf(server.requests[2])).to.have.members(['A', 'B']);
    const failedAt = server.requests[2].at;
    // B's first failure: 1 s; A's third: 4 s.
    await clock.tickAsync(1000);
    await Promise.all(b);
    expect(server.requests.map(conversationsOf)[3]).to.deep.equal(['B']);
    expect(server.requests[3].at - failedAt).to.be.below(2000);
    await clock.tickAsync(3000);
    await Promise.all(a);
    expect(server.requests.map(conversationsOf)[4]).to.deep.equal(['A']);
    expect(server.requests[4].at - failedAt).to.be.at.least(4000);
  });

  it('[T1] a reply the hub refuses for good (400) is not retried: it fails once, with its reason, to be parked', async () => {
    server.reply('POST', '*', { status: 400, body: { code: '400-101', developerMessage: 'The request is invalid: bad.' } });
    const failures: unknown[] = [];
    const outbox = outboxOverCore({ onFailure: (_c, _m, err) => failures.push(err) });
    const err = await outbox.enqueue('A', [reply('A', 'x')])[0].catch((e: unknown) => e);
    expect(isDeadLetterNow(err)).to.equal(true);
    expect((err as Error).message).to.match(/400-101/);
    expect(failures.map((f) => (f as PlatformError).code)).to.deep.equal(['400-101']);
    expect(server.requests).to.have.length(1);
  });

  it('[T1] an error of our own in sending (not a platform answer) is not retried: it fails once, with its reason', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const outbox = new Outbox({
      send: async () => {
        calls++;
        throw new TypeError('cannot read properties of undefined');
      },
      onFailure: (_c, _m, err) => failures.push(err),
    });
    const err = await outbox.enqueue('A', [reply('A', 'x')])[0].catch((e: unknown) => e);
    expect(isDeadLetterNow(err)).to.equal(true);
    expect((err as Error).message).to.match(/TypeError: cannot read properties/);
    expect(failures).to.have.length(1);
    expect(calls).to.equal(1);
  });

  it('[T7] after stop() no request reaches the hub: retry timers dropped, queued and new replies rejected as retryable', async () => {
    server.reply('POST', '*', BUSY);
    const outbox = outboxOverCore();
    outbox.markLive('A');
    const a = outbox.enqueue('A', [reply('A', 'x')]);
    await waitFor(() => server.requests.length === 1, 'the first POST');
    await waitFor(() => outbox.depth === 1 && clock.countTimers() > 0, "A's backoff");
    const timers = clock.countTimers();
    outbox.stop();
    const err = await a[0].catch((e: unknown) => e);
    expect([(err as PlatformError).status, (err as PlatformError).retryable]).to.deep.equal([503, true]);
    expect(clock.countTimers(), 'the retry timer is gone').to.equal(timers - 1);
    const late = await outbox.enqueue('B', [reply('B', 'y')])[0].catch((e: unknown) => e);
    expect((late as PlatformError).retryable).to.equal(true);
    await clock.tickAsync(60_000);
    expect(server.requests).to.have.length(1);
  });
});
