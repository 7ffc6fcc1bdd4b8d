/**
 * Where a reply's time goes, as an operator's Prometheus sees it: after a customer's message is
 * answered through the local stack, the bot's /metrics holds one observation per stage: inbox
 * wait, turn, and the reply's outbox stages (queue, backoff, post).
 */
import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createLogger } from '../../src/observability/logger.js';
import { EchoBot } from '../../bots/echoBot.js';
import { Customer } from './customerClient.js';

const countOf = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

describe('reply stage histograms on /metrics', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), env: { REDIS_URL: undefined, METRICS_PORT: undefined, METRICS_TOKEN: undefined }, logger: createLogger({ level: 'silent' }) });
  });
  after(() => stack?.stop());

  it('observes the inbox wait, the turn and each outbox stage of an answered message', async () => {
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await c.say('hello');
    await c.messages(1);
    const text = await (await fetch(`${stack.bot.url}/metrics`)).text();
    expect(countOf(text, 'hubbot_inbox_wait_seconds_count')).to.be.at.least(1);
    expect(countOf(text, 'hubbot_turn_seconds_count')).to.be.at.least(1);
    for (const stage of ['queue', 'backoff', 'post']) expect(countOf(text, `hubbot_outbox_wait_seconds_count{stage="${stage}"}`), stage).to.equal(1);
  });
});
