/**
 * The web chat page as a customer first meets it (real browser, local stack, PictureTestBot):
 * the bot's greeting is there before the customer types (U1); on a 360 x 740 phone only the
 * message log scrolls and the bars stay small (U4); addresses in messages are links (U4); the
 * emulator's settings are not on this page (U4); a picture attached in the page reaches the
 * bot as an attachment it downloads (N5). Axe stays at 0 violations with all of that shown.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { axeViolations } from './axeCheck.js';
import { PictureTestBot } from './pictureTestBot.js';
import { webRig } from './webTestKit.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d3a1c30000000049454e44ae426082', 'hex');
const PHONE = { width: 360, height: 740 };

/** Heights of the fixed parts, and whether the document or only the log scrolls. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const log = document.getElementById('message-log')!;
    return {
      bars: ['.topbar', '.conv-bar', '#composer'].reduce((sum, sel) => sum + (document.querySelector(sel)?.getBoundingClientRect().height ?? 0), 0),
      documentScrolls: document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth,
      logScrolls: log.scrollHeight > log.clientHeight,
    };
  });
}

describe('web chat page: greeting, phone layout, links and pictures (real browser)', function () {
  this.timeout(60_000);
  const rig = webRig({ bot: (deps) => new PictureTestBot(deps) }, { viewport: PHONE, openChat: true });

  it('[U1] [N4] shows the bot\'s greeting as soon as the chat opens, before the customer types', async () => {
    await rig.chat.start();
    await rig.chat.waitForBot('Hello! How can I help?');
    expect(await rig.chat.mine()).to.deep.equal([]);
    expect(await rig.chat.botMessages().count()).to.equal(1);
  });

  it('[U4] on a 360 x 740 phone only the message log scrolls, and the header and the bars take under 20 % of the height', async () => {
    await rig.chat.start();
    await rig.chat.waitForBot('Hello! How can I help?');
    for (let i = 1; i <= 12; i++) {
      await rig.chat.say(`message number ${i}`);
      await rig.chat.waitForBot(`You said: message number ${i}`);
    }
    const layout = await layoutOf(rig.page);
    expect(layout.documentScrolls, 'the page itself does not scroll').to.equal(false);
    expect(layout.logScrolls, 'the log holds more than it shows').to.equal(true);
    expect(layout.bars / PHONE.height).to.be.below(0.2);
    // The newest message is in view, the composer on screen.
    expect(await rig.chat.botMessages('You said: message number 12').isVisible()).to.equal(true);
    const composer = (await rig.page.locator('#composer').boundingBox())!;
    expect(composer.y + composer.height).to.be.at.most(PHONE.height);
  });

  it('[U4] an address in a message is a real link; the emulator\'s settings are not on the chat page', async () => {
    await rig.chat.start();
    await rig.chat.say('link');
    const reply = await rig.chat.waitForBot('See https://support.example.com/restart');
    const link = reply.getByRole('link', { name: /support\.example\.com\/restart/ });
    expect(await link.getAttribute('href')).to.equal('https://support.example.com/restart');
    expect(await reply.locator('.bubble').textContent()).to.match(/ for the steps\.$/);
    expect(await rig.page.locator('#handover, #fault-form, #drifts').count(), 'no emulator setting on the customer\'s page').to.equal(0);
  });

  it('[N5] a picture attached in the page reaches the bot as an attachment it downloads; the page has no axe violation', async () => {
    const id = await rig.chat.start();
    await rig.chat.waitForBot('Hello! How can I help?');
    await rig.chat.input.fill('my router');
    await rig.page.locator('#picture').setInputFiles({ name: 'router.png', mimeType: 'image/png', buffer: PNG });
    await rig.chat.waitForBot(`Got router.png: image/png, ${PNG.length} bytes, "my router"`);
    const mine = rig.chat.log.locator('li.msg.you').last();
    expect(await mine.locator('img.sent-picture').getAttribute('alt')).to.equal('Picture: router.png');
    expect(await mine.getAttribute('class')).to.not.contain('pending');
    // What the hub holds: the message names the asset, which is now in use.
    const conv = await (await fetch(`${rig.stack.emulator.url}/emulator/conversations/${id}`)).json();
    const sent = conv.messages.message.find((m: { content?: { assets?: unknown } }) => m.content?.assets);
    expect(sent.content).to.deep.include({ text: 'my router' });
    expect(sent.content.assets[0]).to.include({ name: 'router.png', contentType: 'image/png' });
    // The attach button is named and reachable; the page with a picture and a link passes axe.
    await rig.page.getByRole('button', { name: 'Attach a picture' }).waitFor();
    await rig.chat.say('link');
    await rig.chat.waitForBot('See https://');
    expect(await axeViolations(rig.page)).to.deep.equal([]);
  });
});
