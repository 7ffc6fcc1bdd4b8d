// The quick-start bot (documented on the class).
import { ActivityHandler, ConversationState, MessageFactory, type Storage } from 'botbuilder-core';

/**
 * The quick-start bot: an ordinary botbuilder ActivityHandler, written exactly as for any
 * other channel. It echoes what the customer says and counts the turns of the conversation
 * in ConversationState, so it also shows state surviving between turns (and replicas, when
 * the storage is Redis).
 */
export class EchoBot extends ActivityHandler {
  private readonly conversationState: ConversationState;
  private readonly turns;

  /** @param storage - where the turn count is kept (the bot server's Storage) */
  constructor(storage: Storage) {
    super();
    this.conversationState = new ConversationState(storage);
    this.turns = this.conversationState.createProperty<number>('turnCount');

    this.onMessage(async (context, next) => {
      const count = (await this.turns.get(context, 0)) + 1;
      await this.turns.set(context, count);
      await context.sendActivity(MessageFactory.text(`You said: ${context.activity.text} (message ${count})`));
      await next();
    });

    this.onEndOfConversation(async (context, next) => {
      await this.conversationState.delete(context);
      await next();
    });
  }

  /**
   * Runs one turn, then saves the conversation state.
   *
   * @param context - the turn
   */
  override async run(context: Parameters<ActivityHandler['run']>[0]): Promise<void> {
    await super.run(context);
    await this.conversationState.saveChanges(context, false);
  }
}
