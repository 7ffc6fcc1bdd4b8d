/**
 * A bot in the style of Bot Framework's "using cards" samples: it sends the card the customer
 * names ("hero", "adaptive", "carousel" ...) and otherwise offers them all as suggested actions.
 * Nothing in it knows about the conversation hub: the adapter maps each card (N3).
 */
import { ActivityHandler, MessageFactory, type TurnContext } from 'botbuilder-core';
import { SAMPLE_CARDS } from './sampleCards.js';

export class CardsBot extends ActivityHandler {
  constructor() {
    super();
    this.onMembersAdded(async (context, next) => {
      for (const member of context.activity.membersAdded ?? []) {
        if (member.id !== context.activity.recipient.id) await this.offerCards(context, 'Welcome! Which card would you like to see?');
      }
      await next();
    });
    this.onMessage(async (context, next) => {
      const word = (context.activity.text ?? '').trim().toLowerCase();
      const card = SAMPLE_CARDS[word];
      if (card) await context.sendActivity(card());
      else await this.offerCards(context, word ? `I have no "${word}" card. Pick one:` : 'Pick a card:');
      await next();
    });
  }

  private async offerCards(context: TurnContext, text: string): Promise<void> {
    await context.sendActivity(MessageFactory.suggestedActions(Object.keys(SAMPLE_CARDS), text));
  }
}
