/**
 * U8 in the web chat page (real browser), in each language of the page: the customer's page
 * has no developer link; when the page loses its connection to the emulator (the browser put
 * offline, so every fetch and the message stream fail), a notice in the page's language shows
 * within 5 s, the status is no longer "Connected" and the browser's "Failed to fetch" never
 * shows; what the customer typed meanwhile is sent when the connection is back, exactly once.
 */
import { expect } from 'chai';
import { createReadyGuidedHelpBot } from '../../bots/guidedHelpReadyBot.js';
import { chatTexts } from '../../src/emulator/web/chatPageHtml.js';
import { waitFor } from '../support/waitFor.js';
import { webRig } from './webTestKit.js';

/** The four first languages, and two of another script: the notices come from the same pack part in every language (I1). */
const LANGUAGES = ['en-US', 'fr-FR', 'es-ES', 'de-DE', 'ja-JP', 'ru-RU'];

describe('[U8] the web chat page when the connection is lost (real browser)', function () {
  this.timeout(120_000);
  const rig = webRig({ bot: createReadyGuidedHelpBot });

  /** The customer's text messages the hub holds for the conversation. */
  const customerTexts = async (conversationId: string): Promise<string[]> => {
    const conv = await (await fetch(`${rig.stack.emulator.url}/emulator/conversations/${conversationId}`)).json();
    return conv.messages.message.filter((m: { sender: { type: string }; type: { value: string } }) => m.sender.type === 'customer' && m.type.value === 'text').map((m: { content?: { text?: string } }) => m.content?.text);
  };

  for (const language of LANGUAGES) {
    it(`[U8] in ${language}: no developer link; a notice within 5 s; the typed message sent once when the connection is back`, async () => {
      const texts = chatTexts()[language]!;
      // The first page load bundles the page's scripts: slow on a busy machine.
      await rig.page.goto(`${rig.stack.emulator.url}/chat?lang=${language}`, { timeout: 60_000 });
      expect(await rig.page.getByRole('link').count(), 'links on the customer page before any message').to.equal(0);
      await rig.page.locator('#account option').first().waitFor({ state: 'attached' });
      await rig.page.locator('#start-form button[type="submit"]').click();
      await rig.chat.botMessages().first().waitFor();
      const conversationId = (await rig.page.locator('#conversation').getAttribute('data-conversation-id'))!;
      expect(await rig.page.locator('#conv-status').textContent()).to.equal(texts.statusActive);

      await rig.context.setOffline(true);
      await rig.chat.log.locator('.notice-error').filter({ hasText: texts.connectionLost }).waitFor({ timeout: 5000 });
      expect(await rig.page.locator('#conv-status').textContent()).to.equal(texts.statusOffline);
      const typed = `my printer shows error ${language}`;
      await rig.page.locator('#message').fill(typed);
      await rig.page.locator('#message').press('Enter');
      await rig.chat.log.locator('li.msg.you').filter({ hasText: texts.waitingToSend }).waitFor();
      expect(await customerTexts(conversationId)).to.not.include(typed);

      await rig.context.setOffline(false);
      await rig.chat.log.locator('.notice-active').filter({ hasText: texts.connectionBack }).waitFor();
      await waitFor(async () => (await customerTexts(conversationId)).includes(typed), 'the typed message at the hub');
      await rig.page.locator('li.msg.you:not(.pending)').filter({ hasText: typed }).waitFor();
      expect((await customerTexts(conversationId)).filter((x) => x === typed), 'at the hub once').to.have.length(1);
      expect(await rig.page.locator('#conv-status').textContent()).to.equal(texts.statusActive);
      expect(await rig.page.evaluate(() => document.body.innerText)).to.not.match(/Failed to fetch|NetworkError|Load failed/i);
      expect(await rig.chat.log.locator('li.msg.you').filter({ hasText: typed }).count(), 'shown once').to.equal(1);
    });
  }
});
