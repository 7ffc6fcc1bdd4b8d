/**
 * A bot developer's project, as the README's "Install" section tells them to write it: it is
 * compiled and run by the consumer test (test/package/consumerPackage.test.ts) inside an empty
 * project that installed the packed package, under strict TypeScript, on plain node.
 *
 * One ActivityHandler of the consumer's own runs on startHubBotServer against the emulator
 * (consumerHarness.ts):
 * "echo ..." is echoed; anything else runs a guided-help dialog from the `/dialogs` entry.
 * It prints one JSON line with what the customer received.
 */
import { ActivityHandler, type Storage, type TurnContext } from 'botbuilder-core';
import type { BotDependencies } from 'botbuilder-adapter-conversation-hub';
import { DefaultGuidedHelpRenderer, GuidedHelpDialog, PortalManagerGuidedHelpPortal, portalLanguageOf, type GuidedHelpPortal } from 'botbuilder-adapter-conversation-hub/dialogs';
import { chatOnEmulator } from './consumerHarness.js';

class ConsumerBot extends ActivityHandler {
  private readonly dialog: GuidedHelpDialog;
  private readonly renderer = new DefaultGuidedHelpRenderer();

  constructor(storage: Storage, portal: GuidedHelpPortal) {
    super();
    this.dialog = new GuidedHelpDialog({ storage, portal });
    this.onMessage(async (context, next) => {
      const text = context.activity.text ?? '';
      if (text.startsWith('echo ')) await context.sendActivity(`you said: ${text.slice(5)}`);
      else await this.guidedHelp(context);
      await next();
    });
  }

  private async guidedHelp(context: TurnContext): Promise<void> {
    const locale = context.activity.locale ?? 'en-US';
    const turn = await this.dialog.handle(
      context.activity.conversation.id,
      { type: 'START', at: Date.now(), activityId: context.activity.id, casebaseId: '202' },
      { lang: portalLanguageOf(locale) },
    );
    for (const output of turn.outputs) await context.sendActivities(this.renderer.render(output, locale));
  }
}

function createBot(deps: BotDependencies): ConsumerBot {
  const { portal, portalTokens } = deps.platform;
  if (!portal) throw new Error('PORTAL_ID is needed for guided help');
  // Portal sessions belong to the customer: each conversation calls with a token on its behalf.
  const port = new PortalManagerGuidedHelpPortal(portal, {
    callOptionsFor: ({ conversationId }) => (portalTokens ? { tokenProvider: portalTokens.for(`conversation:${conversationId}`) } : {}),
  });
  return new ConsumerBot(deps.storage, port);
}

await chatOnEmulator(createBot, async (customer) => {
  await customer.say('echo hello from a consumer');
  const echoed = await customer.receivedTexts(1);
  await customer.say('my printer is broken');
  const all = await customer.receivedTexts(2);
  console.log(JSON.stringify({ echoed, all }));
});
