/**
 * S15 scenario, end to end (the run itself: deadConversationsAttack.ts): 60 conversations x 3
 * messages ended by the hub in two waves on the Basic plan, two replicas on one Redis, a live
 * trickle flowing. Counted: live messages unanswered (none), the hub's 409s (at most one per
 * dead conversation), live p95 against the same trickle's without the attack.
 */
import { expect } from 'chai';
import { EchoBot } from '../../bots/echoBot.js';
import { BUDGET_INTERVAL_MS, DEAD_CONVERSATIONS, runDeadConversations } from './deadConversationsAttack.js';
import { twoReplicasOnRedis } from './twoReplicasOnRedis.js';

describe('Dead conversations on the Basic plan with a live trickle (S15 scenario)', function () {
  this.timeout(180_000);
  const rig = twoReplicasOnRedis('deadconv', (deps) => new EchoBot(deps.storage), { plan: 'Basic' });

  it('[S15] 60 x 3 ended in two waves: every live message answered, at most one 409 per dead conversation, live p95 bounded against the baseline', async () => {
    const report = await runDeadConversations(rig);
    const { latenciesMs, baselineLatenciesMs, ...summary } = report;
    console.log(`      S15 scenario: ${JSON.stringify(summary)}`);

    expect(report.baselineLost, 'baseline messages unanswered').to.equal(0);
    expect(report.lost, 'live messages unanswered under the attack').to.equal(0);
    expect(latenciesMs).to.have.length(report.sent);
    expect(baselineLatenciesMs.length, 'baseline answers').to.be.above(0);
    expect(report.hub409, 'hub 409s').to.be.at.most(DEAD_CONVERSATIONS);
    expect(report.most409PerDead, '409s for one dead conversation').to.be.at.most(1);
    // The rule's bar is two budget intervals over the baseline; the bench measures it (`npm run
    // bench -- attacks`, nothing else running: docs/performance.md). Here, on a shared two-core
    // machine whose load varies, the attack's own turns (240 of them, in this process) compete
    // for the CPU with the live ones: alone the p95 is 0-1.1 s over the baseline, in a loaded
    // fresh clone it was 3.8 s. So CI holds five intervals: a gross regression still fails (the
    // red team saw 51 s).
    expect(report.attackedP95, JSON.stringify(summary)).to.be.at.most(report.baselineP95 + 5 * BUDGET_INTERVAL_MS);
  });
});
