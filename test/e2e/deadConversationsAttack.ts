/**
 * The S15 attack as one run, for the scenario test and the bench: two replicas on one Redis, the
 * emulator on the Basic plan (one POST of messages a second: the budget interval), a trickle of
 * live customers whose messages reach the bot as the hub's signed callbacks. The attack: 60
 * conversations say 3 messages each and the hub ends them (conversation.end) in two waves while
 * their replies are queued. The red team's waves were 10 s apart; here the second wave comes once
 * the trickle has had a round answered after the first (each live customer answered once more),
 * and the attack ends after one more: paced by the trickle's progress, not by a fixed sleep.
 *
 * Measured: live messages left unanswered, the hub's 409s per dead conversation (from the
 * emulator's call log), live replies' p95 against the same trickle's without the attack (measured
 * first, on the same replicas), and newcomers: customers whose conversations start with the
 * flood's 60 and as the first wave ends, the time to the answer to each one's first message,
 * against a newcomer's without the attack.
 */
import { expect } from 'chai';
import { Customer } from './customerClient.js';
import { liveTrickle, p95, TrickleProgress } from './liveTrickle.js';
import type { TwoReplicas } from './twoReplicasOnRedis.js';

export const DEAD_CONVERSATIONS = 60;
/** Basic plan, POST messages: 1 a second. */
export const BUDGET_INTERVAL_MS = 1000;

export interface DeadConversationsReport {
  baselineP95: number;
  attackedP95: number;
  /** Live messages said during the attack, and those left unanswered. */
  sent: number;
  lost: number;
  baselineLost: number;
  /** Every live answer's latency (ms), one per message answered: under the attack, and alone. */
  latenciesMs: number[];
  baselineLatenciesMs: number[];
  /** The hub's 409s on reply POSTs during the attack, and the most for one dead conversation. */
  hub409: number;
  most409PerDead: number;
  /** A conversation started while the trickle flows alone: the answer to its first message (ms). */
  baselineNewcomerMs: number;
  /** Conversations started as the first wave ended, and with the flood's 60: the answer to each one's first message (ms). */
  newcomerMs: number;
  floodNewcomerMs: number;
}

interface Call {
  method?: string;
  status?: number;
  request?: unknown;
}

async function calls(emulatorUrl: string): Promise<Call[]> {
  const res = await fetch(`${emulatorUrl}/emulator/calls?kind=call`);
  return ((await res.json()) as { call: Call[] }).call;
}

/** Says 3 things in each of 60 conversations, then the hub ends them in two waves, a round of the trickle apart. */
/** A customer who starts a conversation now and says one thing: the time to the answer. */
async function newcomer(rig: TwoReplicas, label: string): Promise<number> {
  const started = performance.now();
  const customer = await Customer.start(rig.stack.emulator.url, rig.stack.accountAddress, { id: `${label}-${Date.now()}` });
  await customer.say('hello, I am new here');
  await customer.messages(1, 60_000);
  return performance.now() - started;
}

async function attack(rig: TwoReplicas, round: () => Promise<void>): Promise<{ deadIds: string[]; newcomerMs: number; floodNewcomerMs: number }> {
  const { url } = rig.stack.emulator;
  const startedWithFlood = newcomer(rig, 'with-flood');
  const dead = await Promise.all(Array.from({ length: DEAD_CONVERSATIONS }, (_, i) => Customer.start(url, rig.stack.accountAddress, { id: `dead-${i}` })));
  for (const n of [1, 2, 3]) await Promise.all(dead.map((c) => c.say(`dead message ${n}`)));
  const end = (wave: Customer[]) => Promise.all(wave.map(async (c) => expect(await c.send('conversation.end', {})).to.equal(202)));
  await end(dead.slice(0, DEAD_CONVERSATIONS / 2));
  const startedAfterWave = newcomer(rig, 'after-wave');
  await round();
  await end(dead.slice(DEAD_CONVERSATIONS / 2));
  // The second wave's queued replies get their chance to be (wrongly) posted.
  await round();
  return { deadIds: dead.map((c) => c.conversationId), newcomerMs: await startedAfterWave, floodNewcomerMs: await startedWithFlood };
}

/** One run: the trickle alone, then the trickle with the attack; what was measured. */
export async function runDeadConversations(rig: TwoReplicas): Promise<DeadConversationsReport> {
  const trickle = { customers: 3, everyMs: 1000, minRounds: 8 };
  const { url } = rig.stack.emulator;
  // A newcomer without the attack too, once the trickle flows: what a first answer usually takes.
  const calm = new TrickleProgress();
  const calmNewcomer = calm.answers(trickle.customers).then(() => newcomer(rig, 'calm'));
  const baseline = await liveTrickle(url, rig.stack.accountAddress, { ...trickle, until: calmNewcomer, progress: calm });
  const baselineNewcomerMs = await calmNewcomer;
  const before = (await calls(url)).length;

  const progress = new TrickleProgress();
  // The attack starts once the trickle flows (its first round answered), as in the red team's
  // run: started together, the live conversations' own starts (greeting, then first answer)
  // queued behind the 60 dead ones' and measured 5.1-7.7 s, a load no end message can shed.
  const attacked = progress.answers(trickle.customers).then(() => attack(rig, () => progress.answers(trickle.customers)));
  const live = await liveTrickle(url, rig.stack.accountAddress, { ...trickle, until: attacked, progress });
  const { deadIds, newcomerMs, floodNewcomerMs } = await attacked;

  const refused = (await calls(url)).slice(before).filter((c) => c.method === 'POST' && c.status === 409);
  const perDead = deadIds.map((id) => refused.filter((c) => JSON.stringify(c.request ?? '').includes(id)).length);
  return {
    baselineP95: Math.round(p95(baseline.latenciesMs)),
    attackedP95: Math.round(p95(live.latenciesMs)),
    sent: live.sent,
    lost: live.lost,
    baselineLost: baseline.lost,
    latenciesMs: live.latenciesMs.map(Math.round),
    baselineLatenciesMs: baseline.latenciesMs.map(Math.round),
    hub409: refused.length,
    most409PerDead: Math.max(0, ...perDead),
    baselineNewcomerMs: Math.round(baselineNewcomerMs),
    newcomerMs: Math.round(newcomerMs),
    floodNewcomerMs: Math.round(floodNewcomerMs),
  };
}
