/**
 * A small bot for the web chat tests, written the ordinary botbuilder way: each word the
 * customer says makes it send one kind of message the page must draw (quick replies, a list
 * picker, a multi-select list picker, a rich link, typing, a number question, escalation,
 * the end), so every path of the page is exercised through the real adapter and hub.
 */
import { ActivityHandler, CardFactory, MessageFactory, type Activity, type TurnContext } from 'botbuilder-core';

export const DEVICES = [
  { id: 'r1', title: 'Router', subtitle: 'The box with the lights' },
  { id: 'm2', title: 'Modem', subtitle: 'Where the line comes in' },
  { id: 'c3', title: 'Cable' },
];

const MENU = [
  ['One device', 'list'],
  ['Several devices', 'multi'],
  ['Help article', 'link'],
  ['A number', 'number'],
  ['Talk to an agent', 'agent'],
  ['Goodbye', 'bye'],
];

function devicePicker(text: string, multi: boolean): Partial<Activity> {
  const cards = DEVICES.map((d) => CardFactory.heroCard(d.title, undefined, [{ type: 'imBack', title: d.title, value: d.id }], { subtitle: d.subtitle }));
  const activity = MessageFactory.list(cards, text);
  if (multi) activity.channelData = { multiSelect: true };
  return activity;
}

export class RichTestBot extends ActivityHandler {
  /** Conversations waiting for a number, as the guided-help bot waits for an answer. */
  private readonly askingNumber = new Set<string>();

  constructor() {
    super();
    this.onMessage(async (context, next) => {
      await this.reply(context, (context.activity.text ?? '').trim());
      await next();
    });
  }

  private async reply(context: TurnContext, text: string): Promise<void> {
    const conv = context.activity.conversation.id;
    const fr = context.activity.locale?.startsWith('fr');
    if (this.askingNumber.has(conv)) {
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1 || n > 10) {
        await context.sendActivity(fr ? 'Donnez un nombre de 1 à 10.' : 'Give a number from 1 to 10.');
        return;
      }
      this.askingNumber.delete(conv);
      await context.sendActivity(`Thanks: ${n}.`);
      return;
    }
    switch (text) {
      case 'menu':
        await context.sendActivity(MessageFactory.suggestedActions(MENU.map(([title, value]) => ({ type: 'imBack', title, value })), fr ? 'Que voulez-vous faire ?' : 'What would you like to do?'));
        return;
      case 'list':
        await context.sendActivity(devicePicker('Which device is it?', false));
        return;
      case 'multi':
        await context.sendActivity(devicePicker('Which devices are on?', true));
        return;
      case 'link':
        await context.sendActivity(
          MessageFactory.attachment(CardFactory.heroCard('Restart your router', 'Unplug it, wait ten seconds, plug it back in.', undefined, undefined, { tap: { type: 'openUrl', title: 'Open', value: 'https://support.example.com/restart' } }), 'This article may help:'),
        );
        return;
      case 'number':
        this.askingNumber.add(conv);
        await context.sendActivity('How many lights are on? (1 to 10)');
        return;
      case 'slow':
        await context.sendActivities([{ type: 'typing' }, { type: 'delay', value: 2500 }, MessageFactory.text('Done thinking.')]);
        return;
      case 'agent':
        await context.sendActivities([MessageFactory.text('I am passing you to an agent.'), { type: 'event', name: 'handoff', value: { summary: 'asked for an agent' } }]);
        return;
      case 'bye':
        await context.sendActivities([MessageFactory.text('Goodbye!'), { type: 'endOfConversation' }]);
        return;
      case 'lang':
        await context.sendActivity(`Locale: ${context.activity.locale ?? 'none'}`);
        return;
      default:
        await context.sendActivity(`You picked: ${text}`);
    }
  }
}
