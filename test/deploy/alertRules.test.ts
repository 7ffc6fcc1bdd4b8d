/**
 * [M6] The alert rules of deploy/alerts/: promtool checks them and runs their unit tests (one
 * test group per alert, firing and quiet), they read only metrics a running bot serves on
 * /metrics, they cover what docs/operations.md says to alert on, and the Grafana dashboard shows
 * each alert's expression.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { EchoBot } from '../../bots/echoBot.js';
import { createLogger } from '../../src/observability/logger.js';
import { ensureDebianPackage } from '../support/ensureDebianPackage.js';
import { REPO_ROOT } from './hubbotImage.js';

const exec = promisify(execFile);
const ALERTS = join(REPO_ROOT, 'deploy', 'alerts');
const RULES = 'hubbot.rules.yaml';
const RULE_TESTS = 'hubbot.rules.test.yaml';

interface Rule {
  alert: string;
  expr: string;
}
interface RuleTests {
  tests: { name: string; alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
}

async function rules(): Promise<Rule[]> {
  const doc = parse(await readFile(join(ALERTS, RULES), 'utf8')) as { groups: { rules: Rule[] }[] };
  return doc.groups.flatMap((g) => g.rules);
}

/** The metric families an expression reads: histogram series named by their family. */
const metricsOf = (expr: string): string[] => [...new Set([...expr.matchAll(/\bhubbot_[a-z0-9_]+/g)].map(([m]) => m.replace(/_(bucket|sum|count)$/, '')))];

/** What an alert measures: its expression without the trailing threshold. */
const measured = (expr: string): string => expr.replace(/\s*[<>]=?\s*[\d.]+\s*$/, '').trim();

async function promtool(args: string[], cwd = ALERTS): Promise<{ code: number; output: string }> {
  const tool = await ensureDebianPackage('/usr/bin/promtool', ['prometheus']);
  try {
    const { stdout, stderr } = await exec(tool, args, { cwd });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('[M6] the alert rules (deploy/alerts/)', function () {
  this.timeout(10 * 60_000); // a first run installs Debian's prometheus package for promtool

  it('[M6] promtool check rules accepts them', async () => {
    const { code, output } = await promtool(['check', 'rules', RULES]);
    expect(code, output).to.equal(0);
    expect(output).to.contain(`SUCCESS: ${(await rules()).length} rules found`);
  });

  it('[M6] promtool test rules passes, with a test group per alert that sees it fire and stay quiet', async () => {
    const { code, output } = await promtool(['test', 'rules', RULE_TESTS]);
    expect(code, output).to.equal(0);
    const tests = parse(await readFile(join(ALERTS, RULE_TESTS), 'utf8')) as RuleTests;
    for (const { alert } of await rules()) {
      const cases = tests.tests.flatMap((t) => t.alert_rule_test).filter((c) => c.alertname === alert);
      expect(cases.some((c) => c.exp_alerts.length > 0), `${alert} fires in a test`).to.equal(true);
      expect(cases.some((c) => c.exp_alerts.length === 0), `${alert} stays quiet in a test`).to.equal(true);
    }
  });

  it('[M6] a threshold moved in the rules makes promtool test rules fail', async () => {
    const tmp = await mkdtemp(join(tmpdir(), 'hubbot-alerts-'));
    try {
      const moved = (await readFile(join(ALERTS, RULES), 'utf8')).replace('hubbot_queue_depth{queue="inbox"}) > 250', 'hubbot_queue_depth{queue="inbox"}) > 500');
      await writeFile(join(tmp, RULES), moved);
      await writeFile(join(tmp, RULE_TESTS), await readFile(join(ALERTS, RULE_TESTS), 'utf8'));
      const { code, output } = await promtool(['test', 'rules', RULE_TESTS], tmp);
      expect(code).to.not.equal(0);
      expect(output).to.contain('HubbotInboxBacklog');
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('[M6] cover queue depth, dead letters, refusals, 429s, token failures, callback failures and handover waits', async () => {
    const all = (await rules()).map((r) => r.expr).join('\n');
    for (const wanted of ['hubbot_queue_depth{queue="inbox"}', 'hubbot_dead_letters', 'hubbot_refusals_total', 'hubbot_platform_429_total', 'hubbot_refusals_total{route="token"}', 'hubbot_token_refreshes_total', 'hubbot_token_failures_total', 'hubbot_callbacks_total', 'hubbot_handover_wait_seconds_bucket', 'hubbot_handovers_total{event="timed_out"}']) {
      expect(all).to.contain(wanted);
    }
  });

  describe('against a running bot', () => {
    let stack: LocalStack;
    before(async () => {
      stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), env: { BOT_HOST: '127.0.0.1' }, logger: createLogger({ level: 'silent' }) });
    });
    after(() => stack?.stop());

    it('[M6] every metric the rules read is one the bot serves on /metrics', async () => {
      const res = await fetch(`${stack.bot.url}/metrics`);
      expect(res.status).to.equal(200);
      const served = new Set([...(await res.text()).matchAll(/^# TYPE (\S+) /gm)].map(([, name]) => name));
      const read = (await rules()).flatMap((r) => metricsOf(r.expr));
      expect(read.length).to.be.greaterThan(8);
      for (const name of read) expect(served, name).to.include(name);
      // And the series the queue alerts select are there with their labels.
      const text = await (await fetch(`${stack.bot.url}/metrics`)).text();
      expect(text).to.match(/^hubbot_queue_depth\{queue="inbox"\} \d+$/m);
      expect(text).to.match(/^hubbot_dead_letters\{queue="inbox"\} \d+$/m);
    });
  });

  it('[M6] the Grafana dashboard has a panel showing each alert\'s expression', async () => {
    const dashboard = JSON.parse(await readFile(join(REPO_ROOT, 'docs', 'grafana-contact-center.json'), 'utf8')) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const shown = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ title: p.title, expr: t.expr })));
    for (const rule of await rules()) {
      const panel = shown.find((s) => s.expr === measured(rule.expr));
      expect(panel, `a panel with ${measured(rule.expr)} (${rule.alert})`).to.not.equal(undefined);
    }
  });
});
