/**
 * What the card mapping (N3) works with: the kinds of attachment botbuilder sends, what one
 * attachment reads as, and what was lost on the way. Card content comes from the bot's own code
 * and from JSON it built by hand, so every field is read leniently: a field of the wrong type is
 * left out of the reading, never an error that costs the whole activity.
 */

/** Each kind of attachment the mapping knows, by botbuilder's content type (CardFactory.contentTypes). */
export const CARD_CONTENT_TYPES = {
  hero: 'application/vnd.microsoft.card.hero',
  thumbnail: 'application/vnd.microsoft.card.thumbnail',
  animation: 'application/vnd.microsoft.card.animation',
  audio: 'application/vnd.microsoft.card.audio',
  video: 'application/vnd.microsoft.card.video',
  receipt: 'application/vnd.microsoft.card.receipt',
  signin: 'application/vnd.microsoft.card.signin',
  oauth: 'application/vnd.microsoft.card.oauth',
  adaptive: 'application/vnd.microsoft.card.adaptive',
} as const;

/**
 * The kind of one attachment, as the metric and the warning name it: a card kind, `media` for a
 * plain file or picture by URL, `suggestedActions` for the buttons under a message, `unknown`.
 */
export type CardKind = keyof typeof CARD_CONTENT_TYPES | 'media' | 'suggestedActions' | 'unknown';

/**
 * What one attachment of an activity could not keep on the hub (N3): its kind, its position
 * among the activity's attachments, and each thing dropped in a few words. What was dropped is
 * also in the customer's message as readable text where it has any.
 */
export interface CardLoss {
  /** What the attachment was (the metric's `kind` label). */
  kind: CardKind;
  /** Position of the attachment in `activity.attachments` (absent for suggested actions). */
  index?: number;
  /** Each thing that did not reach the hub, in a few words (e.g. "input field email"). */
  dropped: string[];
}

/** A button as read, before it has an id (templateButtonSchema of src/schemas/hubMessages.ts). */
export interface CardButton {
  type: 'reply' | 'url';
  label: string;
  value?: string;
  url?: string;
}

/** A card as read, before it has an id (templateElementSchema of src/schemas/hubMessages.ts). */
export interface CardElement {
  title?: string;
  subtitle?: string;
  text?: string;
  imageUrl?: string;
  url?: string;
  media?: { url: string; kind: string }[];
  buttons: CardButton[];
}

/** One attachment as the mapping read it. */
export interface ReadCard {
  kind: CardKind;
  /** The card as a template element (its id is given by position when sent). */
  element: CardElement;
  /** A sign-in or OAuth card's link and button label; undefined when it names no link. */
  signIn?: { url: string; label: string };
  /** What the reading could not keep. */
  dropped: string[];
}

/** The text of a string or a number; undefined for anything else or an empty string. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The value if it is an array, else an empty one. */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The value if it is a plain object (fields readable by name), else an empty one. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The non-empty lines joined by a newline; undefined when there are none. */
export function joinLines(lines: (string | undefined)[]): string | undefined {
  const kept = lines.filter((l): l is string => l !== undefined && l.trim() !== '');
  return kept.length > 0 ? kept.join('\n') : undefined;
}

/** A card's readable text: title, subtitle, text and each button's label with its link. */
export function readableText(card: CardElement): string | undefined {
  return joinLines([
    card.title,
    card.subtitle,
    card.text,
    ...(card.media ?? []).map((m) => m.url),
    card.url,
    ...card.buttons.map((b) => (b.url ? `${b.label}: ${b.url}` : b.label)),
  ]);
}
