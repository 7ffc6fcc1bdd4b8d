/**
 * Contact-center figures end to end (O5): customers on the local stack with Redis, the
 * guided-help bot solving one conversation and handing another over; `hubbot report` (the
 * installed command) reads the counters from Redis, and /metrics counts the same.
 */
import { expect } from 'chai';
import { runHubbot } from '../support/runHubbot.js';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createReadyGuidedHelpBot } from '../../bots/guidedHelpReadyBot.js';
import { createLogger } from '../../src/observability/logger.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { Customer, exchange } from './customerClient.js';

const text = (re: RegExp) => (m: HubMessage) => re.test(m.content?.text ?? '');

const hubbot = (args: string[]) => runHubbot(args);

describe('contact-center figures on the local stack, read by hubbot report', function () {
  this.timeout(60_000);
  let stack: LocalStack;
  let redis: RedisConnection;
  const tenant = uniqueTenant('o5-report');

  before(async () => {
    redis = await createRedisConnection();
    stack = await startLocalStack({ bot: createReadyGuidedHelpBot, logger: createLogger({ level: 'silent' }), env: { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant } });
  });
  after(async () => {
    await stack?.stop();
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  });

  it('[O5] a solved and a handed-over conversation show per topic in the report and in /metrics', async () => {
    const solved = await Customer.start(stack.emulator.url, stack.accountAddress);
    await exchange(solved, 'Home internet', text(/\?/));
    await exchange(solved, 'Only Wi-Fi does not work', text(/\?/));
    await exchange(solved, 'Cable', text(/\?/));
    await exchange(solved, 'Laptop, TV', text(/Reconnect the TV to Wi-Fi/));
    await exchange(solved, 'yes', text(/glad I could help/));

    const handedOver = await Customer.start(stack.emulator.url, stack.accountAddress);
    await exchange(handedOver, 'Printers', text(/\?/));
    await exchange(handedOver, 'agent', (m) => m.type.value === 'escalation.transfer' || /agent/i.test(m.content?.text ?? ''));

    const report = await hubbot(['report', '--since', '1h', '--redis-url', 'redis://127.0.0.1:6379', '--tenant', tenant, '--json']);
    expect(report.code, report.stderr).to.equal(0);
    const figures = JSON.parse(report.stdout) as { topics: { topic: string; started: number; solved: number; handedOver: number; containmentRate?: number }[]; total: { started: number; containmentRate?: number } };
    // Topics are named as the customer sees them (M7), not by casebase id.
    const internet = figures.topics.find((t) => t.topic === 'Home internet');
    const printers = figures.topics.find((t) => t.topic === 'Printers');
    expect(internet, JSON.stringify(figures.topics)).to.deep.include({ started: 1, solved: 1, handedOver: 0, containmentRate: 1 });
    expect(printers).to.deep.include({ started: 1, solved: 0, handedOver: 1, containmentRate: 0 });
    expect(figures.total).to.deep.include({ started: 2, containmentRate: 0.5 });

    const table = await hubbot(['report', '--since', '1h', '--redis-url', 'redis://127.0.0.1:6379', '--tenant', tenant]);
    expect(table.stdout).to.match(/^topic\s+started\s+solved\s+rejected\s+handed over\s+abandoned\s+containment\s+handovers ended$/m);
    expect(table.stdout).to.match(/^Home internet\s+1\s+1\s+0\s+0\s+0\s+100\.0 %/m);
    expect(table.stdout).to.match(/^\(all\)\s+2\s+1\s+.*50\.0 %/m);

    const metrics = await (await fetch(`${stack.bot.url}/metrics`)).text();
    expect(metrics, metrics.split('\n').filter((l) => l.startsWith('hubbot_contact_center_total')).join('\n')).to.match(/^hubbot_contact_center_total\{topic="Home internet",figure="solved"\} 1$/m);
    expect(metrics).to.match(/^hubbot_contact_center_total\{topic="Printers",figure="handover"\} 1$/m);
  });

  it('[O5] report refuses a period it cannot read, in one line', async () => {
    const o = await hubbot(['report', '--since', 'yesterday-ish', '--redis-url', 'redis://127.0.0.1:6379']);
    expect(o.code).to.equal(2);
    expect(o.stderr.split('\n')[0]).to.match(/^hubbot report: give --since/);
  });
});
