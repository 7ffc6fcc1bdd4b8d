/**
 * Turns what the customer receives (hub messages, state changes) into list items of the chat
 * log: text, quick replies as buttons, list pickers as radio or check-box lists with a send
 * button, rich links as cards, templates and sign-in cards (chatCards.ts), and notices for
 * escalation and the end. The content shapes are
 * those of src/schemas/hubMessages.ts (imported for their types only: nothing of the server
 * runs in the browser).
 */
import type { HubMessage } from '../../../schemas/hubMessages.js';
import { el, safeUrl } from './dom.js';
import { t } from './chatText.js';
import { linkedText } from './chatLinks.js';
import { signInCard, templateCards } from './chatCards.js';

/** What a click on a choice sends (`text`, as the bot reads it) and shows (`shown`). */
export interface Choice {
  text: string;
  shown: string;
}

export type ChooseHandler = (choice: Choice) => void;

type Who = 'you' | 'bot' | 'agent';

function whoOf(message: HubMessage): Who {
  const type = message.sender.type;
  if (type === 'customer') return 'you';
  return type.endsWith('_agent') ? 'agent' : 'bot';
}

function item(who: Who | 'system', type: string, ...children: (Node | undefined)[]): HTMLLIElement {
  const label = who === 'system' ? undefined : el('span', { class: 'visually-hidden', attrs: { 'data-text': who }, text: t(who) });
  return el('li', { class: `msg ${who}`, attrs: { 'data-type': type } }, label, ...children);
}

function bubble(text: string | undefined): HTMLElement | undefined {
  return text ? el('p', { class: 'bubble' }, ...linkedText(text)) : undefined;
}

/** The customer's own message, shown at once; `pending` until the hub accepted it. */
export function customerItem(shown: string): HTMLLIElement {
  const li = item('you', 'text', bubble(shown));
  li.classList.add('pending');
  return li;
}

export function noticeItem(kind: 'escalated' | 'active' | 'completed' | 'error', text: string): HTMLLIElement {
  return item('system', kind, el('p', { class: `notice notice-${kind}`, text }));
}

function quickReplies(message: HubMessage, choose: ChooseHandler): HTMLElement {
  const options = message.content?.quickReplies ?? [];
  const group = el('div', { class: 'choices quick-replies', attrs: { role: 'group', 'aria-label': t('quickReplies') } });
  for (const o of options) {
    const button = el('button', { class: 'choice', text: o.label, attrs: { type: 'button' } });
    button.addEventListener('click', () => {
      button.classList.add('chosen'); // stays marked once the choices are spent
      choose({ text: o.value ?? o.label, shown: o.label });
    });
    group.append(button);
  }
  return group;
}

/** The page's own words for the hub's agent notices; undefined for a state it has none for. */
function agentNotice(message: HubMessage): string | undefined {
  const name = (message.sender as { name?: string } | undefined)?.name || t('anAgent');
  const type = message.type.value;
  if (type === 'agent.join') return t('agentJoined', { name });
  if (type === 'agent.unavailable') return t('agentUnavailable');
  return (message.content as { state?: string } | undefined)?.state === 'bot' ? t('agentLeft', { name }) : undefined;
}

let pickerCount = 0;

function listPicker(message: HubMessage, choose: ChooseHandler): HTMLElement {
  const content = message.content ?? {};
  const multi = content.multiSelect === true;
  const name = `picker-${++pickerCount}`;
  const hint = el('p', { class: 'picker-hint', attrs: { id: `${name}-hint`, role: 'alert' } });
  const title = content.title && content.title !== content.text ? content.title : content.text ?? '';
  const legend = el('legend', { class: content.title && content.title !== content.text ? '' : 'visually-hidden', text: title });
  const fieldset = el('fieldset', {}, legend);
  for (const [i, it] of (content.items ?? []).entries()) {
    const id = `${name}-${i}`;
    const input = el('input', { attrs: { type: multi ? 'checkbox' : 'radio', name, id, value: it.id, 'data-title': it.title, 'aria-describedby': it.subtitle ? `${id}-sub` : undefined } });
    const label = el('label', { class: 'option', attrs: { for: id } }, input, el('span', { class: 'option-title', text: it.title }));
    if (it.subtitle) label.append(el('span', { class: 'option-sub', text: it.subtitle, attrs: { id: `${id}-sub` } }));
    fieldset.append(label);
  }
  const submit = el('button', { class: 'primary', attrs: { type: 'submit', 'data-text': multi ? 'sendChoices' : 'sendChoice' }, text: t(multi ? 'sendChoices' : 'sendChoice') });
  const form = el('form', { class: 'choices picker', attrs: { 'data-multi': String(multi) } }, fieldset, submit, hint);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const picked = [...form.querySelectorAll<HTMLInputElement>('input:checked')];
    if (picked.length === 0) {
      hint.textContent = t(multi ? 'pickSome' : 'pickOne');
      return;
    }
    hint.textContent = '';
    // The bot reads answers by id; several are sent as one text, comma separated (answerParsing.ts).
    choose({ text: picked.map((p) => p.value).join(', '), shown: picked.map((p) => p.dataset.title ?? p.value).join(', ') });
  });
  return form;
}

function richLink(message: HubMessage): HTMLElement | undefined {
  const c = message.content ?? {};
  const url = safeUrl(c.url);
  if (!url) return bubble(c.title ?? c.text);
  const image = safeUrl(c.imageUrl);
  return el(
    'a',
    { class: 'card', attrs: { href: url, target: '_blank', rel: 'noopener noreferrer' } },
    image ? el('img', { attrs: { src: image, alt: '' } }) : undefined,
    el('span', { class: 'card-title', text: c.title ?? url }),
    c.description ? el('span', { class: 'card-desc', text: c.description }) : undefined,
    el('span', { class: 'card-url', text: new URL(url).host }),
    el('span', { class: 'visually-hidden', text: ` ${t('opensNewTab')}` }),
  );
}

function pagePush(message: HubMessage): HTMLElement {
  const url = safeUrl(message.content?.pageUrl);
  return el(
    'p',
    { class: 'bubble' },
    message.content?.text ? `${message.content.text} ` : `${t('pagePush')} `,
    url ? el('a', { attrs: { href: url, target: '_blank', rel: 'noopener noreferrer' }, text: url }) : '',
  );
}

/** The list item for a message the customer received; undefined for typing indicators. */
export function messageItem(message: HubMessage, choose: ChooseHandler): HTMLLIElement | undefined {
  const type = message.type.value;
  const who = whoOf(message);
  const text = message.content?.text;
  switch (type) {
    case 'typing.start':
    case 'typing.end':
      return undefined;
    case 'text':
    case 'error':
    case 'escalation.transfer':
      return text ? item(who, type, bubble(text)) : undefined;
    case 'conversation.end':
      return text ? item(who, type, bubble(text)) : undefined;
    case 'agent.join':
    case 'agent.unavailable':
    case 'conversation.state':
      // What becomes of a handover (H1), said in the page's language (U2), not the hub's words.
      return item(who, type, el('p', { class: 'notice notice-agent', text: agentNotice(message) ?? text ?? type }));
    case 'richMessage.quickreply':
      return item(who, type, bubble(text), quickReplies(message, choose));
    case 'richMessage.listpicker':
      return item(who, type, bubble(text), listPicker(message, choose));
    case 'richMessage.richlink':
      return item(who, type, text && text !== message.content?.title ? bubble(text) : undefined, richLink(message));
    case 'richMessage.template':
      return item(who, type, bubble(text), templateCards(message, choose));
    case 'richMessage.authentication':
      return item(who, type, bubble(text), signInCard(message));
    case 'pagePush':
      return item(who, type, pagePush(message));
    default:
      // Types this page does not draw (forms, payments, agent events): their text, and the type.
      return item(who, type, bubble(text ? `${text} [${type}]` : `[${type}]`));
  }
}

/** Choices of earlier messages are spent once the customer says anything. */
export function disableChoices(root: HTMLElement): void {
  for (const node of root.querySelectorAll<HTMLButtonElement | HTMLInputElement>('.choices button, .choices input')) node.disabled = true;
}
