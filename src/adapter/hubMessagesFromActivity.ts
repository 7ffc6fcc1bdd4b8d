/**
 * Outbound mapping: an activity sent through TurnContext.sendActivity (botbuilder's or the
 * Agents SDK's: the neutral shape of hubActivity.ts, one mapping for both, G3) becomes zero or
 * more hub messages, and each is checked against the sender matrix of 4.4 BEFORE anything
 * leaves (C5): a refused type throws PlatformError 400-120 naming sender and type.
 *
 *   message with text only            → text
 *   message with suggestedActions     → richMessage.quickreply
 *   message with a list of cards      → richMessage.listpicker (multiSelect from channelData)
 *   message with one card with a URL  → richMessage.richlink
 *   typing                            → typing.start (the adapter pairs it with typing.end)
 *   endOfConversation                 → conversation.end
 *   handoff, or event "handoff"       → escalation.transfer
 *   event "pagePush"                  → pagePush
 *   channelData.hubType               → that type with channelData.content (any other type)
 *   trace                             → nothing, as botbuilder does on channels
 *   delay                             → nothing here; the adapter waits
 */
import { PlatformError } from '../errors/platformError.js';
import { maySend, type SenderType } from '../schemas/messageTypes.js';
import type { ConversationRef, HubMessage, MessageContent } from '../schemas/hubMessages.js';
import { hubChannelData } from './hubChannel.js';
import { HubActivityTypes as ActivityTypes, type HubAttachment as Attachment, type HubCardAction as CardAction, type OutgoingHubActivity } from './hubActivity.js';

export interface OutboundAddress {
  conversationId: string;
  senderType: SenderType;
  senderId?: string;
  hubConversation?: ConversationRef;
}

export function hubMessagesFromActivity(activity: OutgoingHubActivity, address: OutboundAddress): HubMessage[] {
  const planned = plan(activity);
  return planned.map(({ type, content }) => {
    assertMaySend(address.senderType, type);
    return {
      sender: { type: address.senderType, ...(address.senderId ? { id: address.senderId } : {}) },
      type: { value: type },
      content,
      conversation: { ...(address.hubConversation ?? {}), id: address.conversationId },
      ...(activity.locale ? { language: activity.locale } : {}),
    };
  });
}

export function assertMaySend(sender: SenderType, type: string): void {
  if (!maySend(sender, type)) throw PlatformError.of('400-120', { sender, type });
}

interface Planned {
  type: string;
  content: MessageContent;
}

function plan(activity: OutgoingHubActivity): Planned[] {
  const cd = hubChannelData(activity);
  if (cd.hubType) return [{ type: cd.hubType, content: { ...(activity.text ? { text: activity.text } : {}), ...(cd.content ?? {}) } }];
  switch (activity.type ?? ActivityTypes.Message) {
    case ActivityTypes.Message:
      return [planMessage(activity, cd.multiSelect === true)];
    case ActivityTypes.Typing:
      return [{ type: 'typing.start', content: {} }];
    case ActivityTypes.EndOfConversation:
      return [{ type: 'conversation.end', content: activity.text ? { text: activity.text } : {} }];
    case ActivityTypes.Handoff:
      return [escalation(activity)];
    case ActivityTypes.Event:
      if (activity.name === 'handoff' || activity.name === 'escalation.transfer') return [escalation(activity)];
      if (activity.name === 'pagePush') return [{ type: 'pagePush', content: { pageUrl: String(activity.value ?? ''), text: activity.text } }];
      return [];
    default:
      // trace, delay (handled by the adapter) and types the hub has no use for.
      return [];
  }
}

function escalation(activity: OutgoingHubActivity): Planned {
  const value = activity.value;
  const summary = typeof value === 'string' ? value : value && typeof value === 'object' ? String((value as { summary?: unknown }).summary ?? '') : '';
  return { type: 'escalation.transfer', content: { text: activity.text ?? '', summary } };
}

function planMessage(activity: OutgoingHubActivity, multiSelect: boolean): Planned {
  const text = activity.text ?? '';
  const actions = activity.suggestedActions?.actions ?? [];
  if (actions.length > 0) {
    return {
      type: 'richMessage.quickreply',
      content: { text, quickReplies: actions.map((a, i) => ({ id: String(i + 1), label: a.title ?? String(a.value), value: actionValue(a) })) },
    };
  }
  const cards = (activity.attachments ?? []).filter(isCard);
  if (cards.length === 1 && cardUrl(cards[0]) && !multiSelect) {
    const c = cardContent(cards[0]);
    return { type: 'richMessage.richlink', content: { text, title: c.title ?? text, url: cardUrl(cards[0]), description: c.text ?? c.subtitle, imageUrl: c.images?.[0]?.url } };
  }
  if (cards.length > 0) {
    return {
      type: 'richMessage.listpicker',
      content: {
        text,
        title: text,
        multiSelect,
        items: cards.map((card, i) => {
          const c = cardContent(card);
          return { id: String(c.tap?.value ?? c.buttons?.[0]?.value ?? i + 1), title: c.title ?? `#${i + 1}`, ...(c.subtitle ?? c.text ? { subtitle: c.subtitle ?? c.text } : {}) };
        }),
      },
    };
  }
  return { type: 'text', content: { text } };
}

interface CardLike {
  title?: string;
  subtitle?: string;
  text?: string;
  images?: { url: string }[];
  buttons?: CardAction[];
  tap?: CardAction;
}

function isCard(a: Attachment): boolean {
  return typeof a.contentType === 'string' && a.contentType.startsWith('application/vnd.microsoft.card.') && typeof a.content === 'object';
}

function cardContent(a: Attachment): CardLike {
  return (a.content ?? {}) as CardLike;
}

function cardUrl(a: Attachment): string | undefined {
  const c = cardContent(a);
  const open = [c.tap, ...(c.buttons ?? [])].find((b) => b && b.type === 'openUrl');
  return open ? String(open.value) : undefined;
}

function actionValue(a: CardAction): string {
  if (typeof a.value === 'string') return a.value;
  if (a.value === undefined) return a.title;
  // The Agents SDK's MessageFactory.suggestedActions writes an imBack's value as { text }: the
  // text the customer's pick sends back, as a botbuilder bot's string value is (G3).
  const text = imBackText(a);
  return text ?? JSON.stringify(a.value);
}

function imBackText(a: CardAction): string | undefined {
  if (a.type !== 'imBack' || typeof a.value !== 'object' || a.value === null) return undefined;
  const fields = Object.keys(a.value);
  const text = (a.value as { text?: unknown }).text;
  return fields.length === 1 && typeof text === 'string' ? text : undefined;
}
