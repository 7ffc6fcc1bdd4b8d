/**
 * Three bot replicas (real processes behind a round-robin proxy, one Redis) while the hub
 * misbehaves: sends answered 429/502/503 or stalled past the client's timeout, and a token
 * endpoint that fails or is slow after every token was expired.
 */
import { expect } from 'chai';
import { PlatformError } from '../../src/errors/platformError.js';
import { startReplicaHarness, type ReplicaHarness } from '../../cli/harness/replicaHarness.js';
import { probeReply } from '../../cli/harness/probeBot.js';
import { loadConfig } from '../../src/config/config.js';
import { connectPlatform } from '../../src/server/platformConnection.js';
import { MESSAGES_PATH, dumpOnFailure, emulatorLog, expectRepliesOnce, hubReplies, openCustomers } from './reliabilityKit.js';
import { waitFor } from '../support/waitFor.js';

/** Picked so that the first calls include a stall, a 429, a 502 and a 503 (mulberry32 draws). */
const SEED = 136;

describe('reliability: three replicas while the hub fails sends or tokens', function () {
  this.timeout(150_000);
  let h: ReplicaHarness;

  before(async () => {
    h = await startReplicaHarness({ replicas: 3, leaseMs: 1500, pollIntervalMs: 100 });
  });
  after(async () => {
    await h?.stop();
  });
  afterEach(async function () {
    h?.emulator.setFaults({});
    if (this.currentTest?.state === 'failed') await dumpOnFailure(h);
  });

  it('[B4] delivers every reply once, in order, while ~30 % of sends get 429/502/503 or stall past the 10 s timeout', async () => {
    h.emulator.setFaults({
      seed: SEED,
      latency: [{ ms: 10_500, share: 0.08, endpoints: ['POST /conversations/messages'] }],
      errors: [
        { status: 429, share: 0.08, endpoints: ['POST /conversations/messages'] },
        { status: 502, share: 0.08, endpoints: ['POST /conversations/messages'] },
        { status: 503, share: 0.08, endpoints: ['POST /conversations/messages'] },
      ],
    });
    const callsBefore = h.platformCalls.of('POST', MESSAGES_PATH).length;
    const customers = await openCustomers(h, 6);
    const rounds = 5;
    // Each customer says its lines without waiting for answers, all customers at once.
    await Promise.all(customers.map(async (c, i) => {
      for (let j = 1; j <= rounds; j++) await c.say(`c${i + 1}-m${j}`);
    }));
    for (const [i, c] of customers.entries()) {
      await expectRepliesOnce(h, c, Array.from({ length: rounds }, (_, j) => probeReply(`c${i + 1}-m${j + 1}`, j + 1)), 75_000);
    }

    // The faults really happened: refusals of each kind, and sends the client gave up on.
    const sends = h.platformCalls.of('POST', MESSAGES_PATH).slice(callsBefore);
    const statuses = new Set(sends.map((s) => s.status));
    expect([...statuses], 'statuses of the sends').to.include.members([202, 429, 502, 503]);
    expect(sends.filter((s) => s.abandoned).length, 'sends stalled past the client timeout').to.be.greaterThan(0);
    expect(sends.every((s) => s.authorization === 'bearer'), 'every send carried a bearer token').to.equal(true);

    // A stalled send taken by the hub after the client gave up: its resend (same ids) is
    // recognised, so the customer sees it once. Above, a stalled send may also draw an error
    // (then the hub took nothing), so this is played on its own: every send stalls, none fails.
    const duplicatesBefore = (await emulatorLog(h, 'messageDuplicate')).length;
    h.emulator.setFaults({ latency: [{ ms: 10_500, endpoints: ['POST /conversations/messages'] }] });
    const [late] = await openCustomers(h, 1);
    await late.say('late-m1');
    await expectRepliesOnce(h, late, [probeReply('late-m1', 1)], 45_000);
    // The resend stalls too: the hub takes it (and recognises it) 10.5 s after it left.
    await waitFor(async () => (await emulatorLog(h, 'messageDuplicate')).length > duplicatesBefore, { what: 'the hub to recognise a resend', timeoutMs: 40_000, intervalMs: 250 });
    h.emulator.setFaults({});
    const sendsAtClear = h.platformCalls.of('POST', MESSAGES_PATH).length;
    // Let the sends of this test end here, not in the next one: the client gave up on the stalled
    // resend, so its outbox sends once more, now answered at once; and no send is left stalled.
    await waitFor(() => h.platformCalls.of('POST', MESSAGES_PATH).slice(sendsAtClear).some((c) => c.status === 202 && !c.abandoned), { what: 'a send answered after the faults were cleared', timeoutMs: 60_000, intervalMs: 100 });
    await waitFor(() => h.platformCalls.unanswered('POST', MESSAGES_PATH) === 0, { what: 'the stalled sends to be taken by the hub', timeoutMs: 20_000, intervalMs: 100 });
    await expectRepliesOnce(h, late, [probeReply('late-m1', 1)]);
  });

  it('[L8] three replicas answering at once share the tenant\'s one bucket: the hub never answers 429', async () => {
    // Start with the hub's bucket full: the sends of the tests before (a stalled one the hub took
    // late, a resend) count in the hub's own limiter, which the replicas' shared bucket cannot
    // see. Full means no send for two seconds, longer than one token's refill on this plan.
    let seen = -1;
    let quietSince = Date.now();
    await waitFor(
      () => {
        const now = h.platformCalls.of('POST', MESSAGES_PATH).length;
        if (now !== seen) [seen, quietSince] = [now, Date.now()];
        return h.platformCalls.unanswered('POST', MESSAGES_PATH) === 0 && Date.now() - quietSince >= 2000;
      },
      { what: 'two seconds without a send to the hub', timeoutMs: 60_000, intervalMs: 100 },
    );
    const callsBefore = h.platformCalls.of('POST', MESSAGES_PATH).length;
    const turnsBefore = h.turns.length;
    const customers = await openCustomers(h, 9);
    await Promise.all(customers.map((c, i) => c.say(`together-${i}`)));
    for (const [i, c] of customers.entries()) await expectRepliesOnce(h, c, [probeReply(`together-${i}`, 1)]);
    const replicas = new Set(h.turns.slice(turnsBefore).map((t) => t.replica));
    expect(replicas.size, 'replicas that ran the turns').to.be.greaterThan(1);
    // Separate buckets would let each replica send at the full rate: the hub (burst 1) would refuse.
    const sends = h.platformCalls.of('POST', MESSAGES_PATH).slice(callsBefore);
    expect(sends.map((s) => s.status).filter((st) => st !== 202), 'answers other than 202').to.deep.equal([]);
  });

  it('[C8] never sends without a token while the token endpoint fails or is slow, and delivers everything once it answers', async () => {
    const [customer] = await openCustomers(h, 1);
    await customer.say('before');
    await expectRepliesOnce(h, customer, [probeReply('before', 1)]);
    const watched = h.platformCalls.calls.length;

    // Every token the replicas hold stops working, and no new one can be had.
    h.emulator.setFaults({ errors: [{ status: 503, share: 1, endpoints: ['/oauth2/token'] }] });
    h.emulator.expireTokens();
    const turnsBefore = h.turns.length;
    for (const text of ['during-1', 'during-2', 'during-3']) await customer.say(text);
    // The first of them has run (the next wait behind its reply), and a replica asked for a
    // token after that and was refused: the reply is waiting for one.
    await waitFor(() => h.turns.slice(turnsBefore).some((t) => t.turn.conversationId === customer.conversationId), { what: 'the turn of during-1', timeoutMs: 30_000 });
    const refusedTokens = () => h.platformCalls.calls.filter((c) => c.path === '/oauth2/token' && c.status === 503).length;
    const refusedBefore = refusedTokens();
    await waitFor(() => refusedTokens() > refusedBefore, { what: 'a token request refused after the turns', timeoutMs: 30_000 });
    const sent = (await hubReplies(h, customer.conversationId)).map((m) => m.content?.text);
    expect(sent, 'nothing can be sent without a token').to.deep.equal([probeReply('before', 1)]);

    // A client over the same configuration gets a typed, retryable error, not a call without a token.
    const client = connectPlatform(loadConfig({ PLATFORM_BASE_URL: h.emulator.url, PLATFORM_TOKEN_URL: h.emulator.tokenUrl, PLATFORM_CLIENT_ID: h.emulator.defaultClient.clientId, PLATFORM_CLIENT_SECRET: h.emulator.defaultClient.clientSecret, PLATFORM_TENANT: h.tenant }));
    const err = await client.conversations.sendMessages({ messages: { message: [{ sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text: 'x' }, conversation: { id: customer.conversationId } }] } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(PlatformError);
    expect((err as PlatformError).status).to.equal(503);
    expect((err as PlatformError).retryable).to.equal(true);

    // The token endpoint comes back, slowly: the replies wait for it, then all leave, once each.
    h.emulator.setFaults({ latency: [{ ms: 1500, endpoints: ['/oauth2/token'] }] });
    await expectRepliesOnce(h, customer, [probeReply('before', 1), probeReply('during-1', 2), probeReply('during-2', 3), probeReply('during-3', 4)], 60_000);

    const since = h.platformCalls.calls.slice(watched);
    const tokenCalls = since.filter((c) => c.path === '/oauth2/token');
    expect(tokenCalls.some((c) => c.status === 503), 'the token endpoint refused').to.equal(true);
    expect(tokenCalls.some((c) => c.status === 200 && c.ms >= 1400), 'the token endpoint answered slowly').to.equal(true);
    const apiCalls = since.filter((c) => c.path.startsWith('/conversation/'));
    expect(apiCalls.length).to.be.greaterThan(0);
    expect(apiCalls.filter((c) => c.authorization !== 'bearer'), 'platform calls without a bearer token').to.deep.equal([]);
    expect(apiCalls.some((c) => c.status === 401), 'expired tokens were refused and replaced').to.equal(true);
  });
});

