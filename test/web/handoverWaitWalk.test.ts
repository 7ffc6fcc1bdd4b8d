/**
 * U6 in the web chat page (real browser), in each language of the page, with the emulator's
 * default handover mode (nobody answers the transfer): two messages typed while waiting get one
 * acknowledgement in the page's language; when the wait ends (its deadline made due now through
 * the bot's own scheduler) the offer's buttons are in that language, and clicking "back" brings
 * the topics back, so the click reached the bot and was acted on.
 */
import { expect } from 'chai';
import { createReadyGuidedHelpBot } from '../../bots/guidedHelpReadyBot.js';
import { handoverText } from '../../src/handover/handoverTexts.js';
import { ASK_FOR_PERSON, endWaitNow, type WaitLanguage } from '../e2e/handoverWaitKit.js';
import { readTranscript } from '../../src/transcripts/readTranscript.js';
import { HUB_CHANNEL_ID } from '../../src/adapter/hubChannel.js';
import { waitFor } from '../support/waitFor.js';
import { webRig } from './webTestKit.js';

describe('[U6] waiting for an agent in the web chat page, each language (real browser)', function () {
  this.timeout(120_000);
  const rig = webRig({ bot: createReadyGuidedHelpBot, env: { HANDOVER_WAIT_SECONDS: '600' } });

  /** Types and sends with Enter, in whatever language the box is labelled. */
  const say = async (text: string) => {
    await rig.page.locator('#message').fill(text);
    await rig.page.locator('#message').press('Enter');
  };

  for (const language of Object.keys(ASK_FOR_PERSON) as WaitLanguage[]) {
    it(`[U6] in ${language}: one acknowledgement while waiting, the offer in ${language}, "back" acted on`, async () => {
      expect((await (await fetch(`${rig.stack.emulator.url}/emulator/handover`)).json()).outcome, 'the default mode').to.equal('queue');
      await rig.chat.open(`?lang=${language}`);
      await rig.page.locator('#start-form button[type="submit"]').click();
      await rig.chat.botMessages().first().waitFor();
      const conversationId = (await rig.page.locator('#conversation').getAttribute('data-conversation-id'))!;
      await say(ASK_FOR_PERSON[language]);
      await rig.chat.log.locator('.notice-escalated').first().waitFor();
      const ack = handoverText(language, 'waitingAck');
      await say('hello?');
      await rig.chat.waitForBot(ack);
      await say('is anyone there?');
      // The second message's turn is done once the bot's transcript holds it: any second
      // acknowledgement would have been sent then, before the offer.
      await waitFor(async () => (await readTranscript(rig.stack.bot.deps.transcripts!, HUB_CHANNEL_ID, conversationId)).some((a) => a.text === 'is anyone there?'), 'the second turn done');
      await endWaitNow(rig.stack, conversationId);
      const offer = await rig.chat.waitForBot(handoverText(language, 'noAgentYet'), 20_000);
      expect(await rig.chat.botMessages(ack).count(), 'one acknowledgement').to.equal(1);
      expect(await offer.getByRole('button').allTextContents()).to.deep.equal([handoverText(language, 'keepWaiting'), handoverText(language, 'backToBot')]);
      const before = await rig.chat.botMessages().count();
      await offer.getByRole('button', { name: handoverText(language, 'backToBot') }).click();
      await rig.chat.botMessages().nth(before).waitFor();
      await rig.chat.botMessages().last().getByRole('group').waitFor();
    });
  }
});
