/**
 * H1, H2 end to end: the ready guided-help bot on the local stack (real HTTP, the emulated hub
 * playing each outcome of a transfer from its handover controls), with the wait for an agent
 * shortened to one second (HANDOVER_WAIT_SECONDS) and its deadline kept in the inbox.
 */
import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createReadyGuidedHelpBot } from '../../bots/guidedHelpReadyBot.js';
import { createLogger } from '../../src/observability/logger.js';
import { readTranscript } from '../../src/transcripts/readTranscript.js';
import { HUB_CHANNEL_ID } from '../../src/adapter/hubChannel.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { waitFor } from '../support/waitFor.js';
import { Customer } from './customerClient.js';

async function handoverOutcome(stack: LocalStack, settings: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${stack.emulator.url}/emulator/handover`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(settings) });
  expect(res.status).to.equal(200);
}

const botTexts = (c: Customer) => c.received.filter((e) => e.message && e.message.sender.type === 'custom_bot').map((e) => e.message!.content?.text ?? '');
const counted = async (stack: LocalStack, event: string) => ((await stack.bot.metrics.handovers.get()).values.find((v) => v.labels.event === event)?.value ?? 0);

describe('handover outcomes on the local stack', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: createReadyGuidedHelpBot, logger: createLogger({ level: 'silent' }), env: { HANDOVER_WAIT_SECONDS: '1' } });
  });
  after(() => stack?.stop());
  afterEach(() => handoverOutcome(stack, { outcome: 'queue' }));

  it('[H1] [H2] an agent joins: the customer sees it, the bot stays silent while the agent holds the conversation, the wait is measured', async () => {
    await handoverOutcome(stack, { outcome: 'agent', agentDelayMs: 100 });
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await c.say('I want to talk to a human');
    await c.waitFor((all) => all.some((e) => e.message?.type.value === 'agent.join'));
    await waitFor(async () => (await counted(stack, 'answered')) >= 1, 'the answered handover counted');
    expect((await stack.bot.metrics.handoverWait.get()).values.find((v) => v.metricName === 'hubbot_handover_wait_seconds_count')?.value).to.be.at.least(1);
    const before = botTexts(c).length;
    await c.say('hello? is it you?');
    // Once the transcript holds the message, its turn is over: any reply would have been sent.
    await waitFor(async () => (await readTranscript(stack.bot.deps.transcripts!, HUB_CHANNEL_ID, c.conversationId)).some((a) => a.text === 'hello? is it you?'), 'the silent turn recorded');
    expect(botTexts(c).slice(before)).to.deep.equal([]);
  });

  it('[H1] [H2] nobody comes in time: the bot says so, and the customer goes back to the guided help', async () => {
    await handoverOutcome(stack, { outcome: 'none' });
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await c.say('je voudrais parler à un conseiller', { language: 'fr-FR' });
    await c.waitFor((all) => all.some((e) => e.kind === 'escalated'));
    const isChoice = (m?: HubMessage) => m?.type.value === 'richMessage.quickreply' && /Aucun conseiller/.test(m.content?.text ?? '');
    await c.waitFor((all) => all.some((e) => isChoice(e.message)), 15_000);
    const choice = c.received.find((e) => isChoice(e.message))!.message!;
    const back = choice.content!.quickReplies!.find((q) => /assistant/.test(q.label))!;
    const seen = c.received.length;
    await c.say(back.value ?? back.label, { language: 'fr-FR' });
    // Back in the guided help: the topics to pick from.
    await c.waitFor((all) => all.slice(seen).some((e) => e.message?.type.value === 'richMessage.quickreply'));
    expect(await counted(stack, 'timed_out')).to.be.at.least(1);
    expect(await counted(stack, 'fell_back')).to.be.at.least(1);
  });

  it('[H1] the hub refuses the transfer: the customer is told at once and may try again', async () => {
    await handoverOutcome(stack, { outcome: 'refused' });
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await c.say('can I speak to a representative');
    await c.waitFor((all) => all.some((e) => /no agent can take the conversation/.test(e.message?.content?.text ?? '')));
    expect(await counted(stack, 'failed')).to.be.at.least(1);
  });

  it('[H1] [H2] an agent played by hand joins, then hands back: the handover is closed and the bot answers again', async () => {
    await handoverOutcome(stack, { outcome: 'none' });
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await c.say('agent');
    await c.waitFor((all) => all.some((e) => e.kind === 'escalated'));
    const agent = (action: string) =>
      fetch(`${stack.emulator.url}/emulator/conversations/${c.conversationId}/agent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action }) });
    expect((await agent('join')).status).to.equal(202);
    await waitFor(async () => (await counted(stack, 'answered')) >= 1, 'the agent counted');
    const closedBefore = await counted(stack, 'closed');
    expect((await agent('leave')).status).to.equal(202);
    await c.waitFor((all) => all.some((e) => (e.kind as string) === 'active'));
    await waitFor(async () => (await counted(stack, 'closed')) > closedBefore, 'the handover closed');
    const seen = c.received.length;
    await c.say('hello');
    await c.waitFor((all) => all.slice(seen).some((e) => e.message?.sender.type === 'custom_bot'));
    expect((await agent('dance')).status).to.equal(400);
  });

  it('[H1] the controls refuse a malformed setting with the error body', async () => {
    const res = await fetch(`${stack.emulator.url}/emulator/handover`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'maybe' }) });
    expect(res.status).to.equal(400);
    expect((await res.json()).code).to.match(/^400-/);
  });
});
