/**
 * A rolling upgrade with customers talking (M5): replicas of the previous release (built from
 * git, previousRelease.ts) and of this one share one Redis behind the hub's load balancer (the
 * replica harness's proxy), while a trickle of customers walk the guided-help bot. Replicas are
 * replaced one at a time, each stopped with SIGTERM (it drains), old to new and then back, new
 * to old. Dialog state, inbox items, deadline items and transcripts are written by one release
 * and read by the other; at the end the hub's record is counted: nothing lost, nothing twice,
 * nothing dead-lettered.
 *
 * The crossing that matters most is forced, not left to chance: at the last replica of a
 * release, a customer's turn is run there (its inactivity deadline scheduled by that release),
 * the replica is drained, and the deadline must fall on the other release and reach the
 * customer (the team once saw an old replica dead-letter a new deadline item).
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startReplicaHarness, type ObservedTurn, type ReplicaHarness } from '../../cli/harness/replicaHarness.js';
import { thisReleaseEntry, type ReplicaProcess } from '../../cli/harness/replicaProcess.js';
import { GUIDED_HELP_DEADLINE_EVENT } from '../../bots/guidedHelpDeadlines.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { GuidedHelpStore } from '../../dialogs/guidedHelp/guidedHelpStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { dumpOnFailure } from '../reliability/reliabilityKit.js';
import { waitFor } from '../support/waitFor.js';
import { HOME_INTERNET_WALK, Trickle, Walker, type Stall, type TrafficOptions } from './guidedHelpTraffic.js';
import { CHECKOUT, previousRelease, type BuiltRelease } from './previousRelease.js';
import { RELEASE_MODULES_ENV, REMINDER_AFTER_ENV } from './releaseBotEnv.js';
import { countUpgrade, describeFindings } from './upgradeLedger.js';

/** The inactivity reminder's delay: longer than a drain (SHUTDOWN_GRACE_MS below), short for the test. */
const REMINDER_AFTER_MS = 6000;
const BOT_MODULE = `${join(CHECKOUT, 'test/upgrade/releaseBot.ts')}#createBot`;

type Release = 'old' | 'new';
const releaseOf = (replica: string): Release => (replica.startsWith('old-') ? 'old' : 'new');

describe('rolling upgrade: the previous release and this one on one Redis while customers talk', function () {
  this.timeout(10 * 60_000);
  let release: BuiltRelease;
  let h: ReplicaHarness;
  let redis: RedisConnection;

  before(async function () {
    // The first run builds the previous release (a few minutes on a busy machine); later ones reuse it.
    this.timeout(20 * 60_000);
    release = await previousRelease();
    redis = await createRedisConnection();
    h = await startReplicaHarness({
      replicas: 0,
      leaseMs: 2000,
      pollIntervalMs: 100,
      botModule: BOT_MODULE,
      env: { PORTAL_ID: 'KP-10001', SHUTDOWN_GRACE_MS: '3000', [REMINDER_AFTER_ENV]: String(REMINDER_AFTER_MS) },
    });
  });
  after(async () => {
    await h?.stop();
    if (redis) await closeRedisConnection(redis);
  });
  /** What happened when, in seconds from the test's start: printed with the result, or with a failure. */
  const timeline: string[] = [];
  let began = Date.now();
  const mark = (what: string) => timeline.push(`${Math.round((Date.now() - began) / 1000)} s ${what}`);
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    console.log(`      timeline: ${timeline.join('; ')}`);
    await dumpOnFailure(h);
  });

  let started = 0;
  const startOld = () =>
    h.startReplica({
      name: `old-${++started}`,
      // The previous release's own replica entry, compiled; tsx only for the test's bot module.
      entry: { file: join(release.root, 'dist/cli/harness/replicaMain.js'), execArgv: thisReleaseEntry().execArgv },
      env: { [RELEASE_MODULES_ENV]: pathToFileURL(join(release.root, 'dist/')).href },
    });
  const startNew = () => h.startReplica({ name: `new-${++started}`, env: { [RELEASE_MODULES_ENV]: pathToFileURL(`${CHECKOUT}/`).href } });
  /** SIGTERM, as a scheduler stops a pod: the replica drains and exits; the proxy stops sending it callbacks. */
  const drain = (r: ReplicaProcess) => h.kill(r, 'SIGTERM');

  const turnsOf = (conversationId: string) => h.turns.filter((t) => t.turn.conversationId === conversationId);

  /**
   * The forced crossing: a sleeping customer's step is run on `last` (the last replica of its
   * release), `last` is drained, and the deadline that step scheduled must run on the other
   * release and bring the reminder.
   */
  async function deadlineCrossing(traffic: TrafficOptions, sleepers: Walker[], stalls: Stall[], last: ReplicaProcess): Promise<{ scheduledOn: string; ranOn: string }> {
    for (let attempt = 1; attempt <= 30; attempt++) {
      let s = sleepers.at(-1);
      // The last step accepts the solution: the dialog ends and no deadline is left to cross.
      if (!s || s.taken >= HOME_INTERNET_WALK.length - 1) sleepers.push((s = await Walker.open(traffic, stalls, `sleeper-${sleepers.length + 1}`)));
      const { say: said, leavesDeadline } = HOME_INTERNET_WALK[s.taken];
      if (!(await s.step())) throw new Error(`a sleeping customer's step got no answer: ${JSON.stringify(stalls)}`);
      // Only a step that leaves a deadline can cross: the greeting ("hello") starts no dialog and
      // schedules none, so a crossing tried on it waited for a deadline nobody had scheduled.
      if (!leavesDeadline) continue;
      // The step's turn, and the conversation's last: the one whose deadline is pending.
      const lastTurn = turnsOf(s.conversationId).at(-1);
      if (lastTurn?.turn.text !== said || lastTurn.replica !== last.name) continue;
      const deadlineTurn = h.nextTurn((t) => t.turn.conversationId === s.conversationId && t.turn.text === GUIDED_HELP_DEADLINE_EVENT, REMINDER_AFTER_MS + 60_000);
      await drain(last);
      mark(`${last.name} drained after "${said}" of ${s.conversationId}`);
      const inbox = new RedisInbox({ client: redis, tenant: h.tenant });
      // What the drained step left (read for a failure's message): its deadline, unless already due.
      const leftScheduled = await inbox.scheduled(s.conversationId);
      // Run once only, so the deadline waiting is the one `last` scheduled, not a rerun's.
      expect(turnsOf(s.conversationId).filter((t) => t.turn.messageId === lastTurn.turn.messageId).map((t) => t.replica), 'the sleeping step ran once').to.deep.equal([last.name]);
      const ran = await deadlineTurn.catch(async (err: Error) => {
        const scheduled = await inbox.scheduled(s.conversationId);
        const dead = (await inbox.deadLetters(1000)).filter((d) => d.conversationId === s.conversationId).map((d) => `${d.item.kind ?? 'message'} ${d.item.id}: ${d.reason}`);
        throw new Error(
          `${err.message}: the deadline ${last.name} scheduled for ${s.conversationId} did not run. Its turns: ` +
            `${turnsOf(s.conversationId).map((t) => `${t.replica} ${t.turn.text}`).join(' | ')}; scheduled after the drain: ${JSON.stringify(leftScheduled)}; ` +
            `scheduled now: ${JSON.stringify(scheduled)}; in line now: ${await inbox.depth()} item(s); ` +
            `dead-lettered: ${dead.length ? dead.join('; ') : 'nothing'}; ` +
            `live: ${h.live().map((r) => r.name).join(', ')}; the customer got: ${JSON.stringify(s.customer.texts())}`,
        );
      });
      expect(await s.awaitReminder(), `the reminder scheduled on ${last.name} reached the customer of ${s.conversationId}`).to.equal(true);
      return { scheduledOn: last.name, ranOn: ran.replica };
    }
    throw new Error(`no sleeping customer's step ran on ${last.name} in 30 tries`);
  }

  /** Consecutive turns of one conversation on two releases: the state one wrote, the other read. */
  function crossings(turns: readonly ObservedTurn[]): Record<'oldToNew' | 'newToOld', number> {
    const last = new Map<string, Release>();
    const count = { oldToNew: 0, newToOld: 0 };
    for (const t of turns) {
      const now = releaseOf(t.replica);
      const before = last.get(t.turn.conversationId);
      if (before === 'old' && now === 'new') count.oldToNew++;
      if (before === 'new' && now === 'old') count.newToOld++;
      last.set(t.turn.conversationId, now);
    }
    return count;
  }

  it('[M5] replaces replicas one at a time with SIGTERM, old to new then new to old: nothing lost, duplicated or dead-lettered', async () => {
    began = Date.now();
    const traffic: TrafficOptions = { emulatorUrl: h.emulator.url, accountAddress: h.accountAddress, stepTimeoutMs: 90_000, reminderTimeoutMs: REMINDER_AFTER_MS + 60_000 };
    // A trickle: three customers, a pause of about a second between steps, every second walk waiting for the reminder.
    const trickle = new Trickle({ ...traffic, customers: 3, pauseEvery: 2, pauseMs: () => 600 + Math.floor(Math.random() * 800) });
    const sleepers: Walker[] = [];
    const sleeperStalls: Stall[] = [];
    const phase = (n: number) => trickle.stepsAnswered(n);

    // The previous release serves alone, as before the upgrade.
    const [old1, old2] = await Promise.all([startOld(), startOld()]);
    mark('old-1, old-2 up');
    trickle.start();
    await phase(4);
    // Old to new, one at a time: start the new replica, then drain an old one.
    const new1 = await startNew();
    mark(`${new1.name} up`);
    await drain(old1);
    mark(`${old1.name} drained`);
    await phase(4);
    mark(`${(await startNew()).name} up`);
    const toNew = await deadlineCrossing(traffic, sleepers, sleeperStalls, old2);
    mark(`${old2.name} drained, its deadline ran on ${toNew.ranOn}`);
    await phase(4);
    // New to old (a rollback), one at a time.
    mark(`${(await startOld()).name} up`);
    await drain(new1);
    mark(`${new1.name} drained`);
    await phase(4);
    mark(`${(await startOld()).name} up`);
    const lastNew = h.live().find((r) => releaseOf(r.name) === 'new')!;
    const toOld = await deadlineCrossing(traffic, sleepers, sleeperStalls, lastNew);
    mark(`${lastNew.name} drained, its deadline ran on ${toOld.ranOn}`);
    await phase(4);
    await trickle.stop();
    mark('customers stopped');

    // Everything the customers said has been run, and every deadline that fell has been.
    const inbox = new RedisInbox({ client: redis, tenant: h.tenant });
    const conversations = [...trickle.walkers, ...sleepers].map((w) => w.conversationId);
    await waitFor(async () => {
      if ((await inbox.depth()) > 0) return false;
      for (const id of conversations) if ((await inbox.scheduled(id)).some((i) => (i.notBefore ?? 0) < Date.now() - 2000)) return false;
      return true;
    }, { what: 'the inbox to be empty and no deadline left overdue', timeoutMs: 60_000, intervalMs: 250 });

    const ledger = await countUpgrade(h, [...trickle.walkers, ...sleepers].map((w) => w.customer));
    const findings = describeFindings(ledger);
    // Each stall with the turns of its conversation (where each ran) and its dialog as stored.
    const storage = new RedisStorage({ client: redis, tenant: h.tenant });
    const stallLines: string[] = [];
    for (const s of [...trickle.stalls, ...sleeperStalls]) {
      const key = new GuidedHelpStore(storage).keyOf(s.conversationId);
      const dialog = (await storage.read([key]))[key] as { snapshot?: { status?: string; value?: unknown; context?: { lastActivityId?: string } } } | undefined;
      const turns = turnsOf(s.conversationId).map((t) => `${t.replica} ${t.turn.text} (${t.turn.messageId})`).join(' | ');
      const stored = dialog?.snapshot ? `${dialog.snapshot.status} ${JSON.stringify(dialog.snapshot.value)} after ${dialog.snapshot.context?.lastActivityId}` : 'none';
      stallLines.push(`STALLED ${s.conversationId} after "${s.said}": no ${s.waitedFor} (${s.error}); its turns: ${turns}; its dialog: ${stored}`);
    }
    const stalls = stallLines.join('\n');
    const cross = crossings(h.turns);
    console.log(
      `      rolling upgrade: ${Math.round((Date.now() - began) / 1000)} s, ${ledger.customerTexts} customer texts in ${conversations.length} conversations, ` +
        `${ledger.botMessages} bot messages, ${h.turns.length} turns (${h.turns.filter((t) => t.turn.text === GUIDED_HELP_DEADLINE_EVENT).length} deadlines); ` +
        `state crossings old->new ${cross.oldToNew}, new->old ${cross.newToOld}\n      ${timeline.join('; ')}`,
    );

    expect(findings, `what the count found:\n${findings}`).to.equal('');
    expect(stalls, `customers left waiting:\n${stalls}`).to.equal('');
    expect(ledger.customerTexts, 'customer texts counted').to.be.greaterThan(30);
    expect(releaseOf(toNew.ranOn), `the deadline ${toNew.scheduledOn} scheduled ran on the new release`).to.equal('new');
    expect(releaseOf(toOld.ranOn), `the deadline ${toOld.scheduledOn} scheduled ran on the old release`).to.equal('old');
    expect(cross.oldToNew, 'turns that read state the old release wrote').to.be.greaterThan(0);
    expect(cross.newToOld, 'turns that read state the new release wrote').to.be.greaterThan(0);
  });
});
