/**
 * H1, H2 in the web chat page (real browser), with the ready guided-help bot and the wait for
 * an agent shortened to one second: the inspector's handover control picks the hub's outcome; the
 * customer sees an agent join, or nobody come and goes back to the guided help. The page
 * showing those notices still passes axe-core's WCAG 2 A and AA rules.
 */
import { expect } from 'chai';
import { createReadyGuidedHelpBot } from '../../bots/guidedHelpReadyBot.js';
import { axeViolations } from './axeCheck.js';
import { webRig } from './webTestKit.js';

describe('handover walks in the web chat page (real browser)', function () {
  this.timeout(90_000);
  const rig = webRig({ bot: createReadyGuidedHelpBot, env: { HANDOVER_WAIT_SECONDS: '1' } }, { openChat: true });
  afterEach(async () => {
    await fetch(`${rig.stack.emulator.url}/emulator/handover`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
  });

  /** The outcome is an emulator setting: picked on the inspector page, as a developer would (U4). */
  const pickOutcome = async (label: RegExp, outcome: string) => {
    const inspector = await rig.context.newPage();
    await inspector.goto(`${rig.stack.emulator.url}/inspector`);
    const option = (await inspector.locator('#handover option').filter({ hasText: label }).textContent())!;
    await inspector.getByLabel('When the bot hands over').selectOption({ label: option });
    // The control's PUT has landed when the emulator reports the outcome.
    await inspector.waitForFunction(async (o) => (await (await fetch('/emulator/handover')).json()).outcome === o, outcome);
    await inspector.close();
  };

  it('[H1] [H2] an agent joins: the page shows the agent and the status, and has no axe violation', async () => {
    await rig.chat.start();
    await pickOutcome(/an agent joins/, 'agent');
    await rig.chat.say('I want to talk to a human');
    await rig.chat.log.locator('li.msg.agent').filter({ hasText: 'Alex joined the conversation' }).waitFor();
    expect(await rig.page.locator('#conv-status').textContent()).to.equal('Talking to an agent');
    expect(await axeViolations(rig.page)).to.deep.equal([]);
  });

  it('[H1] [H2] nobody comes: the bot offers to wait or go back, and "Back to the assistant" brings the topics back', async () => {
    await rig.chat.start();
    await pickOutcome(/no agent comes/, 'none');
    await rig.chat.say('talk to an agent');
    const offer = await rig.chat.waitForBot(/No agent is free yet/, 20_000);
    expect(await offer.getByRole('button').allTextContents()).to.deep.equal(['Keep waiting', 'Back to the assistant']);
    const before = await rig.chat.botMessages().count();
    await offer.getByRole('button', { name: 'Back to the assistant' }).click();
    await rig.chat.botMessages().nth(before).waitFor();
    await rig.chat.log.locator('li.msg.bot[data-type="richMessage.quickreply"]').nth(0).waitFor();
    const last = rig.chat.botMessages().last();
    await last.getByRole('group', { name: 'Quick replies' }).waitFor();
    expect(await axeViolations(rig.page)).to.deep.equal([]);
  });
});
