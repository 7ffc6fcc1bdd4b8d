/**
 * The web chat page in a real browser (Debian's Chromium through playwright-core), against the
 * local stack: the emulator, a bot server and the adapter, with a test bot that sends every
 * kind of message the page draws. The page is driven as a person would: labels, roles, the
 * keyboard.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startLocalStack, type LocalStack } from '../../src/local/localStack.js';
import { createLogger } from '../../src/server/logger.js';
import { RichTestBot } from './richTestBot.js';
import { BROWSER_SETUP_TIMEOUT_MS, ChatPage, eventually, launchBrowser, newContext } from './webTestKit.js';
import { contrastFailures } from './contrast.js';

describe('web chat page (real browser)', function () {
  this.timeout(60_000);
  let browser: Browser;
  let stack: LocalStack;
  let context: BrowserContext;
  let page: Page;
  let chat: ChatPage;

  before(async function () {
    this.timeout(BROWSER_SETUP_TIMEOUT_MS);
    browser = await launchBrowser();
    stack = await startLocalStack({ bot: () => new RichTestBot(), logger: createLogger({ level: 'silent' }) });
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });
  beforeEach(async () => {
    context = await newContext(browser);
    page = await context.newPage();
    chat = new ChatPage(page, stack.emulator.url);
    await chat.open();
  });
  afterEach(() => context?.close());

  it('starts a conversation on the account, sends with Enter, and shows the reply in a live log', async () => {
    expect(await page.locator('#account option').first().textContent()).to.contain(stack.accountAddress);
    const id = await chat.start();
    expect(id).to.match(/^[0-9a-f-]{36}$/);
    expect(await chat.input.evaluate((n) => n === document.activeElement), 'focus moves to the message box').to.equal(true);
    await chat.say('hello there');
    await chat.waitForBot('You picked: hello there');
    expect(await chat.mine()).to.deep.equal(['hello there']);
    expect(await chat.log.getAttribute('aria-live')).to.equal('polite');
    // The page shows what the hub holds: the customer's message went through the hub to the bot.
    const conv = await (await fetch(`${stack.emulator.url}/emulator/conversations/${id}`)).json();
    expect(conv.messages.message.map((m: { type: { value: string } }) => m.type.value)).to.include.members(['text']);
  });

  it('[B2] draws quick replies as buttons: a click sends the value and shows the label', async () => {
    const id = await chat.start();
    await chat.say('menu');
    const menu = await chat.waitForBot('What would you like to do?');
    const buttons = menu.getByRole('group', { name: 'Quick replies' }).getByRole('button');
    expect(await buttons.allTextContents()).to.deep.equal(['One device', 'Several devices', 'Help article', 'A number', 'Talk to an agent', 'Goodbye']);
    await menu.getByRole('button', { name: 'Help article' }).click();
    const card = (await chat.waitForBot('This article may help:')).getByRole('link', { name: /Restart your router/ });
    expect(await chat.mine()).to.deep.equal(['menu', 'Help article']);
    expect(await card.getAttribute('href')).to.equal('https://support.example.com/restart');
    expect(await card.getAttribute('target')).to.equal('_blank');
    expect(await card.textContent()).to.contain('Unplug it, wait ten seconds').and.contain('support.example.com');
    // Spent choices are disabled; what the bot received is the value, not the label.
    expect(await buttons.first().isDisabled()).to.equal(true);
    const conv = await (await fetch(`${stack.emulator.url}/emulator/conversations/${id}`)).json();
    const said = conv.messages.message.filter((m: { sender: { type: string } }) => m.sender.type === 'customer').map((m: { content: { text: string } }) => m.content.text);
    expect(said).to.deep.equal(['menu', 'link']);
  });

  it('[B2] draws a list picker as a single-choice list, and a multi-select one with check boxes and one send button', async () => {
    await chat.start();
    await chat.say('list');
    const single = await chat.waitForBot('Which device is it?');
    expect(await single.getByRole('radio').count()).to.equal(3);
    expect(await single.getByRole('checkbox').count()).to.equal(0);
    await single.getByRole('button', { name: 'Send choice' }).click();
    expect(await single.getByRole('alert').textContent(), 'nothing picked').to.equal('Pick one option first.');
    await single.getByRole('radio', { name: /Modem/ }).check();
    await single.getByRole('button', { name: 'Send choice' }).click();
    await chat.waitForBot('You picked: m2');

    await chat.say('multi');
    const multi = await chat.waitForBot('Which devices are on?');
    expect(await multi.getByRole('checkbox').count()).to.equal(3);
    await multi.getByRole('checkbox', { name: /Router/ }).check();
    await multi.getByRole('checkbox', { name: /Cable/ }).check();
    await multi.getByRole('button', { name: 'Send choices' }).click();
    await chat.waitForBot('You picked: r1, c3');
    expect(await chat.mine()).to.deep.equal(['list', 'Modem', 'multi', 'Router, Cable']);
  });

  it('shows the typing indicator while a typing.start is open, and hides it with the reply', async () => {
    await chat.start();
    const typing = page.getByRole('status').filter({ hasText: 'The bot is typing' });
    expect(await typing.isVisible()).to.equal(false);
    await chat.say('slow');
    await typing.waitFor({ state: 'visible' });
    await chat.waitForBot('Done thinking.');
    await typing.waitFor({ state: 'hidden' });
  });

  it('re-asks a number out of range', async () => {
    await chat.start();
    await chat.say('number');
    await chat.waitForBot('How many lights are on?');
    await chat.say('42');
    await chat.waitForBot('Give a number from 1 to 10.');
    await chat.say('3');
    await chat.waitForBot('Thanks: 3.');
  });

  it('shows that an agent will join when the bot escalates', async () => {
    await chat.start();
    await chat.say('agent');
    await chat.waitForBot('I am passing you to an agent.');
    const notice = chat.log.locator('li.msg.system').filter({ hasText: 'An agent will join the conversation shortly.' });
    await notice.waitFor();
    expect(await page.locator('#conv-status').textContent()).to.equal('Waiting for an agent');
    // The customer can still write: the hub queues it for the agent.
    await chat.say('thanks');
    await eventually(async () => (await (await fetch(`${stack.emulator.url}/emulator/escalations`)).json()).escalation.some((e: { customerMessages?: unknown[] }) => JSON.stringify(e).includes('thanks')), 'the message in the agent queue');
  });

  it('makes the end of the conversation clear: a notice, the message box off, a new chat offered', async () => {
    await chat.start();
    await chat.say('bye');
    await chat.waitForBot('Goodbye!');
    await chat.log.locator('li.msg.system').filter({ hasText: 'The conversation has ended.' }).waitFor();
    expect(await chat.input.isDisabled()).to.equal(true);
    expect(await page.locator('#conv-status').textContent()).to.equal('Ended');
    const newChat = page.getByRole('button', { name: 'New chat' });
    expect(await newChat.evaluate((n) => n === document.activeElement), 'focus on "New chat"').to.equal(true);
    await newChat.press('Enter');
    await page.getByRole('form', { name: 'Start a conversation' }).waitFor();
  });

  it('in French, labels the page in French and the bot sees fr-FR on every message', async () => {
    await page.getByLabel('Language').selectOption('fr-FR');
    expect(await page.locator('html').getAttribute('lang')).to.equal('fr');
    const id = await chat.start();
    expect(await page.getByRole('button', { name: 'Envoyer', exact: true }).isVisible()).to.equal(true);
    await chat.say('lang');
    await chat.waitForBot('Locale: fr-FR');
    await chat.say('menu');
    await chat.waitForBot('Que voulez-vous faire ?');
    const conv = await (await fetch(`${stack.emulator.url}/emulator/conversations/${id}`)).json();
    const languages = conv.messages.message.filter((m: { sender: { type: string } }) => m.sender.type === 'customer').map((m: { language?: string }) => m.language);
    expect(languages).to.deep.equal(['fr-FR', 'fr-FR']);
  });

  it('works with the keyboard alone: start, type, reach and use quick replies and a list picker', async () => {
    // From the top of the page: Tab through the header to the form and start with Enter.
    await page.keyboard.press('Tab'); // language
    await page.keyboard.press('Tab'); // inspector link
    await page.keyboard.press('Tab'); // account
    await page.keyboard.press('Tab'); // name
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await page.locator('#conversation').waitFor({ state: 'visible' });
    await page.keyboard.type('menu');
    await page.keyboard.press('Enter');
    await chat.waitForBot('What would you like to do?');
    // Back from the message box into the log: the last quick reply comes first.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Goodbye');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('One device');
    await page.keyboard.press('Enter');
    await chat.waitForBot('Which device is it?');
    expect(await chat.input.evaluate((n) => n === document.activeElement), 'focus back in the message box').to.equal(true);
    await page.keyboard.press('Shift+Tab'); // the picker's send button
    await page.keyboard.press('Shift+Tab'); // the radio group
    await page.keyboard.press('ArrowDown'); // radio groups move and check with the arrows
    await page.keyboard.press('Enter'); // Enter in a form's field submits it
    await chat.waitForBot(/You picked: (r1|m2|c3)/);
  });

  it('fits a phone-sized window (360 px wide) with no sideways scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await chat.start();
    await chat.say('multi');
    await chat.waitForBot('Which devices are on?');
    await chat.say('link');
    await chat.waitForBot('This article may help:');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).to.be.at.most(widths.client);
    const box = await page.locator('#composer').boundingBox();
    expect(box!.y + box!.height, 'the message box stays on screen').to.be.at.most(740);
    expect(box!.width).to.be.at.most(360);
  });

  it('has WCAG AA contrast for every visible text of a rich conversation', async () => {
    await chat.start();
    await chat.say('menu');
    await chat.waitForBot('What would you like to do?');
    await chat.say('multi');
    await chat.waitForBot('Which devices are on?');
    await chat.say('link');
    await chat.waitForBot('This article may help:');
    await chat.say('agent');
    await chat.log.locator('li.msg.system').first().waitFor();
    expect(await contrastFailures(page)).to.deep.equal([]);
    // The check itself can fail: a light grey text on white is caught.
    await page.evaluate(() => {
      const probe = document.createElement('p');
      probe.textContent = 'faint';
      probe.style.color = '#aaaaaa';
      probe.style.background = '#ffffff';
      document.body.append(probe);
    });
    expect((await contrastFailures(page)).map((f) => f.text)).to.deep.equal(['faint']);
  });
});
