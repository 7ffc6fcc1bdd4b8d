/**
 * The cards sample (samples/cardsBot) in the web chat page, in a real browser (N3): for each
 * card the customer asks for, the hub message the bot's card became is read back from the
 * emulated hub, and every title and button of it must be visible on the page, links with their
 * address, reply buttons sending their value.
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { CardsBot } from '../../samples/cardsBot/cardsBot.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { waitFor } from '../support/waitFor.js';
import { webRig } from './webTestKit.js';
import { contrastFailures } from './contrast.js';

describe('the cards sample in the web chat page (real browser)', function () {
  this.timeout(60_000);
  const rig = webRig({ bot: () => new CardsBot() }, { openChat: true });
  let conversationId = '';

  beforeEach(async () => {
    conversationId = await rig.chat.start();
  });

  /** The bot's messages the hub holds for this conversation, in order. */
  async function botMessages(): Promise<HubMessage[]> {
    const conv = (await (await fetch(`${rig.stack.emulator.url}/emulator/conversations/${conversationId}`)).json()) as { messages: { message: HubMessage[] } };
    return conv.messages.message.filter((m) => m.sender.type === 'custom_bot' && !m.type.value.startsWith('typing'));
  }

  /** Asks for a card; returns the hub message it became and its item on the page. */
  async function ask(word: string, type: string): Promise<{ message: HubMessage; item: Locator }> {
    const before = (await botMessages()).length;
    await rig.chat.say(word);
    const message = await waitFor(async () => (await botMessages()).slice(before).find((m) => m.type.value === type), `the ${type} of "${word}"`);
    const item = rig.chat.log.locator(`li.msg.bot[data-type="${type}"]`).last();
    await item.waitFor({ state: 'visible' });
    return { message, item };
  }

  /** Every title and button of a template is on the page, each in its own card. */
  async function expectTemplateShown(message: HubMessage, item: Locator): Promise<void> {
    const elements = message.content?.elements ?? [];
    expect(await item.locator('li.template-card').count()).to.equal(elements.length);
    for (const element of elements) {
      const card = item.locator(`li.template-card[data-element-id="${element.id}"]`);
      if (element.title) {
        const title = card.getByRole('heading', { name: element.title });
        await title.scrollIntoViewIfNeeded();
        expect(await title.isVisible(), element.title).to.equal(true);
      }
      for (const button of element.buttons ?? []) {
        const shown = card.getByRole(button.type === 'url' ? 'link' : 'button', { name: button.label });
        await shown.scrollIntoViewIfNeeded();
        expect(await shown.isVisible(), `${element.title}: ${button.label}`).to.equal(true);
        if (button.url) expect(await shown.getAttribute('href'), button.label).to.equal(button.url);
      }
    }
  }

  it('[N3] hero: the title, text, picture and all three link buttons', async () => {
    const { message, item } = await ask('hero', 'richMessage.template');
    await expectTemplateShown(message, item);
    expect(await item.getByRole('link').allTextContents()).to.deep.equal(['Get started (opens in a new tab)', 'Pricing (opens in a new tab)', 'Samples (opens in a new tab)']);
    expect(await item.locator('img').getAttribute('src')).to.equal('https://images.example.com/cards/hero.png');
    expect(await item.textContent()).to.contain('Build, test and publish a bot');
  });

  it('[N3] thumbnail: subtitle, a link and a reply button whose click sends its value', async () => {
    const { message, item } = await ask('thumbnail', 'richMessage.template');
    await expectTemplateShown(message, item);
    expect(await item.textContent()).to.contain('Your bot, documented');
    await item.getByRole('button', { name: 'Show me a hero card' }).click();
    await rig.chat.log.locator('li.msg.bot[data-type="richMessage.template"]').filter({ hasText: 'Contoso Bot Service' }).waitFor();
    expect(await rig.chat.mine()).to.deep.equal(['thumbnail', 'Show me a hero card']);
  });

  for (const [word, tag] of [['animation', '.card-media img'], ['audio', 'audio'], ['video', 'video']] as const) {
    it(`[N3] ${word}: a player with the media address, its title and its button`, async () => {
      const { message, item } = await ask(word, 'richMessage.template');
      await expectTemplateShown(message, item);
      const url = message.content?.elements?.[0].media?.[0].url;
      expect(url).to.match(/^https:\/\/media\.example\.com\//);
      expect(await item.locator(tag).getAttribute('src')).to.equal(url);
      expect(await item.locator('.card-media-link').getAttribute('href')).to.equal(url);
    });
  }

  it('[N3] receipt: its facts, lines, tax and total as text, and its button', async () => {
    const { message, item } = await ask('receipt', 'richMessage.template');
    await expectTemplateShown(message, item);
    const text = await item.locator('.card-text').textContent();
    for (const line of ['Order number: 1234', '368 × Data transfer: $38.45', '720 × App service: $45.00', 'Tax: $7.50', 'Total: $90.95']) expect(text).to.contain(line);
  });

  for (const [word, label, url] of [
    ['signin', 'Sign in', 'https://login.example.com/authorize'],
    ['oauth', 'Log in to Contoso', 'https://login.example.com/oauth/start'],
  ] as const) {
    it(`[N3] ${word}: an authentication message with its text and its sign-in link`, async () => {
      const { message, item } = await ask(word, 'richMessage.authentication');
      expect(message.content).to.deep.include({ url, label });
      const link = item.getByRole('link', { name: label });
      expect(await link.isVisible()).to.equal(true);
      expect(await link.getAttribute('href')).to.equal(url);
      expect(await item.locator('.bubble').textContent()).to.equal(message.content?.text);
    });
  }

  it('[N3] adaptive: its text blocks and facts as text, a link and a reply button', async () => {
    const { message, item } = await ask('adaptive', 'richMessage.template');
    await expectTemplateShown(message, item);
    expect(await item.getByRole('heading').textContent()).to.equal('Your flight is confirmed');
    const text = await item.locator('.card-text').textContent();
    for (const line of ['San Francisco (SFO)', 'Amsterdam (AMS)', 'Passenger: Ada Lovelace', 'Seat: 12A']) expect(text).to.contain(line);
    await item.getByRole('button', { name: 'Check in' }).click();
    await rig.chat.waitForBot('I have no "check in" card');
  });

  it('[N3] carousel: nine cards side by side, every title and button shown, no id twice', async () => {
    const { message, item } = await ask('carousel', 'richMessage.template');
    expect(message.content?.layout).to.equal('carousel');
    expect(message.content?.elements).to.have.length(9);
    await expectTemplateShown(message, item);
    const ids = await item.locator('[data-element-id], [data-button-id]').evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.elementId ?? (n as HTMLElement).dataset.buttonId));
    expect(new Set(ids).size).to.equal(ids.length);
    expect(await item.locator('ul.template').getAttribute('data-layout')).to.equal('carousel');
  });

  it('[N3] list: three cards one under the other, every title and button shown', async () => {
    const { message, item } = await ask('list', 'richMessage.template');
    expect(message.content?.elements).to.have.length(3);
    await expectTemplateShown(message, item);
    const boxes = await item.locator('li.template-card').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().top));
    expect(boxes[1]).to.be.greaterThan(boxes[0]);
  });

  it('[N3] file: a rich link named after the file', async () => {
    const { item } = await ask('file', 'richMessage.richlink');
    const link = item.getByRole('link', { name: /Router manual\.pdf/ });
    expect(await link.getAttribute('href')).to.equal('https://files.example.com/manuals/router-manual.pdf');
  });

  it('[N3] on a phone (360 px) the carousel scrolls inside its message, not the page, and every card text keeps AA contrast', async () => {
    await rig.page.setViewportSize({ width: 360, height: 740 });
    const { item } = await ask('carousel', 'richMessage.template');
    await ask('signin', 'richMessage.authentication');
    const widths = await rig.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).to.be.at.most(widths.client);
    const scroller = await item.locator('ul.template').evaluate((n) => ({ scroll: n.scrollWidth, client: n.clientWidth }));
    expect(scroller.scroll, 'nine cards are wider than the phone').to.be.greaterThan(scroller.client);
    expect(await contrastFailures(rig.page)).to.deep.equal([]);
  });
});
