/**
 * The web chat's drawing of the card messages of the mapping (N3): a richMessage.template as a
 * row of cards (side by side for a carousel, stacked for a list), each with its image, media,
 * title, subtitle, text and every button; a richMessage.authentication as a card with its sign-in
 * link. Every title and button is visible: a reply button sends its value as the customer's
 * text, a link button opens its address in a new tab. Shapes: src/schemas/hubMessages.ts.
 */
import type { HubMessage, TemplateButton, TemplateElement } from '../../../schemas/hubMessages.js';
import { el, safeUrl } from './dom.js';
import { t } from './chatText.js';
import type { ChooseHandler } from './chatRendering.js';

/** http and https as everywhere, and the phone and mail links a card's call button makes. */
function cardUrl(value: unknown): string | undefined {
  if (typeof value === 'string' && /^(tel|mailto):[^\s]+$/i.test(value)) return value;
  return safeUrl(value);
}

function linkButton(b: TemplateButton): HTMLElement {
  const url = cardUrl(b.url);
  if (!url) return el('span', { class: 'card-button card-button-dead', text: b.label });
  const opensTab = url.startsWith('http');
  return el(
    'a',
    { class: 'card-button', attrs: { href: url, ...(opensTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}), 'data-button-id': b.id } },
    b.label,
    opensTab ? el('span', { class: 'visually-hidden', text: ` ${t('opensNewTab')}` }) : undefined,
  );
}

function replyButton(b: TemplateButton, choose: ChooseHandler): HTMLElement {
  const button = el('button', { class: 'choice card-button', text: b.label, attrs: { type: 'button', 'data-button-id': b.id } });
  button.addEventListener('click', () => {
    button.classList.add('chosen');
    choose({ text: b.value ?? b.label, shown: b.label });
  });
  return button;
}

function media(element: TemplateElement): HTMLElement[] {
  return (element.media ?? []).flatMap((m) => {
    const url = safeUrl(m.url);
    if (!url) return [];
    // An animation is often a GIF, which only an image plays.
    const player = /\.(gif|webp|png)$/i.test(new URL(url).pathname)
      ? el('img', { attrs: { src: url, alt: element.title ?? '' } })
      : m.kind === 'audio'
        ? el('audio', { attrs: { src: url, controls: '', preload: 'none' } })
        : el('video', { attrs: { src: url, controls: '', preload: 'none', poster: safeUrl(element.imageUrl) } });
    // The address stays visible too: a customer whose browser cannot play it can still open it.
    return [el('div', { class: 'card-media' }, player, el('a', { class: 'card-media-link', attrs: { href: url, target: '_blank', rel: 'noopener noreferrer' }, text: new URL(url).pathname.split('/').pop() || url }))];
  });
}

function templateCard(element: TemplateElement, choose: ChooseHandler): HTMLElement {
  const image = element.media?.length ? undefined : safeUrl(element.imageUrl);
  const open = safeUrl(element.url);
  const title = element.title ? el('h3', { class: 'card-title' }, open ? el('a', { attrs: { href: open, target: '_blank', rel: 'noopener noreferrer' }, text: element.title }) : element.title) : undefined;
  const buttons = element.buttons ?? [];
  return el(
    'li',
    { class: 'template-card', attrs: { 'data-element-id': element.id } },
    image ? el('img', { attrs: { src: image, alt: '' } }) : undefined,
    ...media(element),
    title,
    element.subtitle ? el('p', { class: 'card-subtitle', text: element.subtitle }) : undefined,
    element.text ? el('p', { class: 'card-text', text: element.text }) : undefined,
    buttons.length > 0 ? el('div', { class: 'choices card-buttons' }, ...buttons.map((b) => (b.type === 'url' ? linkButton(b) : replyButton(b, choose)))) : undefined,
  );
}

/** A richMessage.template: its cards in a list, a carousel scrolling sideways. */
export function templateCards(message: HubMessage, choose: ChooseHandler): HTMLElement {
  const c = message.content ?? {};
  const carousel = c.layout === 'carousel';
  return el('ul', { class: `template ${carousel ? 'template-carousel' : 'template-list'}`, attrs: { 'data-layout': carousel ? 'carousel' : 'list' } }, ...(c.elements ?? []).map((e) => templateCard(e, choose)));
}

/** A richMessage.authentication: its title and the sign-in link as a button. */
export function signInCard(message: HubMessage): HTMLElement {
  const c = message.content ?? {};
  const url = safeUrl(c.url);
  return el(
    'div',
    { class: 'template-card sign-in' },
    c.title ? el('h3', { class: 'card-title', text: c.title }) : undefined,
    url ? linkButton({ id: 'sign-in', type: 'url', label: c.label ?? c.title ?? url, url }) : el('p', { class: 'card-text', text: c.label ?? '' }),
  );
}
