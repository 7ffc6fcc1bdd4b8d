/**
 * The web chat page in a real browser (Debian's Chromium through playwright-core), against the
 * local stack: the emulator, a bot server and the adapter, with a test bot that sends every
 * kind of message the page draws. The page is driven as a person would: labels, roles, the
 * keyboard.
 */
import { expect } from 'chai';
import { RichTestBot } from './richTestBot.js';
import { webRig } from './webTestKit.js';
import { waitFor } from '../support/waitFor.js';
import { contrastFailures } from './contrast.js';

describe('web chat page (real browser)', function () {
  this.timeout(60_000);
  const rig = webRig({ bot: () => new RichTestBot() }, { openChat: true });

  it('starts a conversation on the account, sends with Enter, and shows the reply in a live log', async () => {
    expect(await rig.page.locator('#account option').first().textContent()).to.contain(rig.stack.accountAddress);
    const id = await rig.chat.start();
    expect(id).to.match(/^[0-9a-f-]{36}$/);
    expect(await rig.chat.input.evaluate((n) => n === document.activeElement), 'focus moves to the message box').to.equal(true);
    await rig.chat.say('hello there');
    await rig.chat.waitForBot('You picked: hello there');
    expect(await rig.chat.mine()).to.deep.equal(['hello there']);
    expect(await rig.chat.log.getAttribute('aria-live')).to.equal('polite');
    // The page shows what the hub holds: the customer's message went through the hub to the bot.
    const conv = await (await fetch(`${rig.stack.emulator.url}/emulator/conversations/${id}`)).json();
    expect(conv.messages.message.map((m: { type: { value: string } }) => m.type.value)).to.include.members(['text']);
  });

  it('[B2] draws quick replies as buttons: a click sends the value and shows the label', async () => {
    const id = await rig.chat.start();
    await rig.chat.say('menu');
    const menu = await rig.chat.waitForBot('What would you like to do?');
    const buttons = menu.getByRole('group', { name: 'Quick replies' }).getByRole('button');
    expect(await buttons.allTextContents()).to.deep.equal(['One device', 'Several devices', 'Help article', 'A number', 'Talk to an agent', 'Goodbye']);
    await menu.getByRole('button', { name: 'Help article' }).click();
    const card = (await rig.chat.waitForBot('This article may help:')).getByRole('link', { name: /Restart your router/ });
    expect(await rig.chat.mine()).to.deep.equal(['menu', 'Help article']);
    expect(await card.getAttribute('href')).to.equal('https://support.example.com/restart');
    expect(await card.getAttribute('target')).to.equal('_blank');
    expect(await card.textContent()).to.contain('Unplug it, wait ten seconds').and.contain('support.example.com');
    // Spent choices are disabled; what the bot received is the value, not the label.
    expect(await buttons.first().isDisabled()).to.equal(true);
    const conv = await (await fetch(`${rig.stack.emulator.url}/emulator/conversations/${id}`)).json();
    const said = conv.messages.message.filter((m: { sender: { type: string }; type: { value: string } }) => m.sender.type === 'customer' && m.type.value === 'text').map((m: { content: { text: string } }) => m.content.text);
    expect(said).to.deep.equal(['menu', 'link']);
  });

  it('[B2] draws a list picker as a single-choice list, and a multi-select one with check boxes and one send button', async () => {
    await rig.chat.start();
    await rig.chat.say('list');
    const single = await rig.chat.waitForBot('Which device is it?');
    expect(await single.getByRole('radio').count()).to.equal(3);
    expect(await single.getByRole('checkbox').count()).to.equal(0);
    await single.getByRole('button', { name: 'Send choice' }).click();
    expect(await single.getByRole('alert').textContent(), 'nothing picked').to.equal('Pick one option first.');
    await single.getByRole('radio', { name: /Modem/ }).check();
    await single.getByRole('button', { name: 'Send choice' }).click();
    await rig.chat.waitForBot('You picked: m2');

    await rig.chat.say('multi');
    const multi = await rig.chat.waitForBot('Which devices are on?');
    expect(await multi.getByRole('checkbox').count()).to.equal(3);
    await multi.getByRole('checkbox', { name: /Router/ }).check();
    await multi.getByRole('checkbox', { name: /Cable/ }).check();
    await multi.getByRole('button', { name: 'Send choices' }).click();
    await rig.chat.waitForBot('You picked: r1, c3');
    expect(await rig.chat.mine()).to.deep.equal(['list', 'Modem', 'multi', 'Router, Cable']);
  });

  it('shows the typing indicator while a typing.start is open, and hides it with the reply', async () => {
    await rig.chat.start();
    const typing = rig.page.getByRole('status').filter({ hasText: 'The bot is typing' });
    expect(await typing.isVisible()).to.equal(false);
    await rig.chat.say('slow');
    await typing.waitFor({ state: 'visible' });
    await rig.chat.waitForBot('Done thinking.');
    await typing.waitFor({ state: 'hidden' });
  });

  it('re-asks a number out of range', async () => {
    await rig.chat.start();
    await rig.chat.say('number');
    await rig.chat.waitForBot('How many lights are on?');
    await rig.chat.say('42');
    await rig.chat.waitForBot('Give a number from 1 to 10.');
    await rig.chat.say('3');
    await rig.chat.waitForBot('Thanks: 3.');
  });

  it('shows that an agent will join when the bot escalates', async () => {
    await rig.chat.start();
    await rig.chat.say('agent');
    await rig.chat.waitForBot('I am passing you to an agent.');
    const notice = rig.chat.log.locator('li.msg.system').filter({ hasText: 'An agent will join the conversation shortly.' });
    await notice.waitFor();
    expect(await rig.page.locator('#conv-status').textContent()).to.equal('Waiting for an agent');
    // The customer can still write: the hub queues it for the agent (and the bot hears it, U6).
    await rig.chat.say('thanks');
    await waitFor(async () => (await (await fetch(`${rig.stack.emulator.url}/emulator/escalations`)).json()).escalation.some((e: { customerMessages?: unknown[] }) => JSON.stringify(e).includes('thanks')), 'the message in the agent queue');
  });

  it('makes the end of the conversation clear: a notice, the message box off, a new chat offered', async () => {
    await rig.chat.start();
    await rig.chat.say('bye');
    await rig.chat.waitForBot('Goodbye!');
    await rig.chat.log.locator('li.msg.system').filter({ hasText: 'The conversation has ended.' }).waitFor();
    expect(await rig.chat.input.isDisabled()).to.equal(true);
    expect(await rig.page.locator('#conv-status').textContent()).to.equal('Ended');
    const newChat = rig.page.getByRole('button', { name: 'New chat' });
    expect(await newChat.evaluate((n) => n === document.activeElement), 'focus on "New chat"').to.equal(true);
    await newChat.press('Enter');
    await rig.page.getByRole('form', { name: 'Start a conversation' }).waitFor();
  });

  it('in French, labels the page in French and the bot sees fr-FR on every message', async () => {
    await rig.page.getByLabel('Language').selectOption('fr-FR');
    expect(await rig.page.locator('html').getAttribute('lang')).to.equal('fr');
    const id = await rig.chat.start();
    expect(await rig.page.getByRole('button', { name: 'Envoyer', exact: true }).isVisible()).to.equal(true);
    await rig.chat.say('lang');
    await rig.chat.waitForBot('Locale: fr-FR');
    await rig.chat.say('menu');
    await rig.chat.waitForBot('Que voulez-vous faire ?');
    const conv = await (await fetch(`${rig.stack.emulator.url}/emulator/conversations/${id}`)).json();
    // The start (customer.info, N4) and both messages.
    const languages = conv.messages.message.filter((m: { sender: { type: string } }) => m.sender.type === 'customer').map((m: { type: { value: string }; language?: string }) => `${m.type.value} ${m.language}`);
    expect(languages).to.deep.equal(['customer.info fr-FR', 'text fr-FR', 'text fr-FR']);
  });

  it('works with the keyboard alone: start, type, reach and use quick replies and a list picker', async () => {
    // From the top of the page: Tab through the header to the form and start with Enter.
    await rig.page.keyboard.press('Tab'); // language
    await rig.page.keyboard.press('Tab'); // inspector link
    await rig.page.keyboard.press('Tab'); // account
    await rig.page.keyboard.press('Tab'); // name
    await rig.page.keyboard.type('Ada');
    await rig.page.keyboard.press('Enter');
    await rig.page.locator('#conversation').waitFor({ state: 'visible' });
    await rig.page.keyboard.type('menu');
    await rig.page.keyboard.press('Enter');
    await rig.chat.waitForBot('What would you like to do?');
    // Back from the message box into the log: the last quick reply comes first.
    await rig.page.keyboard.press('Shift+Tab');
    expect(await rig.page.evaluate(() => document.activeElement?.textContent)).to.equal('Goodbye');
    for (let i = 0; i < 5; i++) await rig.page.keyboard.press('Shift+Tab');
    expect(await rig.page.evaluate(() => document.activeElement?.textContent)).to.equal('One device');
    await rig.page.keyboard.press('Enter');
    await rig.chat.waitForBot('Which device is it?');
    expect(await rig.chat.input.evaluate((n) => n === document.activeElement), 'focus back in the message box').to.equal(true);
    await rig.page.keyboard.press('Shift+Tab'); // the picker's send button
    await rig.page.keyboard.press('Shift+Tab'); // the radio group
    await rig.page.keyboard.press('ArrowDown'); // radio groups move and check with the arrows
    await rig.page.keyboard.press('Enter'); // Enter in a form's field submits it
    await rig.chat.waitForBot(/You picked: (r1|m2|c3)/);
  });

  it('fits a phone-sized window (360 px wide) with no sideways scrolling', async () => {
    await rig.page.setViewportSize({ width: 360, height: 740 });
    await rig.chat.start();
    await rig.chat.say('multi');
    await rig.chat.waitForBot('Which devices are on?');
    await rig.chat.say('link');
    await rig.chat.waitForBot('This article may help:');
    const widths = await rig.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).to.be.at.most(widths.client);
    const box = await rig.page.locator('#composer').boundingBox();
    expect(box!.y + box!.height, 'the message box stays on screen').to.be.at.most(740);
    expect(box!.width).to.be.at.most(360);
  });

  it('has WCAG AA contrast for every visible text of a rich conversation', async () => {
    await rig.chat.start();
    await rig.chat.say('menu');
    await rig.chat.waitForBot('What would you like to do?');
    await rig.chat.say('multi');
    await rig.chat.waitForBot('Which devices are on?');
    await rig.chat.say('link');
    await rig.chat.waitForBot('This article may help:');
    await rig.chat.say('agent');
    await rig.chat.log.locator('li.msg.system').first().waitFor();
    expect(await contrastFailures(rig.page)).to.deep.equal([]);
    // The check itself can fail: a light grey text on white is caught.
    await rig.page.evaluate(() => {
      const probe = document.createElement('p');
      probe.textContent = 'faint';
      probe.style.color = '#aaaaaa';
      probe.style.background = '#ffffff';
      document.body.append(probe);
    });
    expect((await contrastFailures(rig.page)).map((f) => f.text)).to.deep.equal(['faint']);
  });
});
