/**
 * The guided-help bot (bots/guidedHelpReadyBot.ts, as `npm start` runs it) walked from the web
 * chat page in a real browser, over the emulator's portal and its printer casebase: quick
 * replies and a list picker are clicked, a number out of range is asked again, a solution is
 * accepted; "agent" shows the escalation; the inspector lists the walk's calls; with 429s
 * turned on, retries show and the walk still completes. Screenshots of the final chat and of
 * the inspector go to reports/ (and to docs/ with UPDATE_DOCS_SCREENSHOTS=1).
 */
import { join } from 'node:path';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { READY_BOTS } from '../../bots/readyBots.js';
import { message } from '../../dialogs/guidedHelp/guidedHelpMessages.js';
import type { CallLogEntry } from '../../src/emulator/callLog.js';
import { ChatPage, DOCS_DIR, REPORTS_DIR, screenshot, webRig } from './webTestKit.js';
import { waitFor } from '../support/waitFor.js';

const RETRY_SAFE_SEED = 54;
const PORTAL = '/knowledge/portalmgr/v4/portals/KP-10001';
const UPDATE_DOCS = process.env.UPDATE_DOCS_SCREENSHOTS === '1';
const TOPICS_AGAIN = message('en-US', 'topicsAgain');

/**
 * The customer types "hello" as soon as the chat opens, whether the greeting arrived or not
 * (U1); its answer offers the topics again, and the clicks go to those newest choices (saying
 * anything spends the choices shown before).
 */
async function sayHelloAtOnce(chat: ChatPage, wait = 20_000): Promise<Locator> {
  await chat.say('hello');
  return chat.waitForBot(TOPICS_AGAIN, wait);
}

/** The printer walk, clicking as a customer would; `wait` is generous when faults slow the hub. */
async function walkToAcceptedSolution(chat: ChatPage, wait = 20_000): Promise<void> {
  await (await sayHelloAtOnce(chat, wait)).getByRole('button', { name: /^Printers/ }).click();
  await (await chat.waitForBot('What goes wrong?', wait)).getByRole('button', { name: 'An error code is shown' }).click();
  const picker = await chat.waitForBot('Which kind of printer do you have?', wait);
  await picker.getByRole('radio', { name: 'Office laser printer' }).check();
  await picker.getByRole('button', { name: 'Send choice' }).click();
  await chat.waitForBot('Which error code is shown?', wait);
  await chat.say('1500');
  await chat.waitForBot('Please give a number greater than 0 and at most 999.', wait);
  await chat.say('750');
  await chat.waitForBot('Here is a solution: Hardware fault: book a repair', wait);
  await (await chat.waitForBot('Did this solve your problem?', wait)).getByRole('button', { name: 'Yes' }).click();
  await (await chat.waitForBot('Do you need anything else on this topic?', wait)).getByRole('button', { name: 'No' }).click();
  await chat.waitForBot('Great, glad I could help. Goodbye!', wait);
}

describe('guided help walked from the web chat page (real browser)', function () {
  this.timeout(180_000);
  const rig = webRig(
    { bot: READY_BOTS['guided-help'].create, portalId: 'KP-10001' },
    { viewport: { width: 820, height: 1400 }, openChat: true, beforeClose: () => fetch(`${rig.stack.emulator.url}/emulator/faults`, { method: 'DELETE' }) },
  );

  const log = async (kind: string): Promise<CallLogEntry[]> => (await (await fetch(`${rig.stack.emulator.url}/emulator/calls?kind=${kind}`)).json()).call;

  async function openInspector(conversationId: string): Promise<Page> {
    const inspector = await rig.context.newPage();
    await inspector.setViewportSize({ width: 1400, height: 900 });
    await inspector.goto(`${rig.stack.emulator.url}/inspector?conversation=${conversationId}`);
    return inspector;
  }

  it('[B3] walks a casebase to an accepted solution by clicking quick replies and a list picker, re-asking a number out of range', async () => {
    const id = await rig.chat.start();
    const feedbackBefore = (await log('portal.feedback')).length;
    await walkToAcceptedSolution(rig.chat);
    // A list picker's items carry their positions (U3), and the customer's choice shows as picked;
    // the topic by its customer-facing name, not its release's "Printers 3.0" (U8).
    expect(await rig.chat.mine()).to.deep.equal(['hello', 'Printers', 'An error code is shown', '1. Office laser printer', '1500', '750', 'Yes', 'No']);
    const feedback = (await log('portal.feedback')).slice(feedbackBefore);
    expect(feedback.map((f) => [f.verb, f.caseId])).to.deep.equal([['accept', '6006']]);
    await screenshot(rig.chat.page, join(REPORTS_DIR, 'webchat-guided-walk.png'));
    if (UPDATE_DOCS) {
      await rig.chat.page.setViewportSize({ width: 820, height: 1640 }); // the whole walk in one picture
      await rig.chat.page.waitForTimeout(200);
      await screenshot(rig.chat.page, join(DOCS_DIR, 'webchat.png'));
    }

    // The inspector lists the walk's calls: the portal's search, steps and accept among them.
    const inspector = await openInspector(id);
    const platformRows = inspector.locator('#entries button.entry[data-kind="call"]');
    await waitFor(async () => (await platformRows.filter({ hasText: '/accept' }).count()) === 1, 'the accept call listed');
    const texts = (await platformRows.allTextContents()).join('\n');
    expect(texts).to.contain('portalmgr v4 POST /portals/KP-10001/gh/search').and.contain('portalmgr v4 PUT /portals/KP-10001/gh/search').and.contain('portalmgr v4 POST /portals/KP-10001/gh/cases/6006/accept');
    expect(texts).to.contain('conversationmgr v3 POST /conversations/messages');
    const steps = (await log('call')).filter((c) => c.method === 'PUT' && c.path === `${PORTAL}/gh/search`);
    expect(await platformRows.filter({ hasText: 'PUT /portals/KP-10001/gh/search' }).count(), 'every step listed').to.equal(steps.length);
    await inspector.locator('#entries button.entry').filter({ hasText: 'accept' }).last().click();
    expect(await inspector.locator('#detail-json').textContent()).to.contain('"status": 201');
  });

  it('shows that an agent will join when the customer asks for one', async () => {
    await rig.chat.start();
    await (await sayHelloAtOnce(rig.chat)).getByRole('button', { name: /^Home internet/ }).click();
    await rig.chat.waitForBot('What is the problem?');
    await rig.chat.say('agent');
    await rig.chat.waitForBot('I am passing you to an agent.');
    await rig.chat.log.locator('li.msg.system').filter({ hasText: 'An agent will join the conversation shortly.' }).waitFor();
    expect(await rig.chat.page.locator('#conv-status').textContent()).to.equal('Waiting for an agent');
  });

  it('[L5] with 429s turned on in the inspector, the walk still completes and the inspector shows the retries', async () => {
    const id = await rig.chat.start();
    const inspector = await openInspector(id);
    await inspector.getByLabel('Endpoints').fill('conversationmgr:POST /conversations/messages');
    await inspector.getByLabel('429 on % of calls').fill('40');
    // Seed 54 never picks more than two calls in a row among its first 80: no message uses up
    // the client's three retries (that giving up is tested with the client, not here).
    await inspector.getByLabel('Seed').fill(String(RETRY_SAFE_SEED));
    await inspector.getByRole('button', { name: 'Apply faults' }).click();
    await inspector.getByRole('status').filter({ hasText: 'Faults applied' }).waitFor();

    await rig.chat.page.bringToFront();
    await walkToAcceptedSolution(rig.chat, 45_000);
    await screenshot(rig.chat.page, join(REPORTS_DIR, 'webchat-guided-walk-429.png'));

    await inspector.bringToFront();
    const throttled = inspector.locator('#entries button.entry').filter({ has: inspector.locator('.flag-throttled') });
    const retried = inspector.locator('#entries button.entry').filter({ has: inspector.locator('.flag-retry') });
    await waitFor(async () => (await throttled.count()) > 0 && (await retried.count()) > 0, '429 and retry rows');
    const calls = (await log('call')).filter((c) => c.path === '/conversation/conversationmgr/v3/conversations/messages');
    expect(calls.some((c) => c.status === 429)).to.equal(true);
    expect(calls[calls.length - 1].status, 'the last message got through').to.equal(202);
    await throttled.first().click();
    expect(await inspector.locator('#detail-json').textContent()).to.contain('"status": 429');
    await screenshot(inspector, join(REPORTS_DIR, 'inspector-guided-walk-429.png'));
    if (UPDATE_DOCS) await screenshot(inspector, join(DOCS_DIR, 'inspector.png'));
  });
});
