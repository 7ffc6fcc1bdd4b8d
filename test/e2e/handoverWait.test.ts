/**
 * U6 end to end over HTTP: the ready guided-help bot on the local stack, the emulated hub in its
 * default handover mode (the transfer waits in the agent queue, nobody comes), in each language
 * the bot offers. While the transfer waits, the hub delivers the customer's messages to the bot
 * too: three typed messages get one acknowledgement in the conversation's language. When the
 * wait is over (its deadline made due now, through the adapter's own scheduler, instead of
 * waiting two minutes), the offer is in the conversation's language and its "back" choice
 * reaches the bot, which starts the guided help afresh.
 */
import { expect } from 'chai';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createReadyGuidedHelpBot } from '../../bots/guidedHelpReadyBot.js';
import { createLogger } from '../../src/observability/logger.js';
import { readTranscript } from '../../src/transcripts/readTranscript.js';
import { HUB_CHANNEL_ID } from '../../src/adapter/hubChannel.js';
import { handoverText } from '../../src/handover/handoverTexts.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { waitFor } from '../support/waitFor.js';
import { Customer } from './customerClient.js';
import { ASK_FOR_PERSON, endWaitNow, type WaitLanguage } from './handoverWaitKit.js';

const botSaid = (c: Customer) => c.received.filter((e) => e.message?.sender.type === 'custom_bot').map((e) => e.message!);

describe('[U6] waiting for an agent in the default handover mode (HTTP)', function () {
  this.timeout(60_000);
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: createReadyGuidedHelpBot, logger: createLogger({ level: 'silent' }), env: { HANDOVER_WAIT_SECONDS: '600' } });
    const mode = await (await fetch(`${stack.emulator.url}/emulator/handover`)).json();
    expect(mode.outcome, 'the emulator default').to.equal('queue');
  });
  after(() => stack?.stop());

  for (const language of Object.keys(ASK_FOR_PERSON) as WaitLanguage[]) {
    it(`[U6] in ${language}: one acknowledgement for three messages while waiting; the offer after the wait is answered`, async () => {
      const c = await Customer.start(stack.emulator.url, stack.accountAddress, undefined, language);
      await c.say(ASK_FOR_PERSON[language], { language });
      await c.waitFor((all) => all.some((e) => e.kind === 'escalated'), 15_000);
      const before = botSaid(c).length;
      const typed = ['hello?', 'is anyone there', 'my printer still does not print'];
      for (const text of typed) await c.say(text, { language });
      // Once the transcript holds the last message, its turn is over: any reply was sent.
      await waitFor(async () => (await readTranscript(stack.bot.deps.transcripts!, HUB_CHANNEL_ID, c.conversationId)).some((a) => a.text === typed[2]), 'the three turns done');
      await c.waitFor(() => botSaid(c).length > before);
      const ack = handoverText(language, 'waitingAck');
      expect(botSaid(c).slice(before).map((m) => m.content?.text)).to.deep.equal([ack]);
      // The agent queue holds them as well.
      const queue = (await (await fetch(`${stack.emulator.url}/emulator/escalations`)).json()).escalation.filter((e: { conversationId: string }) => e.conversationId === c.conversationId);
      expect(queue[0].customerMessages.map((m: HubMessage) => m.content?.text)).to.deep.equal(typed);

      await endWaitNow(stack, c.conversationId);
      const isOffer = (m?: HubMessage) => m?.type.value === 'richMessage.quickreply' && m.content?.text === handoverText(language, 'noAgentYet');
      await c.waitFor((all) => all.some((e) => isOffer(e.message)), 15_000);
      const offer = c.received.find((e) => isOffer(e.message))!.message!;
      expect(offer.content!.quickReplies!.map((q) => q.label)).to.deep.equal([handoverText(language, 'keepWaiting'), handoverText(language, 'backToBot')]);
      const back = offer.content!.quickReplies![1];
      const seen = c.received.length;
      await c.say(back.value ?? back.label, { language });
      // Back in the guided help: the topics to pick from, in the conversation's language.
      await c.waitFor((all) => all.slice(seen).some((e) => e.message?.sender.type === 'custom_bot' && e.message.type.value === 'richMessage.quickreply'), 15_000);
      const handover = await stack.bot.deps.storage.read([`handover/${c.conversationId}`]);
      expect(handover, 'the handover is closed').to.deep.equal({});
    });
  }
});
