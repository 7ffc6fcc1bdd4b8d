/**
 * An adaptive card as a template element (N3): the hub draws no adaptive cards, so the card is
 * read for what a customer needs: its text (TextBlock, RichTextBlock, FactSet, through
 * containers, column sets, tables and shown cards, in reading order), its first image, its media,
 * and its actions as buttons. Input fields cannot be filled in on the hub: their labels become
 * text and they are reported, like anything else left behind.
 */
import { buttonOfAdaptiveAction } from './cardActions.js';
import { fieldsOf, joinLines, listOf, textOf, type CardButton, type ReadCard } from './cardParts.js';

type Fields = Record<string, unknown>;

/** Where the walk collects what it found. */
interface Found {
  lines: string[];
  images: string[];
  media: { url: string; kind: string }[];
  buttons: CardButton[];
  inputs: string[];
  dropped: string[];
}

/**
 * Reads an adaptive card (an object, or its JSON text).
 *
 * @param content - the attachment's content
 */
export function readAdaptiveCard(content: unknown): Pick<ReadCard, 'element' | 'dropped'> {
  const card = typeof content === 'string' ? parseJson(content) : fieldsOf(content);
  const found: Found = { lines: [], images: [], media: [], buttons: [], inputs: [], dropped: [] };
  walkCard(card, found);
  if (found.lines.length === 0 && found.buttons.length === 0) {
    const fallback = textOf(card.fallbackText) ?? textOf(card.speak);
    if (fallback) found.lines.push(fallback);
  }
  const [title, ...rest] = found.lines;
  if (found.images.length > 1) found.dropped.push(`${found.images.length - 1} more image(s)`);
  if (found.inputs.length > 0) found.dropped.push(`input fields (${found.inputs.join(', ')}): the hub's customer answers in a message`);
  return {
    element: {
      ...(title ? { title } : {}),
      ...(rest.length > 0 ? { text: joinLines(rest) } : {}),
      ...(found.images[0] ? { imageUrl: found.images[0] } : {}),
      ...(found.media.length > 0 ? { media: found.media } : {}),
      buttons: found.buttons,
    },
    dropped: found.dropped,
  };
}

function parseJson(text: string): Fields {
  try {
    return fieldsOf(JSON.parse(text));
  } catch {
    return {};
  }
}

function walkCard(card: Fields, found: Found): void {
  for (const element of listOf(card.body)) walkElement(fieldsOf(element), found);
  walkActions(card.actions, found);
}

function walkActions(actions: unknown, found: Found): void {
  for (const action of listOf(actions)) {
    const a = fieldsOf(action);
    if (a.type === 'Action.ShowCard') {
      // What the card would unfold is shown at once, under the action's title.
      const title = textOf(a.title);
      if (title) found.lines.push(title);
      walkCard(fieldsOf(a.card), found);
      continue;
    }
    const { button, dropped } = buttonOfAdaptiveAction(a);
    if (button) found.buttons.push(button);
    found.dropped.push(...dropped);
  }
}

function walkElement(element: Fields, found: Found): void {
  if (element.isVisible === false) return;
  const type = textOf(element.type) ?? '';
  switch (type) {
    case 'TextBlock':
      pushText(found, element.text);
      return;
    case 'RichTextBlock':
      pushText(found, listOf(element.inlines).map((i) => (typeof i === 'string' ? i : (textOf(fieldsOf(i).text) ?? ''))).join(''));
      return;
    case 'FactSet':
      for (const fact of listOf(element.facts).map(fieldsOf)) pushText(found, [textOf(fact.title), textOf(fact.value)].filter(Boolean).join(': '));
      return;
    case 'Image':
      pushImage(found, element);
      return;
    case 'ImageSet':
      for (const image of listOf(element.images)) pushImage(found, fieldsOf(image));
      return;
    case 'Media':
      for (const source of listOf(element.sources).map(fieldsOf)) {
        const url = textOf(source.url);
        if (url) found.media.push({ url, kind: textOf(source.mimeType)?.startsWith('audio') ? 'audio' : 'video' });
      }
      return;
    case 'ActionSet':
      walkActions(element.actions, found);
      return;
    case 'Container':
    case 'Column':
      walkChildren(element.items, found);
      return;
    case 'ColumnSet':
      for (const column of listOf(element.columns)) walkElement({ type: 'Column', ...fieldsOf(column) }, found);
      return;
    case 'Table':
      for (const row of listOf(element.rows).map(fieldsOf)) {
        for (const cell of listOf(row.cells).map(fieldsOf)) walkChildren(cell.items, found);
      }
      return;
    default:
      if (type.startsWith('Input.')) return readInput(element, type, found);
      found.dropped.push(`an element of type '${type || '?'}'`);
  }
}

function walkChildren(items: unknown, found: Found): void {
  for (const item of listOf(items)) walkElement(fieldsOf(item), found);
}

function pushText(found: Found, text: unknown): void {
  const t = textOf(text);
  if (t) found.lines.push(t);
}

function pushImage(found: Found, image: Fields): void {
  const url = textOf(image.url);
  if (url) found.images.push(url);
}

/** An input's question stays readable (its label, and the choices of a choice set). */
function readInput(element: Fields, type: string, found: Found): void {
  const name = textOf(element.label) ?? textOf(element.placeholder) ?? textOf(element.title) ?? textOf(element.id) ?? type;
  const choices = listOf(element.choices)
    .map((c) => textOf(fieldsOf(c).title))
    .filter(Boolean);
  found.lines.push(choices.length > 0 ? `${name}: ${choices.join(' / ')}` : `${name}: …`);
  found.inputs.push(name);
}
