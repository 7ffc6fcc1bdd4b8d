/**
 * The hub messages for an activity's attachments (N3), the richest a custom_bot may send:
 *
 *   one sign-in or OAuth card with a link       → richMessage.authentication
 *   one file, picture, or card that only links   → richMessage.richlink
 *   a list of choice cards (a title, at most one
 *     answer each, all answers different)        → richMessage.listpicker (as before)
 *   any other card, or several (carousel, list)  → richMessage.template, one element per card,
 *                                                  every title, text, image, media and button kept
 *   a card with nothing to draw but text          → text
 *
 * Element ids are positions and button ids `element.button`, so they never repeat, whatever
 * the cards' own values. What cannot be carried is in the message as text where it has any, and
 * returned as losses for the adapter to report.
 */
import type { MessageContent } from '../../schemas/hubMessages.js';
import { readAttachment } from './cardReading.js';
import { readableText, type CardLoss, type ReadCard } from './cardParts.js';

/** One hub message to send: its type and content. */
export interface PlannedMessage {
  type: string;
  content: MessageContent;
}

/** The messages of an activity's attachments, the kind of each attachment, and what of them was lost. */
export interface CardPlan {
  messages: PlannedMessage[];
  kinds: ReadCard['kind'][];
  losses: CardLoss[];
}

/**
 * Plans the messages for `attachments`, the activity's `text` riding on the first.
 *
 * @param attachments - `activity.attachments`, of any shape
 * @param opts - the activity's text, its attachment layout, and whether a list lets several be picked
 */
export function planCards(attachments: readonly unknown[], opts: { text?: string; layout?: string; multiSelect?: boolean; locale?: string }): CardPlan {
  const cards = attachments.map((attachment) => readAttachment(attachment, opts.locale));
  const losses = cards.flatMap((card, index): CardLoss[] => (card.dropped.length > 0 ? [{ kind: card.kind, index, dropped: card.dropped }] : []));
  const text = opts.text ?? '';
  const plan = (messages: PlannedMessage[]): CardPlan => ({ messages: messages.filter((m) => m.type !== 'text' || m.content.text), kinds: cards.map((c) => c.kind), losses });
  if (cards.length === 0) return plan([]);
  if (cards.length === 1) return plan([single(cards[0], text)]);
  if (opts.layout !== 'carousel' && isChoiceList(cards)) return plan([listPicker(cards, text, opts.multiSelect === true)]);
  return plan([template(cards, text, opts.layout === 'carousel' ? 'carousel' : 'list')]);
}

function single(card: ReadCard, text: string): PlannedMessage {
  const e = card.element;
  if (card.signIn) {
    // Buttons after the first are listed as text (reported by the reading).
    const others = e.buttons.slice(1).map((b) => (b.url ? `${b.label}: ${b.url}` : b.label));
    const content = { text: joinText(text, e.text, ...others) ?? '', ...(e.title ? { title: e.title } : {}), url: card.signIn.url, label: card.signIn.label };
    return { type: 'richMessage.authentication', content };
  }
  const linkOnly = e.buttons.length === 0 ? e.url : e.buttons.length === 1 && e.buttons[0].url && (!e.url || e.url === e.buttons[0].url) ? e.buttons[0].url : undefined;
  if (linkOnly && !e.media && LINK_KINDS.has(card.kind)) {
    // A rich link has no button: the button's label goes with the description, so it is not lost (N8).
    const label = e.buttons[0]?.label;
    const title = e.title || text || linkOnly;
    const description = joinText(e.subtitle, e.text, label !== undefined && label !== title && label !== linkOnly ? label : undefined);
    return {
      type: 'richMessage.richlink',
      content: { text, title, url: linkOnly, ...(description ? { description } : {}), ...(e.imageUrl ? { imageUrl: e.imageUrl } : {}) },
    };
  }
  if (e.buttons.length === 0 && !e.imageUrl && !e.media && !e.url) return { type: 'text', content: { text: joinText(text, readableText(e)) ?? '' } };
  return template([card], text, 'list');
}

/** Kinds whose card is no more than a link when it has one link and nothing else to press. */
const LINK_KINDS = new Set<ReadCard['kind']>(['hero', 'thumbnail', 'media', 'unknown']);

function template(cards: ReadCard[], text: string, layout: 'carousel' | 'list'): PlannedMessage {
  const elements = cards.map((card, i) => {
    const id = String(i + 1);
    const { buttons, ...rest } = card.element;
    return { id, ...rest, buttons: buttons.map((b, j) => ({ id: `${id}.${j + 1}`, ...b })) };
  });
  return { type: 'richMessage.template', content: { text, layout, elements } };
}

/** Cards that are choices: a title, one line under it, at most one answer each, no two answers alike. */
function isChoiceList(cards: ReadCard[]): boolean {
  const ids = cards.map((card, i) => (card.element.buttons[0]?.value ?? String(i + 1)));
  return (
    new Set(ids).size === ids.length &&
    cards.every((c) => (c.kind === 'hero' || c.kind === 'thumbnail') && c.element.title && !(c.element.subtitle && c.element.text) && !c.element.url && !c.element.media && c.element.buttons.length <= 1 && (c.element.buttons[0]?.type ?? 'reply') === 'reply')
  );
}

function listPicker(cards: ReadCard[], text: string, multiSelect: boolean): PlannedMessage {
  return {
    type: 'richMessage.listpicker',
    content: {
      text,
      title: text,
      multiSelect,
      items: cards.map((card, i) => {
        const e = card.element;
        const subtitle = e.subtitle ?? e.text;
        return { id: e.buttons[0]?.value ?? String(i + 1), title: e.title ?? String(i + 1), ...(subtitle ? { subtitle } : {}), ...(e.imageUrl ? { imageUrl: e.imageUrl } : {}) };
      }),
    },
  };
}

function joinText(...parts: (string | undefined)[]): string | undefined {
  const kept = parts.filter((p) => p !== undefined && p !== '');
  return kept.length > 0 ? kept.join('\n') : undefined;
}
