/**
 * One attachment of an outgoing activity, read as a template element (N3), whatever its kind:
 * hero, thumbnail, animation, audio and video cards, receipts, sign-in and OAuth cards, adaptive
 * cards, a plain file or picture by URL, or anything else with some text. Reading never throws:
 * an odd field is left out and the rest of the card kept.
 */
import { readAdaptiveCard } from './adaptiveCardReading.js';
import { buttonOfAction } from './cardActions.js';
import { CARD_CONTENT_TYPES, fieldsOf, joinLines, listOf, textOf, type CardElement as Element, type CardKind, type ReadCard } from './cardParts.js';
import { receiptLabelsFor, type ReceiptLabels } from './receiptLabels.js';

type Fields = Record<string, unknown>;

const KIND_OF_CONTENT_TYPE = new Map<string, CardKind>(Object.entries(CARD_CONTENT_TYPES).map(([kind, type]) => [type, kind as CardKind]));

/**
 * Reads one attachment.
 *
 * @param attachment - an entry of `activity.attachments`, of any shape
 * @param locale - the reply's locale: the language of the labels added to the card's text
 */
export function readAttachment(attachment: unknown, locale?: string): ReadCard {
  const a = fieldsOf(attachment);
  const contentType = textOf(a.contentType) ?? '';
  const kind = KIND_OF_CONTENT_TYPE.get(contentType);
  try {
    if (kind === 'adaptive') return { kind, ...readAdaptiveCard(a.content) };
    if (kind) return readBotbuilderCard(kind, fieldsOf(a.content), locale);
    return readOther(a, contentType);
  } catch {
    // A getter that throws, a cycle: nothing of this attachment could be read.
    return { kind: kind ?? 'unknown', element: { buttons: [] }, dropped: [`an unreadable ${contentType || 'attachment'}`] };
  }
}

function readBotbuilderCard(kind: CardKind, c: Fields, locale: string | undefined): ReadCard {
  const dropped: string[] = [];
  const buttons: Element['buttons'] = [];
  for (const action of listOf(c.buttons)) {
    const reading = buttonOfAction(action);
    // A button's own picture (CardAction.image) has no place on a hub button (N8).
    const picture = fieldsOf(action).image;
    if (textOf(picture) !== undefined) dropped.push(`the image of the button '${textOf(fieldsOf(action).title) ?? '?'}'`);
    if ('button' in reading) buttons.push(reading.button);
    else dropped.push(reading.dropped);
  }
  const images = listOf(c.images).map((i) => textOf(fieldsOf(i).url)).filter((u): u is string => u !== undefined);
  if (images.length > 1) dropped.push(`${images.length - 1} more image(s)`);
  // A media card's image is a string or an object {url}: botbuilder's typings and its samples use both (N8).
  const ownImage = textOf(c.image) ?? textOf(fieldsOf(c.image).url);
  if (c.image !== undefined && ownImage === undefined) dropped.push('the image (neither a link nor {url})');
  if (ownImage !== undefined && images.length > 0 && ownImage !== images[0]) dropped.push(`the image ${ownImage} (the first of images shows)`);
  const imageUrl = images[0] ?? ownImage;
  const element: Element = {
    ...optional('title', textOf(c.title)),
    ...optional('subtitle', textOf(c.subtitle)),
    ...optional('text', kind === 'receipt' ? receiptText(c, dropped, receiptLabelsFor(locale)) : textOf(c.text)),
    ...optional('imageUrl', imageUrl),
    buttons,
  };
  const tap = c.tap === undefined ? undefined : buttonOfAction(c.tap);
  if (tap && 'button' in tap) {
    if (tap.button.url) element.url = tap.button.url;
    else buttons.unshift(tap.button); // a card that answers when tapped: its answer as a button
  } else if (tap) dropped.push(`the card's tap action (${tap.dropped})`);
  const media = listOf(c.media).map((m) => textOf(fieldsOf(m).url)).filter((u): u is string => u !== undefined);
  if (media.length > 0) element.media = media.map((url) => ({ url, kind }));
  if (kind === 'signin' || kind === 'oauth') return signInCard(kind, c, element, dropped);
  return { kind, element, dropped };
}

/**
 * A sign-in or OAuth card: its first button's link, when it has one. The hub has no token
 * service, so an OAuth card without a link (the token service's own sign-in) has nothing to
 * open, and its single sign-on exchange cannot happen.
 */
function signInCard(kind: 'signin' | 'oauth', c: Fields, element: Element, dropped: string[]): ReadCard {
  const [first, ...others] = element.buttons;
  if (c.tokenExchangeResource !== undefined) dropped.push('the single sign-on token exchange (the hub has no token service)');
  if (!first?.url) {
    if (kind === 'oauth') dropped.push(`the sign-in link of connection '${textOf(c.connectionName) ?? '?'}' (no link given, and the hub has no token service)`);
    return { kind, element, dropped };
  }
  if (others.length > 0) dropped.push(`${others.length} more button(s), shown as text when the card is sent alone`);
  return { kind, element, signIn: { url: first.url, label: first.label }, dropped };
}

/** A receipt's lines, facts, tax, VAT and total, one a line. */
function receiptText(c: Fields, dropped: string[], labels: ReceiptLabels): string | undefined {
  const items = listOf(c.items).map(fieldsOf);
  if (items.some((i) => i.image !== undefined)) dropped.push("the receipt items' images");
  if (items.some((i) => i.tap !== undefined)) dropped.push("the receipt items' tap actions");
  return joinLines([
    ...listOf(c.facts).map((f) => pair(textOf(fieldsOf(f).key), textOf(fieldsOf(f).value))),
    ...items.map((i) => {
      const quantity = textOf(i.quantity);
      const what = [quantity ? `${quantity} × ${textOf(i.title) ?? ''}`.trim() : textOf(i.title), textOf(i.subtitle), textOf(i.text)].filter(Boolean).join(', ');
      return pair(what, textOf(i.price));
    }),
    labelled(labels.tax, textOf(c.tax)),
    labelled(labels.vat, textOf(c.vat)),
    labelled(labels.total, textOf(c.total)),
  ]);
}

function labelled(label: string, value: string | undefined): string | undefined {
  return value === undefined ? undefined : `${label}: ${value}`;
}

function pair(key: string | undefined, value: string | undefined): string | undefined {
  if (key && value) return `${key}: ${value}`;
  return key ?? value;
}

/**
 * Anything else: a file or picture by URL (`media`), text (`text/plain`, `text/markdown`), or an
 * unknown card whose title and text are read if it has them.
 */
function readOther(a: Fields, contentType: string): ReadCard {
  const url = textOf(a.contentUrl);
  const name = textOf(a.name);
  if (url && /^https?:/i.test(url)) {
    const imageUrl = contentType.startsWith('image/') ? url : textOf(a.thumbnailUrl);
    return { kind: 'media', element: { title: name ?? fileNameOf(url), url, ...optional('imageUrl', imageUrl), buttons: [] }, dropped: [] };
  }
  if (url) return { kind: 'media', element: { ...optional('title', name), buttons: [] }, dropped: [`the inline content of ${name ?? contentType} (only http and https links reach the customer)`] };
  if (contentType.startsWith('text/') && typeof a.content === 'string') return { kind: 'unknown', element: { text: a.content, buttons: [] }, dropped: [] };
  const c = fieldsOf(a.content);
  const text = joinLines([textOf(c.title), textOf(c.subtitle), textOf(c.text), textOf(c.summary)]);
  return { kind: 'unknown', element: { ...optional('text', text), buttons: [] }, dropped: [`an attachment of type '${contentType || '?'}' the hub cannot draw${text ? ' (its text kept)' : ''}`] };
}

function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || url);
  } catch {
    return url;
  }
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;
}
