import { expect } from 'chai';
import { ActivityHandler, ConversationState, MemoryStorage, type StatePropertyAccessor } from 'botbuilder-core';
import { ChoiceFactory, ChoicePrompt, ConfirmPrompt, DialogSet, DialogTurnStatus, ListStyle, WaterfallDialog, type DialogState } from 'botbuilder-dialogs';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer } from './customerClient.js';

/**
 * The multi-turn prompt pattern of Microsoft's botbuilder samples (a waterfall with a choice and
 * a confirm prompt, state in ConversationState), with the one line the hub needs: each prompt's
 * style set to suggested actions, since botbuilder-dialogs only offers buttons on channel ids
 * it knows.
 */
class TravelBot extends ActivityHandler {
  constructor(state: ConversationState) {
    super();
    const dialogState: StatePropertyAccessor<DialogState> = state.createProperty('dialogState');
    const dialogs = new DialogSet(dialogState);
    const choice = new ChoicePrompt('choice');
    const confirm = new ConfirmPrompt('confirm');
    // The one documented line per prompt: quick replies on the hub.
    choice.style = confirm.style = ListStyle.suggestedAction;
    dialogs.add(choice).add(confirm);
    dialogs.add(
      new WaterfallDialog('travel', [
        (step) => step.prompt('choice', { prompt: 'How do you travel?', choices: ChoiceFactory.toChoices(['Car', 'Bus', 'Bicycle']) }),
        (step) => {
          (step.values as { mode?: string }).mode = (step.result as { value: string }).value;
          return step.prompt('confirm', { prompt: `So, by ${(step.values as { mode?: string }).mode}?` });
        },
        async (step) => {
          await step.context.sendActivity(step.result ? `Booked: ${(step.values as { mode?: string }).mode}.` : 'Nothing booked.');
          return step.endDialog();
        },
      ]),
    );
    this.onMessage(async (context, next) => {
      const dc = await dialogs.createContext(context);
      const result = await dc.continueDialog();
      if (result.status === DialogTurnStatus.empty) await dc.beginDialog('travel');
      await state.saveChanges(context);
      await next();
    });
  }
}

describe('botbuilder-dialogs prompts on the hub', () => {
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: () => new TravelBot(new ConversationState(new MemoryStorage())), logger: createLogger({ level: 'silent' }) });
  });
  after(() => stack?.stop());

  it('[T5] choice and confirm prompts reach the customer as quick replies, and the answers drive the waterfall', async () => {
    const c = await Customer.start(stack.emulator.url, stack.accountAddress);
    await c.say('hello');
    const [choose] = await c.messages(1);
    expect(choose.type.value).to.equal('richMessage.quickreply');
    expect(choose.content?.quickReplies?.map((q) => q.label)).to.deep.equal(['Car', 'Bus', 'Bicycle']);
    await c.say('Bus');
    const [, confirm] = await c.messages(2);
    expect(confirm.type.value).to.equal('richMessage.quickreply');
    expect(confirm.content?.text).to.equal('So, by Bus?');
    expect(confirm.content?.quickReplies?.map((q) => q.label)).to.deep.equal(['Yes', 'No']);
    await c.say('Yes');
    const all = await c.messages(3);
    expect(all[2].content?.text).to.equal('Booked: Bus.');
  });
});
