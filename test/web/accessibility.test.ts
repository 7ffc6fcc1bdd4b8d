/**
 * The web chat page and the inspector against axe-core's WCAG 2 A and AA rules, in a real
 * browser, with the page showing every kind of message the test bot sends and the inspector
 * showing a walk's entries with one selected: no violation.
 */
import { expect } from 'chai';
import { axeViolations } from './axeCheck.js';
import { RichTestBot } from './richTestBot.js';
import { ChatPage, webRig } from './webTestKit.js';

describe('accessibility of the web pages (axe-core, WCAG 2 A and AA)', function () {
  this.timeout(90_000);
  const rig = webRig({ bot: () => new RichTestBot() });

  it('the chat page, before and during a conversation with quick replies, lists, links and an escalation, has no violation', async () => {
    const chat = new ChatPage(rig.page, rig.stack.emulator.url);
    await chat.open();
    expect(await axeViolations(rig.page), 'start form').to.deep.equal([]);
    await chat.start();
    for (const [say, shows] of [['menu', 'What would you like to do?'], ['list', /./], ['multi', /./], ['link', /./], ['agent', /./]] as const) {
      const before = await chat.botMessages().count();
      await chat.say(say);
      await chat.botMessages().nth(before).waitFor({ state: 'visible' });
      await chat.waitForBot(shows);
    }
    expect(await axeViolations(rig.page), 'conversation').to.deep.equal([]);
  });

  it('the inspector, with a walk\'s entries and one selected, has no violation', async () => {
    const chat = new ChatPage(rig.page, rig.stack.emulator.url);
    await chat.open();
    const id = await chat.start();
    await chat.say('menu');
    await chat.waitForBot('What would you like to do?');
    const inspector = await rig.context.newPage();
    await inspector.goto(`${rig.stack.emulator.url}/inspector?conversation=${id}`);
    await inspector.locator('#entries button.entry').first().waitFor();
    await inspector.locator('#entries button.entry').first().click();
    expect(await axeViolations(inspector)).to.deep.equal([]);
  });
});
