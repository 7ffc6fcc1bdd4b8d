/**
 * Outbound mapping: an activity sent through TurnContext.sendActivity (botbuilder's or the
 * Agents SDK's: the neutral shape of hubActivity.ts, one mapping for both, G3) becomes zero or
 * more hub messages, and each is checked against the sender matrix of 4.4 BEFORE anything
 * leaves (C5): a refused type throws PlatformError 400-120 naming sender and type.
 *
 *   message with text only            → text
 *   message with attachments          → authentication, richlink, listpicker (multiSelect from
 *                                       channelData), template or text: cards/cardMessages.ts
 *   message with suggestedActions     → richMessage.quickreply (after the cards)
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
import type { ConversationRef, HubMessage } from '../schemas/hubMessages.js';
import { hubChannelData } from './hubChannel.js';
import { HubActivityTypes as ActivityTypes, type HubCardAction as CardAction, type OutgoingHubActivity } from './hubActivity.js';
import { planCards, type PlannedMessage } from './cards/cardMessages.js';
import { replyText } from './cards/cardActions.js';
import type { CardKind, CardLoss } from './cards/cardParts.js';

export interface OutboundAddress {
  conversationId: string;
  senderType: SenderType;
  senderId?: string;
  hubConversation?: ConversationRef;
}

/**
 * An activity's hub messages, each checked against the sender matrix, together with the kind of
 * each attachment it had and what of them the hub cannot carry (N3), for the adapter to report.
 */
export interface MappedActivity {
  messages: HubMessage[];
  /** One entry per attachment (and `suggestedActions` when it had some), for the metric of cards. */
  cardKinds: CardKind[];
  /** What could not be carried, per attachment; empty when everything was. */
  losses: CardLoss[];
}

/**
 * Maps an outgoing activity to hub messages (the table above).
 *
 * @param activity - the activity, of either SDK
 * @param address - the conversation and the sender
 * @returns the messages, the attachments' kinds and their losses
 * @throws PlatformError 400-120 when the sender type may not send a planned type (C5)
 */
export function mapActivity(activity: OutgoingHubActivity, address: OutboundAddress): MappedActivity {
  const { planned, kinds, losses } = plan(activity);
  const messages = planned.map(({ type, content }) => {
    assertMaySend(address.senderType, type);
    return {
      sender: { type: address.senderType, ...(address.senderId ? { id: address.senderId } : {}) },
      type: { value: type },
      content,
      conversation: { ...(address.hubConversation ?? {}), id: address.conversationId },
      ...(activity.locale ? { language: activity.locale } : {}),
    };
  });
  return { messages, cardKinds: kinds, losses };
}

/** The hub messages of an activity (mapActivity without the report of its cards). */
export function hubMessagesFromActivity(activity: OutgoingHubActivity, address: OutboundAddress): HubMessage[] {
  return mapActivity(activity, address).messages;
}

export function assertMaySend(sender: SenderType, type: string): void {
  if (!maySend(sender, type)) throw PlatformError.of('400-120', { sender, type });
}

interface Plan {
  planned: PlannedMessage[];
  kinds: CardKind[];
  losses: CardLoss[];
}

const only = (planned: PlannedMessage[]): Plan => ({ planned, kinds: [], losses: [] });

function plan(activity: OutgoingHubActivity): Plan {
  const cd = hubChannelData(activity);
  if (cd.hubType) return only([{ type: cd.hubType, content: { ...(activity.text ? { text: activity.text } : {}), ...(cd.content ?? {}) } }]);
  switch (activity.type ?? ActivityTypes.Message) {
    case ActivityTypes.Message:
      return planMessage(activity, cd.multiSelect === true);
    case ActivityTypes.Typing:
      return only([{ type: 'typing.start', content: {} }]);
    case ActivityTypes.EndOfConversation:
      return only([{ type: 'conversation.end', content: activity.text ? { text: activity.text } : {} }]);
    case ActivityTypes.Handoff:
      return only([escalation(activity)]);
    case ActivityTypes.Event:
      if (activity.name === 'handoff' || activity.name === 'escalation.transfer') return only([escalation(activity)]);
      if (activity.name === 'pagePush') return only([{ type: 'pagePush', content: { pageUrl: String(activity.value ?? ''), text: activity.text } }]);
      return only([]);
    default:
      // trace, delay (handled by the adapter) and types the hub has no use for.
      return only([]);
  }
}

function escalation(activity: OutgoingHubActivity): PlannedMessage {
  const value = activity.value;
  const summary = typeof value === 'string' ? value : value && typeof value === 'object' ? String((value as { summary?: unknown }).summary ?? '') : '';
  return { type: 'escalation.transfer', content: { text: activity.text ?? '', summary } };
}

/**
 * A message: its attachments as cards (cards/cardMessages.ts), then its suggested actions as a
 * quick reply under them; the text rides on the first message.
 */
function planMessage(activity: OutgoingHubActivity, multiSelect: boolean): Plan {
  const text = activity.text ?? '';
  const cards = planCards(activity.attachments ?? [], { text, layout: activity.attachmentLayout, multiSelect, locale: activity.locale });
  const planned = [...cards.messages];
  const losses = [...cards.losses];
  const actions = activity.suggestedActions?.actions ?? [];
  if (actions.length > 0) {
    const opening = actions.filter((a) => a.type !== undefined && !ANSWERING.has(a.type));
    // A quick reply only answers: a link among the suggestions is sent back as the customer's text.
    if (opening.length > 0) losses.push({ kind: 'suggestedActions', dropped: opening.map((a) => `the ${a.type} of '${a.title}' (a quick reply sends its value back as text)`) });
    planned.push({
      type: 'richMessage.quickreply',
      content: { text: planned.length > 0 ? '' : text, quickReplies: actions.map((a, i) => ({ id: String(i + 1), label: a.title ?? String(a.value), value: actionValue(a) })) },
    });
  }
  if (planned.length === 0 && (text || cards.kinds.length === 0)) planned.push({ type: 'text', content: { text } });
  return { planned, kinds: actions.length > 0 ? [...cards.kinds, 'suggestedActions'] : cards.kinds, losses };
}

/** Suggested action types a quick reply carries whole: they answer with text. */
const ANSWERING = new Set(['imBack', 'postBack', 'messageBack']);

function actionValue(a: CardAction): string {
  return replyText(a.type ?? 'imBack', a as unknown as Record<string, unknown>) ?? a.title;
}
