/**
 * The first minute of a customer in each language of the page (U1, U4), with the ready
 * guided-help bot as `npm start` runs it, on a 360 x 740 phone: the chat opens in the page's
 * language, the bot's greeting is the first thing in the log, a "hello" typed before it arrived
 * gets an answer of its own (not the greeting twice), and a non-English page shows no English
 * word (its labels, the names a screen reader speaks, and the bot's words). Screenshots of the
 * opened chat at 1280 x 800 and 360 x 740 go to reports/ (and to docs/ with
 * UPDATE_DOCS_SCREENSHOTS=1).
 */
import { join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { READY_BOTS } from '../../bots/readyBots.js';
import { message } from '../../dialogs/guidedHelp/guidedHelpMessages.js';
import { chatTexts } from '../../src/emulator/web/chatPageHtml.js';
import { axeViolations } from './axeCheck.js';
import { DOCS_DIR, REPORTS_DIR, screenshot, webRig } from './webTestKit.js';

const UPDATE_DOCS = process.env.UPDATE_DOCS_SCREENSHOTS === '1';
const GREETINGS = { 'en-US': 'What do you need help with?', 'fr-FR': 'Quel est le sujet ?', 'es-ES': '¿Con qué necesita ayuda?', 'de-DE': 'Wobei brauchen Sie Hilfe?' } as const;
type Language = keyof typeof GREETINGS;
const TOPICS_AGAIN = message('en-US', 'topicsAgain');
/** The product's name, and "Internet" (a topic's name in every language of the sample portal). */
const SAME_EVERYWHERE = ['hubbot', 'internet'];

/** Every word the page shows or names: visible text, aria-labels, placeholders, titles. */
function wordsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.body.innerText, document.title];
    for (const node of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      texts.push(node.getAttribute('aria-label') ?? '', node.getAttribute('placeholder') ?? '', node.getAttribute('title') ?? '', node.getAttribute('alt') ?? '');
    }
    return texts.join(' ').toLowerCase().split(/[^a-zà-öø-ÿß]+/u).filter((w) => w.length > 2);
  });
}

/** Opens the chat in `language` and waits for the greeting; returns what the page shows then. */
async function openIn(page: Page, url: string, language: Language): Promise<string[]> {
  await page.goto(`${url}/chat?lang=${language}`);
  await page.locator('#account option').first().waitFor({ state: 'attached' });
  await page.locator('#start-form button[type="submit"]').click();
  await page.locator('li.msg.bot').first().filter({ hasText: GREETINGS[language] }).waitFor();
  return wordsOnPage(page);
}

describe('the chat opened in each language, on a phone (real browser)', function () {
  this.timeout(120_000);
  const rig = webRig({ bot: READY_BOTS['guided-help'].create, portalId: 'KP-10001' }, { viewport: { width: 360, height: 740 } });

  /** English words: the English page's own words and the bot's English greeting, as shown. */
  let english: Set<string>;
  before(async function () {
    this.timeout(60_000);
    const context = await rig.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
    english = new Set(await openIn(await context.newPage(), rig.stack.emulator.url, 'en-US'));
    await context.close();
  });

  for (const language of Object.keys(GREETINGS) as Language[]) {
    it(`[U1] [U4] in ${language}: the greeting is the first message, ${language === 'en-US' ? 'in English' : 'and no English word is on the page'}`, async () => {
      const shown = await openIn(rig.page, rig.stack.emulator.url, language);
      expect(await rig.page.locator('html').getAttribute('lang')).to.equal(language.slice(0, 2));
      const first = rig.page.locator('li.msg').first();
      expect(await first.getAttribute('class')).to.contain('bot');
      expect(await first.textContent()).to.contain(GREETINGS[language]);
      expect(await rig.page.locator('li.msg.you').count(), 'the customer has not typed').to.equal(0);
      // The bars stay small in every language: no label wraps them onto a second line.
      const fit = await rig.page.evaluate(() => ({
        bars: ['.topbar', '.conv-bar', '#composer'].reduce((sum, sel) => sum + (document.querySelector(sel)?.getBoundingClientRect().height ?? 0), 0),
        pageScrolls: document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth,
      }));
      expect(fit.bars / 740).to.be.below(0.2);
      expect(fit.pageScrolls).to.equal(false);
      if (language !== 'en-US') {
        // Not English only: a word of the language's own catalogue ("Messages" in French), the
        // language picker's names (each language named in itself), and words the same everywhere.
        const own = new Set([...Object.values(chatTexts()[language]), ...(await rig.page.locator('#language option').allTextContents()), ...SAME_EVERYWHERE].join(' ').toLowerCase().split(/[^a-zà-öø-ÿß]+/u));
        const leaked = [...new Set(shown)].filter((w) => english.has(w) && !own.has(w));
        expect(leaked, `English words on the ${language} page`).to.deep.equal([]);
      }
      expect(await axeViolations(rig.page)).to.deep.equal([]);
      await screenshot(rig.page, join(REPORTS_DIR, `webchat-phone-${language}.png`));
      if (language === 'en-US' && UPDATE_DOCS) await screenshot(rig.page, join(DOCS_DIR, 'webchat-phone.png'));
    });
  }

  it('[U1] a blank first message gets one answer, not a greeting twice', async () => {
    await openIn(rig.page, rig.stack.emulator.url, 'en-US');
    const id = await rig.page.locator('#conversation').getAttribute('data-conversation-id');
    const greeted = await rig.chat.botMessages().count();
    // The page sends no blank message; a channel may: through the customer API.
    const blank = await fetch(`${rig.stack.emulator.url}/emulator/conversations/${id}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: ' ' }) });
    expect(blank.status).to.equal(202);
    // Turns run in order: whatever answers the blank message comes before the answer to "help".
    await rig.chat.say('help');
    await rig.chat.waitForBot('Answer my questions');
    const texts = (await rig.chat.botMessages().allTextContents()).slice(greeted);
    expect(texts.length, texts.join(' | ')).to.equal(2);
    expect(texts[1]).to.contain('Answer my questions');
  });

  it('[U1] "hello" typed the moment the chat opens, before the greeting arrived: the greeting once, then an answer of its own', async () => {
    await rig.chat.open('?lang=en-US');
    await rig.chat.start();
    await rig.chat.say('hello');
    // Turns run in order: the answer to "help" comes after all that answers the opening and "hello".
    await rig.chat.waitForBot(TOPICS_AGAIN);
    await rig.chat.say('help');
    await rig.chat.waitForBot('Answer my questions');
    const shown = await rig.chat.botMessages().allTextContents();
    expect(shown.length, shown.join(' | ')).to.equal(3);
    expect([shown[0], shown[1]].map((t, i) => t.includes([GREETINGS['en-US'], TOPICS_AGAIN][i])), shown.join(' | ')).to.deep.equal([true, true]);
    expect(await rig.chat.mine()).to.deep.equal(['hello', 'help']);
  });

  it('[U1] [U4] at 1280 x 800 the opened chat shows the greeting; the screenshot is taken', async () => {
    await rig.page.setViewportSize({ width: 1280, height: 800 });
    await openIn(rig.page, rig.stack.emulator.url, 'en-US');
    const overflow = await rig.page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
    expect(overflow, 'the page itself does not scroll').to.equal(false);
    await screenshot(rig.page, join(REPORTS_DIR, 'webchat-desktop.png'));
    if (UPDATE_DOCS) await screenshot(rig.page, join(DOCS_DIR, 'webchat-desktop.png'));
  });
});
