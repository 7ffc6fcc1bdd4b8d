/**
 * One of three replicas is killed with SIGKILL in the middle of a dialog, at the two moments
 * that matter: (a) after its callback was acknowledged and the conversation claimed, before
 * the turn had any effect; (b) in the middle of a turn that has already sent a reply. The
 * conversation must go on on another replica, with its state, nothing lost and nothing shown
 * twice to the customer. Leases are 1.5 s, so a dead replica holds a conversation that long.
 */
import { expect } from 'chai';
import { startReplicaHarness, type ReplicaHarness } from '../../cli/harness/replicaHarness.js';
import { probeReply, probeWorking } from '../../cli/harness/probeBot.js';
import { dumpOnFailure, emulatorLog, expectRepliesOnce, openCustomers, receivedReplies } from './reliabilityKit.js';

describe('reliability: a replica killed mid-dialog', function () {
  this.timeout(60_000);
  let h: ReplicaHarness;

  before(async () => {
    h = await startReplicaHarness({ replicas: 3, leaseMs: 1500, pollIntervalMs: 100 });
  });
  after(async () => {
    await h?.stop();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await dumpOnFailure(h);
  });

  const victimOf = (name: string) => {
    const r = h.replicas.find((x) => x.name === name);
    if (!r) throw new Error(`no replica ${name}`);
    return r;
  };

  it('[C9] one hub token, issued by one replica, is accepted by every replica: one token request, no callback refused', async () => {
    const [c] = await openCustomers(h, 1);
    for (const text of ['t1', 't2', 't3']) await c.say(text);
    await expectRepliesOnce(h, c, [probeReply('t1', 1), probeReply('t2', 2), probeReply('t3', 3)]);
    expect((await emulatorLog(h, 'callbackToken')).map((e) => e.status), 'token requests of the hub').to.deep.equal([200]);
    expect((await emulatorLog(h, 'callback')).filter((e) => e.status === 401), 'callbacks refused').to.deep.equal([]);
    const answeredBy = new Set(h.proxy.calls.filter((x) => x.path === '/api/hub/callback' && x.status === 200).map((x) => x.upstream));
    expect(answeredBy.size, 'replicas that accepted the token').to.equal(3);
  });

  it('[B4] [B5] (a) killed between the ack and the turn: another replica runs the message, in order, with the state', async () => {
    const [c] = await openCustomers(h, 1);
    await c.say('k1');
    await expectRepliesOnce(h, c, [probeReply('k1', 1)]);

    const held = 'k2 hold=2500';
    const started = h.nextTurn((t) => t.turn.conversationId === c.conversationId && t.turn.text === held);
    await c.say(held);
    await c.say('k3');
    const first = await started;
    const again = h.nextTurn((t) => t.turn.conversationId === c.conversationId && t.turn.text === held);
    await h.kill(victimOf(first.replica));
    expect(receivedReplies(c), 'the turn had no effect before the kill').to.have.length(1);

    const second = await again;
    expect(second.replica, 'run again on another replica').to.not.equal(first.replica);
    expect(second.turn.messageId, 'the same message').to.equal(first.turn.messageId);
    await c.say('k4');
    await expectRepliesOnce(h, c, [probeReply('k1', 1), probeReply(held, 2), probeReply('k3', 3), probeReply('k4', 4)]);
  });

  it('[B4] [B5] (b) killed mid-turn after a first reply left: the turn is run again elsewhere and the customer sees each reply once', async () => {
    const [c] = await openCustomers(h, 1);
    await c.say('n1');
    await expectRepliesOnce(h, c, [probeReply('n1', 1)]);

    const slow = 'n2 slow=2500';
    const started = h.nextTurn((t) => t.turn.conversationId === c.conversationId && t.turn.text === slow);
    await c.say(slow);
    const first = await started;
    await c.waitFor(() => receivedReplies(c).some((r) => r.text === probeWorking(slow)));
    const again = h.nextTurn((t) => t.turn.conversationId === c.conversationId && t.turn.text === slow);
    await h.kill(victimOf(first.replica));

    const second = await again;
    expect(second.replica, 'run again on another replica').to.not.equal(first.replica);
    await c.say('n3');
    await expectRepliesOnce(h, c, [probeReply('n1', 1), probeWorking(slow), probeReply(slow, 2), probeReply('n3', 3)]);
    // The turn run again sent its first reply again, with the same id: the hub took it as a resend.
    const working = receivedReplies(c).find((r) => r.text === probeWorking(slow))!;
    const resends = await emulatorLog(h, 'messageDuplicate');
    expect(resends.map((e) => e.messageId), 'the first reply was sent again and recognised').to.include(working.id);
    // The survivors still accept the token the hub got at the start.
    expect((await emulatorLog(h, 'callbackToken')).length, 'token requests of the hub').to.equal(1);
  });

});
