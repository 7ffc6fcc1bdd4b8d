/**
 * D3: the master holding the tenant is killed (SIGKILL) under steady callback load, with two
 * bot replicas on a six-node Redis Cluster of this test's own (cluster-node-timeout 1 s). Its
 * replica is promoted; meanwhile every callback is answered 503 (the hub sends it again), never
 * 200. Afterwards every message has its reply exactly once, in order per conversation, on the
 * customer's side and in the hub's record. The times measured (promotion, first ack, every conversation answered again)
 * are printed, not asserted: the machine is shared.
 */
import { expect } from 'chai';
import { startReplicaHarness, type ReplicaHarness } from '../../cli/harness/replicaHarness.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { dumpOnFailure, emulatorLog, hubRecord, openCustomers, receivedReplies, type Customer } from '../reliability/reliabilityKit.js';
import { waitFor } from '../support/waitFor.js';
import { LocalRedisCluster } from '../../cli/harness/localRedisCluster.js';

const CUSTOMERS = 8;
/** Pause between a customer's reply and its next message (load generation, not a wait for anything). */
const PACE_MS = 100;

describe('Redis Cluster failover under load (D3)', function () {
  this.timeout(180_000);
  let cluster: LocalRedisCluster | undefined;
  let h: ReplicaHarness | undefined;

  before(async () => {
    cluster = await LocalRedisCluster.start({ basePort: 17101, nodeTimeoutMs: 1000, exclusive: true });
    h = await startReplicaHarness({ replicas: 2, leaseMs: 1500, pollIntervalMs: 100, redisClusterNodes: cluster.seeds });
  });
  after(async () => {
    await h?.stop();
    await cluster?.stop();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && h) await dumpOnFailure(h);
  });

  it('[D3] a master killed under load: its replica takes over, callbacks meanwhile get 503, nothing acknowledged is lost, order holds', async () => {
    const harness = h!;
    const local = cluster!;
    const customers = await openCustomers(harness, CUSTOMERS);
    const sent: string[][] = customers.map(() => []);
    const sentAt = new Map<string, number>();
    let sending = true;
    const say = async (c: Customer, i: number) => {
      for (let n = 1; sending; n++) {
        const text = `c${i + 1}-m${n}`;
        sent[i].push(text);
        sentAt.set(text, Date.now());
        await c.say(text);
        // Closed loop: the next message once this one is answered, so the load stays within the
        // platform's rate limits (a backlog would measure the limits, not the failover).
        await c.waitFor(() => receivedReplies(c).length >= n, 120_000);
        await new Promise((r) => setTimeout(r, PACE_MS));
      }
    };
    const load = customers.map((c, i) => say(c, i));

    // Steady state first: every conversation answered a few times.
    // Only the load loop reads a customer's events (Customer.waitFor is not for two readers at once).
    await waitFor(() => customers.every((c) => receivedReplies(c).length >= 3), { what: 'every conversation answered three times', timeoutMs: 60_000 });
    const victim = await local.masterOf(tenantKey(harness.tenant));
    const killedAt = Date.now();
    await local.kill(victim);

    const promoted = await waitFor(async () => {
      const now = await local.masterOf(tenantKey(harness.tenant)).catch(() => victim);
      return now !== victim ? now : undefined;
    }, { what: 'a replica to be promoted', timeoutMs: 60_000 });
    const promotedAt = Date.now();

    // Every conversation answers a message sent after the promotion.
    const answeredAgainAt: number[] = [];
    for (const [i, c] of customers.entries()) {
      const after = (r: { text: string }) => sent[i].some((t) => (sentAt.get(t) ?? 0) > promotedAt && r.text.startsWith(`echo ${t} `));
      await waitFor(() => receivedReplies(c).some(after), { what: `conversation ${i + 1} answered after the promotion`, timeoutMs: 90_000 });
      answeredAgainAt.push(Date.now());
    }
    sending = false;
    await Promise.all(load); // each loop ends once its last message is answered

    // Each message answered once, in order, on the customer's side and in the hub's record. The
    // probe bot's turn number is left out: a turn whose completion the kill cut short (its state
    // written, its inbox step not) runs again, as after a replica's death, and counts twice.
    for (const [i, c] of customers.entries()) {
      const answered = (texts: string[]) => texts.map((t) => /^echo (.*) \(turn \d+\)$/.exec(t)?.[1] ?? t);
      const got = receivedReplies(c);
      expect(answered(got.map((r) => r.text)), `replies to ${c.conversationId}`).to.deep.equal(sent[i]);
      expect(new Set(got.map((r) => r.id)).size, 'reply ids seen by the customer').to.equal(got.length);
      const recorded = (await hubRecord(harness, c.conversationId)).filter((m) => m.sender.type !== 'customer' && m.type.value === 'text');
      expect(answered(recorded.map((m) => m.content?.text ?? '')), `hub record of ${c.conversationId}`).to.deep.equal(sent[i]);
    }
    const runs = new Map<string, number>();
    for (const t of harness.turns) if (t.turn.messageId) runs.set(t.turn.messageId, (runs.get(t.turn.messageId) ?? 0) + 1);
    const callbacks = await emulatorLog(harness, 'callback');
    const statuses = new Set(callbacks.map((e) => Number(e.status)));
    expect([...statuses].sort(), 'callback answers: 200, or 503 while the shard could not write').to.deep.equal([200, 503].filter((s) => statuses.has(s)));
    const refused = callbacks.filter((e) => Number(e.status) === 503);
    const at = (e: Record<string, unknown>) => Date.parse(String(e.at));
    expect(refused.length, 'callbacks that arrived while the master was down were refused with 503').to.be.greaterThan(0);

    const total = sent.reduce((n, s) => n + s.length, 0);
    console.log('\n    D3 failover (cluster-node-timeout 1000 ms, 2 bot replicas, %d conversations):', CUSTOMERS);
    console.table({
      'master killed → replica promoted (ms)': promotedAt - killedAt,
      'master killed → every conversation answered again (ms)': Math.max(...answeredAgainAt) - killedAt,
      'master killed → first callback acked after the first 503 (ms)': at(callbacks.find((e) => Number(e.status) === 200 && at(e) > at(refused[0]))!) - killedAt,
      'messages sent / answered once, in order': `${total} / ${total}`,
      'callbacks refused with 503 meanwhile': refused.length,
      'turns run again (cut short by the kill)': [...runs.values()].filter((n) => n > 1).length,
      'new master': `127.0.0.1:${promoted}`,
    });
  });
});
